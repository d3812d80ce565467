import { fieldIgnored } from '../../../../src/dialects/claude/rules/field-ignored.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const ONCE = '{ "hooks": { "SessionStart": [{ "hooks": [{ "type": "command", "command": "./setup.sh", "once": true }] }] } }';
const TWO =
  '{ "hooks": { "Stop": [{ "hooks": [{ "type": "prompt", "prompt": "p", "once": false }, ' +
  '{ "once": true, "type": "http", "url": "http://x/" }] }] } }';

new RuleTester().run(fieldIgnored, {
  valid: [
    {
      name: 'a settings hook without once',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "SessionStart": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
    {
      name: 'a dialect that has no such field (unknown-key reports it)',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "once": true }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'once in project settings: honoured only in skill frontmatter (cc hooks §Common fields)',
      files: { [CLAUDE_SETTINGS]: ONCE },
      errors: [
        {
          messageId: 'ignored',
          ...positionOf(ONCE, '"once"'),
          message: '"once" is honoured only in skill frontmatter; in this file the agent ignores it; remove it',
        },
      ],
    },
    {
      name: 'once on any handler type, true or false, in local settings',
      files: { 'project/.claude/settings.local.json': TWO },
      errors: [
        { messageId: 'ignored', ...positionOf(TWO, '"once"'), data: { field: 'once', where: 'skill frontmatter' } },
        { messageId: 'ignored', ...positionOf(TWO, '"once"', 2), data: { field: 'once', where: 'skill frontmatter' } },
      ],
    },
  ],
});
