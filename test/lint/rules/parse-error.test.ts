import { parseError } from '../../../src/lint/rules/parse-error.js';
import { OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const NOTHING_LOADED = /syntax error: .+; nothing in this file is loaded$/;

new RuleTester().run(parseError, {
  valid: [
    { name: 'well-formed JSON', files: { [OI_JSON]: '{ "hooks": { "Stop": [] } }\n' } },
    { name: 'well-formed YAML', files: { [OCTO_YAML]: 'hooks:\n  Stop: []\n' } },
    { name: 'well-formed TOML', files: { [OI_TOML]: '[hooks]\nStop = []\n' } },
  ],
  invalid: [
    {
      name: 'malformed JSON, at the syntax error',
      files: { [OI_JSON]: '{\n  "hooks": {,}\n}\n' },
      errors: [{ messageId: 'unreadable', line: 2, column: 13, message: NOTHING_LOADED }],
    },
    {
      name: 'malformed YAML, at the syntax error',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: [unclosed\n' },
      errors: [{ messageId: 'unreadable', line: 4, column: 1, message: NOTHING_LOADED }],
    },
    {
      name: 'malformed TOML, at the syntax error',
      files: { [OI_TOML]: '[[hooks.Stop]]\ntimeout = 30s\n' },
      errors: [{ messageId: 'unreadable', line: 2, column: 13, message: NOTHING_LOADED }],
    },
    {
      name: 'a named file that cannot be read (a directory in its place)',
      files: { [`${OI_JSON}/.keep`]: '' },
      lint: [OI_JSON],
      errors: [
        {
          messageId: 'unreadable',
          line: 1,
          column: 1,
          message: /^cannot read the file: it is a directory, not a regular file; nothing in this file is loaded$/,
        },
      ],
    },
    {
      name: 'a named file that does not exist',
      files: {},
      lint: [OCTO_YAML],
      errors: [
        {
          messageId: 'unreadable',
          line: 1,
          column: 1,
          data: { error: 'the file does not exist' },
          message: 'the file does not exist; nothing in this file is loaded',
        },
      ],
    },
    {
      name: 'a malformed managed requirements file, which fails closed',
      files: { 'etc/requirements.toml': 'allow_managed_hooks_only = yes\n' },
      errors: [
        {
          messageId: 'unreadableManaged',
          line: 1,
          column: 28,
          message: new RegExp(
            '^TOML syntax error: .+; nothing in this file is loaded, ' +
              'and non-managed hooks are held back until this managed requirements file is fixed$',
          ),
        },
      ],
    },
  ],
});
