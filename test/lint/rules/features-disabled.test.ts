import { featuresDisabled } from '../../../src/lint/rules/features-disabled.js';
import { OI_TOML, RuleTester } from '../rule-tester.js';

const USER_TOML = 'home/.openinterpreter/config.toml';
const MESSAGE = 'hooks are disabled by [features] hooks = false: no hook is discovered or run';

// The switch lives only in config.toml.
new RuleTester().run(featuresDisabled, {
  valid: [
    { name: 'hooks left on', files: { [OI_TOML]: '[features]\nhooks = true\n' } },
    { name: 'a project true wins over a user false', files: { [USER_TOML]: '[features]\nhooks = false\n', [OI_TOML]: '[features]\nhooks = true\n' } },
  ],
  invalid: [
    {
      name: 'the switch that turns hooks off',
      files: { [OI_TOML]: 'model = "x"\n\n[features]\nhooks = false\n' },
      errors: [{ messageId: 'hooksOff', line: 4, column: 1, message: MESSAGE }],
    },
    {
      name: 'only the deciding switch: a project false over a user true',
      files: { [USER_TOML]: '[features]\nhooks = true\n', [OI_TOML]: 'features.hooks = false\n' },
      errors: [{ messageId: 'hooksOff', file: OI_TOML, line: 1, column: 10, message: MESSAGE }],
    },
  ],
});
