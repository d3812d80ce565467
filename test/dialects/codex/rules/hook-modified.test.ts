import { hookModified } from '../../../../src/dialects/codex/rules/hook-modified.js';
import { CODEX_JSON, CODEX_USER_TOML, RuleTester } from '../../../lint/rule-tester.js';

/** SPEC-dialects 9.8 test vector: PreToolUse, matcher ^Bash$, `echo hello`, default timeout. */
const ECHO_HELLO = 'sha256:63b52e87a8a4caef01cc989b31ad95ce5f4d3470c9a00e8407847e469cd1b31f';
const KEY = '<root>/project/.codex/hooks.json:pre_tool_use';
const handler = (command: string) => `{ "type": "command", "command": "${command}" }`;
const hooks = (...commands: string[]) =>
  '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "^Bash$", "hooks": [\n' +
  `        ${commands.map(handler).join(',\n        ')}\n` +
  '      ] }\n    ]\n  }\n}\n';
const trusted = (position: number, hash = ECHO_HELLO) => `[hooks.state."${KEY}:0:${position}"]\ntrusted_hash = "${hash}"\n`;
/** The project is trusted, so its hooks load; the rule reads the trust recorded in the user config.toml. */
const trustProject = '[projects."<root>/project"]\ntrust_level = "trusted"\n';

// Codex keys trust by position (codex-rs/hooks/src/lib.rs hook_key; discovery.rs hook_trust_status).
new RuleTester().run(hookModified, {
  valid: [
    {
      name: 'a hook trusted where it is',
      files: { [CODEX_JSON]: hooks('echo hello'), [CODEX_USER_TOML]: trustProject + trusted(0) },
      effective: true,
    },
    {
      name: 'a hook never trusted is not reported here (trust reviews it)',
      files: { [CODEX_JSON]: hooks('echo hello'), [CODEX_USER_TOML]: trustProject },
      effective: true,
    },
    { name: 'no user config at all', files: { [CODEX_JSON]: hooks('echo hello') }, effective: true },
    {
      name: "a named file: the user's trust is not read",
      files: { [CODEX_JSON]: hooks('echo goodbye'), [CODEX_USER_TOML]: trusted(0) },
      lint: [CODEX_JSON],
    },
  ],
  invalid: [
    {
      name: 'a hook edited after it was trusted',
      files: { [CODEX_JSON]: hooks('echo goodbye'), [CODEX_USER_TOML]: trustProject + trusted(0) },
      effective: true,
      errors: [
        {
          messageId: 'changed',
          file: CODEX_JSON,
          line: 5,
          column: 9,
          message: `this hook changed since it was trusted at ${KEY}:0:0: the agent skips it until it is trusted again (\`hookctl trust\`)`,
        },
      ],
    },
    {
      name: 'a hook put before the trusted one moves its trust',
      files: { [CODEX_JSON]: hooks('echo first', 'echo hello'), [CODEX_USER_TOML]: trustProject + trusted(0) },
      effective: true,
      errors: [
        { messageId: 'changed', file: CODEX_JSON, line: 5, column: 9, data: { key: `${KEY}:0:0` } },
        {
          messageId: 'moved',
          file: CODEX_JSON,
          line: 6,
          column: 9,
          message:
            `this hook was trusted at ${KEY}:0:0, not at its position ${KEY}:0:1: the agent keys trust by position, ` +
            `so it skips the hook until it is trusted here (\`hookctl trust\`)`,
        },
      ],
    },
  ],
});
