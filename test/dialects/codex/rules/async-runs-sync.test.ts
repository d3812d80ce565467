import { asyncRunsSync } from '../../../../src/dialects/codex/rules/async-runs-sync.js';
import { CODEX_JSON, CODEX_TOML, RuleTester } from '../../../lint/rule-tester.js';

const sessionEnd = (handler: string) => `{ "hooks": { "SessionEnd": [{ "hooks": [${handler}] }] } }\n`;

// Codex: codex-rs/hooks/src/engine/discovery.rs runs an async SessionEnd hook synchronously, with a warning.
new RuleTester().run(asyncRunsSync, {
  valid: [
    { name: 'a synchronous SessionEnd hook', files: { [CODEX_JSON]: sessionEnd('{ "type": "command", "command": "echo bye" }') } },
    { name: 'async: false', files: { [CODEX_JSON]: sessionEnd('{ "type": "command", "command": "echo bye", "async": false }') } },
    {
      name: 'async on an event that allows it',
      files: { [CODEX_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x", "async": true }] }] } }\n' },
    },
  ],
  invalid: [
    {
      name: 'async: true on SessionEnd in hooks.json',
      files: { [CODEX_JSON]: sessionEnd('{ "type": "command", "command": "echo bye", "async": true }') },
      errors: [
        {
          messageId: 'runsSync',
          line: 1,
          column: 94,
          data: { event: 'SessionEnd' },
          message: 'async: true has no effect on SessionEnd: the agent runs SessionEnd hooks synchronously; remove it',
        },
      ],
    },
    {
      name: 'and in config.toml',
      files: { [CODEX_TOML]: '[[hooks.SessionEnd]]\n[[hooks.SessionEnd.hooks]]\ntype = "command"\ncommand = "echo bye"\nasync = true\n' },
      errors: [{ messageId: 'runsSync', line: 5, column: 9 }],
    },
  ],
});
