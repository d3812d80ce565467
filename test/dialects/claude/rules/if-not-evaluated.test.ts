import { ifNotEvaluated } from '../../../../src/dialects/claude/rules/if-not-evaluated.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const TOOL_EVENTS = 'PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest, PermissionDenied';
const ON_STOP =
  '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "if": "Bash(rm *)", "command": "./check.sh" }] }]\n  }\n}\n';
const USER =
  '{ "hooks": {\n"UserPromptSubmit": [{ "hooks": [{ "type": "prompt", "prompt": "p", "if": "Read" }] }],\n' +
  '"SessionStart": [{ "hooks": [{ "if": "Bash", "type": "command", "command": "x" }] }]\n} }';

new RuleTester().run(ifNotEvaluated, {
  valid: [
    {
      name: 'if on each tool event (cc hooks-guide "Filter by tool name and arguments")',
      files: {
        [CLAUDE_SETTINGS]: JSON.stringify({
          hooks: Object.fromEntries(
            TOOL_EVENTS.split(', ').map((event) => [
              event,
              [{ matcher: 'Bash', hooks: [{ type: 'command', if: 'Bash(git *)', command: 'x' }] }],
            ]),
          ),
        }),
      },
    },
    {
      name: 'a Stop hook without if',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
    {
      name: 'an unknown event is unknown-event’s business',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "Stopp": [{ "hooks": [{ "type": "command", "command": "x", "if": "Bash" }] }] } }' },
    },
    {
      name: 'a dialect without the field (unknown-key reports it)',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "if": "Bash" }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'if on Stop: the handler never runs',
      files: { [CLAUDE_SETTINGS]: ON_STOP },
      errors: [
        {
          messageId: 'neverRuns',
          ...positionOf(ON_STOP, '"if"'),
          data: { field: 'if', events: TOOL_EVENTS, event: 'Stop' },
          message:
            `"if" is evaluated only on ${TOOL_EVENTS}; on Stop a handler that sets it never runs; ` +
            'remove "if" or move the handler to a tool event',
        },
      ],
    },
    {
      name: 'if on UserPromptSubmit and SessionStart, in the user settings',
      files: { 'home/.claude/settings.json': USER },
      errors: [
        { messageId: 'neverRuns', ...positionOf(USER, '"if"'), data: { field: 'if', events: TOOL_EVENTS, event: 'UserPromptSubmit' } },
        { messageId: 'neverRuns', ...positionOf(USER, '"if"', 2), data: { field: 'if', events: TOOL_EVENTS, event: 'SessionStart' } },
      ],
    },
  ],
});
