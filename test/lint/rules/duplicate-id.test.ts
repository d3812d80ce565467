import { duplicateId } from '../../../src/lint/rules/duplicate-id.js';
import { OCTO_YAML, OI_JSON, OI_TOML, ROOT, RuleTester } from '../rule-tester.js';

const USER_JSON = 'home/.openinterpreter/hooks.json';
const handler = (command: string, id?: string) =>
  `{ "type": "command", "command": "${command}"${id === undefined ? '' : `, "id": "${id}"`} }`;
const hooksJson = (...handlers: string[]) =>
  `{\n  "hooks": {\n    "Stop": [{ "hooks": [\n      ${handlers.join(',\n      ')}\n    ] }]\n  }\n}\n`;
/** The message for a later declaration of `id` whose first declaration is at `<root>/<first>`. */
const later = (id: string, first: string) =>
  `id "${id}" is already declared at ${ROOT}/${first}; ` +
  `later hooks with it get a numbered suffix ("${id}#2", …), so trust, disable and enable by "${id}" reach only the first`;

new RuleTester().run(duplicateId, {
  valid: [
    {
      name: 'distinct ids and hooks without ids',
      files: { [OI_JSON]: hooksJson(handler('a', 'one'), handler('b', 'two'), handler('c'), handler('d')) },
    },
    { name: 'octo, which has no ids', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: a\n    - command: a\n' } },
  ],
  invalid: [
    {
      name: 'an id declared twice in one JSON file, at the later id, naming where the first is',
      files: { [OI_JSON]: hooksJson(handler('a', 'guard'), handler('b'), handler('c', 'guard')) },
      errors: [
        {
          messageId: 'alreadyDeclared',
          line: 6,
          column: 50,
          data: { id: '"guard"', first: `${ROOT}/${OI_JSON}:4:50`, suffixed: '"guard#2"' },
          message: later('guard', `${OI_JSON}:4:50`),
        },
      ],
    },
    {
      name: 'a project hook in TOML that reuses the id of a user hook',
      files: {
        [USER_JSON]: hooksJson(handler('./guard.sh', 'guard')),
        [OI_TOML]:
          '[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "./lint.sh"\nid = "guard"\n',
      },
      errors: [{ messageId: 'alreadyDeclared', file: OI_TOML, line: 6, column: 6, message: later('guard', `${USER_JSON}:4:59`) }],
    },
    {
      name: 'every later declaration, against the first',
      files: { [OI_JSON]: hooksJson(handler('a', 'x'), handler('b', 'x'), handler('c', 'x')) },
      errors: [
        { messageId: 'alreadyDeclared', line: 5, column: 50, message: later('x', `${OI_JSON}:4:50`) },
        { messageId: 'alreadyDeclared', line: 6, column: 50, message: later('x', `${OI_JSON}:4:50`) },
      ],
    },
  ],
});
