import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

const USER_JSON = 'home/.openinterpreter/hooks.json';
const handler = (command: string, id?: string) =>
  `{ "type": "command", "command": "${command}"${id === undefined ? '' : `, "id": "${id}"`} }`;
const hooksJson = (...handlers: string[]) => `{\n  "hooks": {\n    "Stop": [{ "hooks": [\n      ${handlers.join(',\n      ')}\n    ] }]\n  }\n}\n`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The message for a later declaration of `id`; the first is at `<sandbox>/<first>:<line>:<column>`. */
const later = (id: string, first: string, line: number, column: number) =>
  expect.stringMatching(
    new RegExp(
      `^id "${id}" is already declared at /.*/${escape(`${first}:${line}:${column}`)}; ` +
        escape(`later hooks with it get a numbered suffix ("${id}#2", …), so trust, disable and enable by "${id}" reach only the first`) + '$',
    ),
  );

describe('duplicate-id', () => {
  it('reports an id declared twice in one JSON file, at the later id, naming where the first is', async () => {
    const findings = await findingsOf('duplicate-id', [{ path: OI_JSON, content: hooksJson(handler('a', 'guard'), handler('b'), handler('c', 'guard')) }]);
    expect(findings).toEqual([[6, 50, later('guard', OI_JSON, 4, 50)]]);
  });

  it('reports a project hook that reuses the id of a user hook, in TOML', async () => {
    const findings = await findingsOf('duplicate-id', [
      { path: USER_JSON, content: hooksJson(handler('./guard.sh', 'guard')) },
      { path: OI_TOML, content: '[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "./lint.sh"\nid = "guard"\n' },
    ]);
    expect(findings).toEqual([[6, 6, later('guard', USER_JSON, 4, 59)]]);
  });

  it('reports every later declaration against the first', async () => {
    const findings = await findingsOf('duplicate-id', [{ path: OI_JSON, content: hooksJson(handler('a', 'x'), handler('b', 'x'), handler('c', 'x')) }]);
    expect(findings).toEqual([
      [5, 50, later('x', OI_JSON, 4, 50)],
      [6, 50, later('x', OI_JSON, 4, 50)],
    ]);
  });

  it.each([
    ['distinct ids and hooks without ids', OI_JSON, hooksJson(handler('a', 'one'), handler('b', 'two'), handler('c'), handler('d'))],
    ['octo, which has no ids', OCTO_YAML, 'hooks:\n  Stop:\n    - command: a\n    - command: a\n'],
  ])('accepts %s', async (_name, path, content) => {
    expect(await findingsOf('duplicate-id', [{ path, content }])).toEqual([]);
  });
});
