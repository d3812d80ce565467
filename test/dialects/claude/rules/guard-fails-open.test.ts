import { guardFailsOpen } from '../../../../src/dialects/claude/rules/guard-fails-open.js';
import { CLAUDE_CODE } from '../../../../src/dialects/claude/agent-version.js';
import { CLAUDE_SETTINGS, CODEX_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const settings = (event: string, handler: object, matcher = 'Bash') =>
  `{\n  "hooks": {\n    "${event}": [\n      { "matcher": "${matcher}", "hooks": [${JSON.stringify(handler)}] }\n    ]\n  }\n}\n`;
const guard = (extra: object = {}) => ({ type: 'command', command: './guard.sh', ...extra });
const OPEN = settings('PreToolUse', guard());
const PROMPT_OPEN = settings('UserPromptSubmit', { type: 'http', url: 'https://example.com/hook' }, '');
const ASYNC = settings('PermissionRequest', guard({ async: true, onFailure: 'block' }));

new RuleTester().run(guardFailsOpen, {
  valid: [
    { name: 'onFailure "block" on a guard', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', guard({ onFailure: 'block' })) } },
    {
      name: 'onFailure "continue": failing open on purpose',
      files: { [CLAUDE_SETTINGS]: settings('PreToolUse', guard({ onFailure: 'continue' })) },
    },
    { name: 'PostToolUse reacts after the fact: not a guard', files: { [CLAUDE_SETTINGS]: settings('PostToolUse', guard()) } },
    { name: 'Stop ignores onFailure', files: { [CLAUDE_SETTINGS]: settings('Stop', guard(), '') } },
    { name: 'a prompt hook takes no onFailure', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', { type: 'prompt', prompt: 'safe?' }) } },
    { name: 'an async hook without onFailure is no guard', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', guard({ async: true })) } },
    { name: 'codex has no onFailure "block"', files: { [CODEX_JSON]: settings('PreToolUse', guard()) } },
  ],
  invalid: [
    {
      name: 'a PreToolUse command guard without onFailure',
      files: { [CLAUDE_SETTINGS]: OPEN },
      errors: [
        {
          messageId: 'failsOpen',
          ...positionOf(OPEN, '{"type"'),
          message:
            `when this PreToolUse hook fails or times out, ${CLAUDE_CODE} lets the action through; ` +
            'set "onFailure": "block" so that a failure blocks it',
        },
      ],
    },
    {
      name: 'an http guard on UserPromptSubmit',
      files: { [CLAUDE_SETTINGS]: PROMPT_OPEN },
      errors: [
        {
          messageId: 'failsOpen',
          ...positionOf(PROMPT_OPEN, '{"type"'),
          data: { agent: `${CLAUDE_CODE}`, field: 'onFailure', value: 'block', event: 'UserPromptSubmit' },
        },
      ],
    },
    {
      name: 'onFailure "block" on an async hook is ignored',
      files: { [CLAUDE_SETTINGS]: ASYNC },
      errors: [{ messageId: 'failsOpenAsync', ...positionOf(ASYNC, '"block"') }],
    },
  ],
});
