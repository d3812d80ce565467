import { describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../src/config/nesting-limit.js';
import { parseToml } from '../../src/config/parse-toml.js';
import { getEntry, type SourceNode, type SourceObject } from '../../src/config/source-tree.js';

const asObject = (node: SourceNode | null | undefined): SourceObject => {
  if (node?.kind !== 'object') throw new Error(`expected an object, got ${node?.kind}`);
  return node;
};
const at = (object: SourceObject, ...path: (string | number)[]): SourceNode => {
  let node: SourceNode = object;
  for (const step of path) {
    if (typeof step === 'number') {
      if (node.kind !== 'array') throw new Error(`expected an array at ${step}`);
      node = node.items[step]!;
    } else node = getEntry(asObject(node), step)!.value;
  }
  return node;
};
/** The plain value of a tree, to compare structure without positions. */
const plain = (node: SourceNode): unknown =>
  node.kind === 'scalar'
    ? node.value
    : node.kind === 'array'
      ? node.items.map(plain)
      : Object.fromEntries(node.entries.map((entry) => [entry.key, plain(entry.value)]));

describe('parseToml', () => {
  it('builds hooks from arrays of tables, with positions for the tables, keys and values', () => {
    const text = [
      '[features]',
      'hooks = true',
      '',
      '[[hooks.PreToolUse]]',
      'matcher = "^Bash$"',
      '',
      '[[hooks.PreToolUse.hooks]]',
      'type = "command"',
      'command = "./guard.sh"',
      'timeout = 30',
      '',
      '[[hooks.PreToolUse]]',
      'matcher = "Edit"',
      '[[hooks.PreToolUse.hooks]]',
      'command = "./edit.sh"',
      '',
    ].join('\n');
    const file = parseToml(text, '/p/config.toml');
    expect(file).toMatchObject({ format: 'toml', errors: [], duplicateKeys: [] });
    const root = asObject(file.root);
    expect(plain(root)).toEqual({
      features: { hooks: true },
      hooks: {
        PreToolUse: [
          { matcher: '^Bash$', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] },
          { matcher: 'Edit', hooks: [{ command: './edit.sh' }] },
        ],
      },
    });
    expect(getEntry(root, 'hooks')!.keyPos).toMatchObject({ line: 4, column: 3 });
    expect(getEntry(asObject(at(root, 'hooks')), 'PreToolUse')!.keyPos).toMatchObject({ line: 4, column: 9 });
    expect(at(root, 'hooks', 'PreToolUse', 1).pos).toMatchObject({ line: 12, column: 1 });
    const handler = asObject(at(root, 'hooks', 'PreToolUse', 0, 'hooks', 0));
    expect(handler.pos).toMatchObject({ line: 7, column: 1 });
    expect(getEntry(handler, 'command')).toMatchObject({
      keyPos: { line: 9, column: 1 },
      value: { value: './guard.sh', pos: { line: 9, column: 11 } },
    });
    expect(getEntry(handler, 'timeout')!.value.pos).toMatchObject({ line: 10, column: 11 });
    expect(text.slice(getEntry(handler, 'timeout')!.value.pos.offset)).toMatch(/^30\n/);
  });

  it('builds objects from dotted keys, quoted keys and inline tables', () => {
    const text = 'a.b.c = 1\n"quoted key".x = "y"\n[t]\ninline = { p = 1, q.r = [1, { s = true }] }\n[a.d]\ne = 2\n';
    const root = asObject(parseToml(text, '/x.toml').root);
    expect(plain(root)).toEqual({
      a: { b: { c: 1 }, d: { e: 2 } },
      'quoted key': { x: 'y' },
      t: { inline: { p: 1, q: { r: [1, { s: true }] } } },
    });
    expect(getEntry(asObject(at(root, 'a')), 'b')!.keyPos).toMatchObject({ line: 1, column: 3 });
    expect(getEntry(root, 'quoted key')!.keyPos).toMatchObject({ line: 2, column: 1 });
    expect(getEntry(asObject(at(root, 't', 'inline', 'q')), 'r')!.value.pos).toMatchObject({ line: 4, column: 25 });
  });

  it('adds an explicit [table] to one that a dotted header created implicitly', () => {
    const root = asObject(parseToml('[x.y]\na = 1\n[x]\nb = 2\n', '/x.toml').root);
    expect(plain(root)).toEqual({ x: { y: { a: 1 }, b: 2 } });
  });

  it.each([
    ['an offset date-time', 'v = 1979-05-27T07:32:00Z', '1979-05-27T07:32:00Z'],
    ['a local date', 'v = 1979-05-27', '1979-05-27'],
    ['a local time', 'v = 07:32:00', '07:32:00'],
    ['a float', 'v = 1.5', 1.5],
    ['a hex integer', 'v = 0xff', 255],
    ['a multi-line string', 'v = """\nline"""', 'line'],
    ['a literal string', "v = 'C:\\path'", 'C:\\path'],
  ])('reads %s', (_name, text, value) => {
    expect(at(asObject(parseToml(text, '/x.toml').root), 'v')).toMatchObject({ kind: 'scalar', value });
  });

  it.each([
    ['a key defined twice', 'a = 1\na = 2\n', 'defining a key multiple times is invalid', 2, 1],
    ['a table defined twice', '[t]\n[t]\n', 'defining a key multiple times is invalid', 2, 2],
    ['a dotted key redefining a table', 'a.b = 1\n[a]\nb = 2\n', 'defining a key multiple times is invalid', 2, 2],
    ['a missing value', 'a =\n', 'unspecified values are invalid', 2, 1],
    ['an unterminated string', 'a = "x\n', 'unterminated string constant', 1, 7],
    ['a trailing comma in an inline table', 'a = { b = 1, }\n', 'trailing comma', 1, 14],
  ])('reports %s as a syntax error with its position and no tree', (_name, text, message, line, column) => {
    const file = parseToml(text, '/x.toml');
    expect(file.root).toBeNull();
    expect(file.duplicateKeys).toEqual([]);
    expect(file.errors).toHaveLength(1);
    expect(file.errors[0]!.message).toMatch(/^TOML syntax error: /);
    expect(file.errors[0]!.message.toLowerCase()).toContain(message);
    expect(file.errors[0]!.pos).toMatchObject({ line, column });
  });

  it('reads an empty file as an empty table', () => {
    expect(parseToml('', '/x.toml')).toMatchObject({
      errors: [],
      root: { kind: 'object', entries: [], pos: { line: 1, column: 1, offset: 0 } },
    });
  });

  it('counts columns in UTF-16 code units after non-ASCII text', () => {
    const root = asObject(parseToml('a = { e = "😀", "ü" = 1, k = 2 }\n', '/x.toml').root);
    expect(getEntry(asObject(at(root, 'a')), 'k')!.keyPos).toMatchObject({ line: 1, column: 26 });
  });

  it('counts lines the same with CRLF line endings', () => {
    const file = parseToml('[[hooks.Stop]]\r\n[[hooks.Stop.hooks]]\r\ncommand = "x"\r\n', '/x.toml');
    const handler = asObject(at(asObject(file.root), 'hooks', 'Stop', 0, 'hooks', 0));
    expect(getEntry(handler, 'command')).toMatchObject({
      keyPos: { line: 3, column: 1, offset: 38 },
      value: { value: 'x', pos: { line: 3, column: 11 } },
    });
    expect(parseToml('a = 1\r\na = 2\r\n', '/x.toml').errors[0]!.pos).toMatchObject({ line: 2, column: 1 });
  });

  it.each([
    ['arrays', '[', ']'],
    ['inline tables', '{ b = ', '}'],
  ])('reports %s nested 5000 deep as an error at the bracket past the limit, without overflowing the stack', (_name, opener, closer) => {
    const text =
      `# brackets in comments [[[[ and strings do not count\nx = "[[[[\\"[["\ny = '''{{{{'''\n` +
      `a = ${opener.repeat(5000)}1${closer.repeat(5000)}\n`;
    const file = parseToml(text, '/x.toml');
    expect(file.root).toBeNull();
    const lineStart = text.indexOf('a = ');
    const offset = lineStart + 4 + MAX_NESTING * opener.length;
    expect(file.errors).toEqual([
      {
        message: `TOML error: arrays and objects nested more than ${MAX_NESTING} levels deep here; a hooks config never needs that`,
        pos: { line: 4, column: offset - lineStart + 1, offset },
      },
    ]);
  });

  it.each([
    ['arrays', `a = ${'['.repeat(MAX_NESTING)}1${']'.repeat(MAX_NESTING)}\n`],
    ['brackets inside multi-line strings', `a = """${'['.repeat(5000)}\\""""\nb = '''${'{'.repeat(5000)}''''\nc = 'x'\n`],
  ])('reads %s up to the limit', (_name, text) => {
    expect(parseToml(text, '/x.toml')).toMatchObject({ errors: [], root: { kind: 'object' } });
  });
});
