import { featuresDisabled } from '../../../src/lint/rules/features-disabled.js';
import { CODEX_USER_TOML, OI_TOML, RuleTester } from '../rule-tester.js';

const USER_TOML = 'home/.openinterpreter/config.toml';
const MANAGED_TOML = 'etc/requirements.toml';
const LOCAL_OFF =
  'user, project and plugin hooks are disabled by [features] hooks = false; ' +
  'managed hooks still run (only the managed requirements file can turn them off)';
const ALL_OFF =
  'every hook, managed ones included, is disabled by [features] hooks = false in the managed requirements file: ' +
  'no hook is discovered or run';
const PINNED = '[features] hooks = false is ignored: the managed requirements file pins [features] hooks = true';

// The switch lives in config.toml (user, project) and in the managed requirements file (SPEC 2.1).
new RuleTester().run(featuresDisabled, {
  valid: [
    { name: 'hooks left on', files: { [OI_TOML]: '[features]\nhooks = true\n' } },
    {
      name: 'a project true wins over a user false',
      files: { [USER_TOML]: '[features]\nhooks = false\n', [OI_TOML]: '[features]\nhooks = true\n' },
    },
    { name: 'a managed true alone', files: { [MANAGED_TOML]: '[features]\nhooks = true\n' } },
  ],
  invalid: [
    {
      name: 'the switch that turns user, project and plugin hooks off',
      files: { [OI_TOML]: 'model = "x"\n\n[features]\nhooks = false\n' },
      errors: [{ messageId: 'nonManagedOff', line: 4, column: 1, message: LOCAL_OFF }],
    },
    {
      name: 'only the deciding switch: a project false over a user true',
      files: { [USER_TOML]: '[features]\nhooks = true\n', [OI_TOML]: 'features.hooks = false\n' },
      errors: [{ messageId: 'nonManagedOff', file: OI_TOML, line: 1, column: 10, message: LOCAL_OFF }],
    },
    {
      name: 'the managed file turning every hook off, managed ones included',
      files: { [MANAGED_TOML]: '[features]\nhooks = false\n' },
      errors: [{ messageId: 'allOff', file: MANAGED_TOML, line: 2, column: 1, message: ALL_OFF }],
    },
    {
      name: 'a local false ignored because the managed file pins hooks on',
      files: { [MANAGED_TOML]: '[features]\nhooks = true\n', [OI_TOML]: '[features]\nhooks = false\n' },
      errors: [{ messageId: 'localIgnored', file: OI_TOML, line: 2, column: 1, message: PINNED }],
    },
    {
      // Codex (SPEC-dialects 9.1): the merged config decides for every hook, managed ones included;
      // the legacy key codex_hooks counts too (codex-rs/features/src/legacy.rs).
      name: 'a codex user config.toml turning every hook off',
      files: { [CODEX_USER_TOML]: '[features]\ncodex_hooks = false\n' },
      errors: [
        {
          messageId: 'allOffByConfig',
          file: CODEX_USER_TOML,
          line: 2,
          column: 1,
          message: 'every hook, managed ones included, is disabled by [features] hooks = false: no hook is discovered or run',
        },
      ],
    },
  ],
});
