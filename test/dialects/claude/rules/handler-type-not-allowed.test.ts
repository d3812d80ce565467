import { handlerTypeNotAllowed } from '../../../../src/dialects/claude/rules/handler-type-not-allowed.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const MODEL_EVENTS =
  'PermissionDenied, PermissionRequest, PostToolBatch, PostToolUse, PostToolUseFailure, PreToolUse, Stop, SubagentStop, TaskCompleted, ' +
  'TaskCreated, TeammateIdle, UserPromptExpansion, UserPromptSubmit';
const START =
  '{ "hooks": { "SessionStart": [{ "hooks": [\n  { "type": "command", "command": "x" },\n' +
  '  { "type": "mcp_tool", "server": "s", "tool": "t" },\n  { "type": "http", "url": "http://127.0.0.1/" }\n] }] } }';
const MODEL =
  '{ "hooks": {\n"Notification": [{ "hooks": [{ "type": "prompt", "prompt": "p" }] }],\n' +
  '"WorktreeCreate": [{ "hooks": [{ "type": "agent", "prompt": "p" }] }]\n} }';

new RuleTester().run(handlerTypeNotAllowed, {
  valid: [
    {
      name: 'prompt and agent hooks on Stop and PreToolUse, http on Notification (cc hooks §Prompt-based hooks)',
      files: {
        [CLAUDE_SETTINGS]:
          '{ "hooks": { "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "p" }] }], ' +
          '"PreToolUse": [{ "hooks": [{ "type": "agent", "prompt": "p" }] }], ' +
          '"Notification": [{ "hooks": [{ "type": "http", "url": "http://x/" }] }] } }',
      },
    },
    {
      name: 'command and mcp_tool on SessionStart and Setup',
      files: {
        [CLAUDE_SETTINGS]:
          '{ "hooks": { "Setup": [{ "hooks": [{ "type": "command", "command": "x" }, ' +
          '{ "type": "mcp_tool", "server": "s", "tool": "t" }] }] } }',
      },
    },
    {
      name: 'a dialect without per-event types',
      files: { [OI_JSON]: '{ "hooks": { "SessionStart": [{ "hooks": [{ "type": "prompt", "prompt": "p" }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'http on SessionStart: every event but SessionStart and Setup takes http',
      files: { [CLAUDE_SETTINGS]: START },
      errors: [
        {
          messageId: 'notAllowedHere',
          ...positionOf(START, '"http"'),
          message:
            'SessionStart does not support "http" handlers, so this hook never runs; ' +
            '"http" handlers work on every event but SessionStart, Setup',
        },
      ],
    },
    {
      name: 'prompt on Notification, agent on WorktreeCreate: 13 events take them',
      files: { [CLAUDE_SETTINGS]: MODEL },
      errors: [
        {
          messageId: 'notAllowed',
          ...positionOf(MODEL, '"prompt"'),
          data: { event: 'Notification', type: '"prompt"', events: MODEL_EVENTS },
        },
        {
          messageId: 'notAllowed',
          ...positionOf(MODEL, '"agent"'),
          data: { event: 'WorktreeCreate', type: '"agent"', events: MODEL_EVENTS },
        },
      ],
    },
  ],
});
