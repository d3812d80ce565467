import { untrustedProject } from '../../../src/lint/rules/untrusted-project.js';
import { CODEX_JSON, CODEX_TOML, CODEX_USER_TOML, RuleTester } from '../rule-tester.js';

const hooks = '{\n  "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }] }\n}\n';
const trustedProject = (level: string) => `[projects."<root>/project"]\ntrust_level = "${level}"\n`;

/**
 * Codex loads no project config from a project the user has not trusted
 * (codex-rs/config/src/loader/mod.rs disabled_reason_for_decision). The sandbox project is a git
 * root, so it is also the key Codex asks to trust.
 */
new RuleTester().run(untrustedProject, {
  valid: [
    { name: 'hooks in the user layer are not gated', files: { 'home/.codex/hooks.json': hooks }, effective: true },
    { name: 'a project config.toml without hooks', files: { [CODEX_TOML]: 'model = "gpt-5"\n' }, effective: true },
    // Project trust is the user's: a named or repository-wide lint does not depend on HOME.
    { name: "a named project file is not judged by the user's trust", files: { [CODEX_JSON]: hooks } },
  ],
  invalid: [
    {
      name: 'a project nobody trusted',
      files: { [CODEX_JSON]: hooks },
      effective: true,
      errors: [
        {
          messageId: 'notLoaded',
          line: 2,
          column: 3,
          message:
            'these hooks never run: the agent loads no config from this project. To load project-local config, hooks, ' +
            'and exec policies, add <root>/project as a trusted project in <root>/home/.codex/config.toml.',
        },
      ],
    },
    {
      name: 'a project config.toml too',
      files: { [CODEX_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo done"\n' },
      effective: true,
      errors: [{ messageId: 'notLoaded', line: 1, column: 3 }],
    },
  ],
});

// With the user's trust the same project loads; a project marked untrusted says so in Codex's words.
new RuleTester().run(untrustedProject, {
  valid: [{ name: 'a trusted project', files: { [CODEX_JSON]: hooks, [CODEX_USER_TOML]: trustedProject('trusted') }, effective: true }],
  invalid: [
    {
      name: 'a project marked untrusted',
      files: { [CODEX_JSON]: hooks, [CODEX_USER_TOML]: trustedProject('untrusted') },
      effective: true,
      errors: [
        {
          messageId: 'notLoaded',
          file: CODEX_JSON,
          line: 2,
          column: 3,
          message:
            'these hooks never run: the agent loads no config from this project. <root>/project is marked as untrusted in ' +
            '<root>/home/.codex/config.toml. To load project-local config, hooks, and exec policies, mark it trusted.',
        },
      ],
    },
  ],
});
