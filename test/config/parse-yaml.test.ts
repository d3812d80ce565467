import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/config/parse-yaml.js';
import { getEntry, type SourceNode, type SourceObject } from '../../src/config/source-tree.js';

const asObject = (node: SourceNode | null | undefined): SourceObject => {
  if (node?.kind !== 'object') throw new Error(`expected an object, got ${node?.kind}`);
  return node;
};
const at = (object: SourceObject, ...path: string[]) => {
  let entry = getEntry(object, path[0]!)!;
  for (const key of path.slice(1)) entry = getEntry(asObject(entry.value), key)!;
  return entry;
};

describe('parseYaml', () => {
  it('gives every key and value its position, block and flow style alike', () => {
    const text = [
      'hooks:',
      '  PreToolUse:',
      '    - matcher: "terminal"',
      '      command: ./scripts/guard.sh',
      '      timeout: 5s',
      '  Stop: [{ command: notify, async: true }]',
      '',
    ].join('\n');
    const file = parseYaml(text, '/p/.octo/hooks.yml');
    expect(file).toMatchObject({ format: 'yaml', errors: [], duplicateKeys: [] });
    const root = asObject(file.root);
    expect(at(root, 'hooks').keyPos).toEqual({ line: 1, column: 1, offset: 0 });
    const pre = at(root, 'hooks', 'PreToolUse');
    expect(pre.keyPos).toMatchObject({ line: 2, column: 3 });
    if (pre.value.kind !== 'array') throw new Error('not an array');
    const handler = asObject(pre.value.items[0]);
    expect(handler.pos).toMatchObject({ line: 3, column: 7 });
    expect(getEntry(handler, 'matcher')).toMatchObject({
      keyPos: { line: 3, column: 7 },
      value: { value: 'terminal', pos: { line: 3, column: 16 } },
    });
    expect(getEntry(handler, 'command')).toMatchObject({
      keyPos: { line: 4, column: 7 },
      value: { value: './scripts/guard.sh', pos: { line: 4, column: 16 } },
    });
    expect(getEntry(handler, 'timeout')!.value).toMatchObject({ value: '5s', pos: { line: 5, column: 16 } });
    const stop = at(root, 'hooks', 'Stop').value;
    if (stop.kind !== 'array') throw new Error('not an array');
    expect(getEntry(asObject(stop.items[0]), 'async')).toMatchObject({
      keyPos: { line: 6, column: 29 },
      value: { value: true, pos: { line: 6, column: 36 } },
    });
  });

  it.each([
    ['30', 30],
    ['1.5', 1.5],
    ['true', true],
    ['~', null],
    ['null', null],
    ['"30"', '30'],
    ['yes', 'yes'],
    ['2001-12-14', '2001-12-14'],
  ])('reads the scalar %s with the YAML 1.2 core schema', (text, value) => {
    expect(asObject(parseYaml(`v: ${text}\n`, '/x.yml').root).entries[0]!.value).toMatchObject({ kind: 'scalar', value });
  });

  it('keeps duplicate keys and reports the second and later occurrences', () => {
    const text = 'hooks:\n  Stop:\n    - command: a\n      command: b\n  Stop: []\nhooks: {}\n';
    const file = parseYaml(text, '/x.yml');
    expect(file.errors).toEqual([]);
    expect(file.duplicateKeys).toEqual([
      { key: 'command', pos: { line: 4, column: 7, offset: 38 } },
      { key: 'Stop', pos: { line: 5, column: 3, offset: 51 } },
      { key: 'hooks', pos: { line: 6, column: 1, offset: 60 } },
    ]);
    expect(asObject(file.root).entries.map((entry) => entry.key)).toEqual(['hooks', 'hooks']);
  });

  it('resolves aliases to the anchored node, positioned at the anchor', () => {
    const text = 'defaults: &guard\n  command: ./guard.sh\nhooks:\n  PreToolUse:\n    - *guard\n';
    const file = parseYaml(text, '/x.yml');
    expect(file.errors).toEqual([]);
    const list = at(asObject(file.root), 'hooks', 'PreToolUse').value;
    if (list.kind !== 'array') throw new Error('not an array');
    expect(getEntry(asObject(list.items[0]), 'command')).toMatchObject({ keyPos: { line: 2, column: 3 }, value: { value: './guard.sh' } });
  });

  it('honours << merge keys: explicit keys win and are not duplicates', () => {
    const text = 'base: &base\n  command: ./a.sh\n  timeout: 5s\nhook:\n  <<: *base\n  timeout: 10s\n';
    const file = parseYaml(text, '/x.yml');
    expect(file.duplicateKeys).toEqual([]);
    const hook = asObject(at(asObject(file.root), 'hook').value);
    expect(hook.entries.map((entry) => [entry.key, (entry.value as { value: unknown }).value])).toEqual([
      ['command', './a.sh'],
      ['timeout', '10s'],
    ]);
  });

  it('merges a list of mappings with the first one winning', () => {
    const text = 'a: &a { x: 1 }\nb: &b { x: 2, y: 2 }\nc:\n  <<: [*a, *b]\n';
    const c = asObject(at(asObject(parseYaml(text, '/x.yml').root), 'c').value);
    expect(c.entries.map((entry) => [entry.key, (entry.value as { value: unknown }).value])).toEqual([
      ['x', 1],
      ['y', 2],
    ]);
  });

  it.each([
    ['an unterminated quote', 'hooks:\n  Stop: "x\n', 'Missing closing "quote', 3, 1],
    ['a tab used as indentation', 'hooks:\n\t- a\n', 'Tabs are not allowed as indentation', 2, 1],
    ['a nested compact mapping', 'a: b: c\n', 'Nested mappings are not allowed in compact mappings', 1, 4],
    ['several documents', 'a: 1\n---\nb: 2\n', 'Source contains multiple documents', 2, 1],
  ])('reports %s as a syntax error with its position and no tree', (_name, text, message, line, column) => {
    const file = parseYaml(text, '/x.yml');
    expect(file.root).toBeNull();
    expect(file.errors[0]).toEqual({ message: expect.stringContaining(message), pos: expect.objectContaining({ line, column }) });
    expect(file.errors[0]!.message).toMatch(/^YAML syntax error: /);
  });

  it('reports an alias to an undefined anchor', () => {
    const file = parseYaml('hooks:\n  Stop: *missing\n', '/x.yml');
    expect(file.root).toBeNull();
    expect(file.errors).toEqual([{ message: 'YAML error: unknown alias *missing', pos: { line: 2, column: 9, offset: 15 } }]);
  });

  it('reports a << merge of something that is not a mapping', () => {
    const file = parseYaml('a: &a 1\nb:\n  <<: *a\n', '/x.yml');
    expect(file.root).toBeNull();
    expect(file.errors).toEqual([
      {
        message: 'YAML error: a << merge value must be a mapping or a list of mappings',
        pos: expect.objectContaining({ line: 1, column: 7 }),
      },
    ]);
  });

  it.each([
    ['empty', ''],
    ['only comments', '# nothing here\n'],
  ])('reads an %s file as a null document without errors', (_name, text) => {
    const file = parseYaml(text, '/x.yml');
    expect(file.errors).toEqual([]);
    expect(file.root).toEqual({ kind: 'scalar', value: null, pos: { line: 1, column: 1, offset: 0 } });
  });

  it('counts columns in UTF-16 code units after non-ASCII text', () => {
    const root = asObject(parseYaml('a: "😀"\nb: { ü: 1, k: 2 }\n', '/x.yml').root);
    expect(at(root, 'b', 'k').keyPos).toMatchObject({ line: 2, column: 12 });
    expect(at(root, 'a').value).toMatchObject({ value: '😀', pos: { line: 1, column: 4 } });
  });

  it('counts lines the same with CRLF line endings', () => {
    const root = asObject(parseYaml('hooks:\r\n  Stop:\r\n    - command: x\r\n', '/x.yml').root);
    const stop = at(root, 'hooks', 'Stop').value;
    if (stop.kind !== 'array') throw new Error('not an array');
    expect(getEntry(asObject(stop.items[0]), 'command')).toMatchObject({
      keyPos: { line: 3, column: 7, offset: 23 },
      value: { value: 'x', pos: { line: 3, column: 16 } },
    });
  });
});

describe('parseYaml on hostile nesting', () => {
  it.each([
    ['flow sequences 300 deep', `a: ${'['.repeat(300)}1${']'.repeat(300)}\n`],
    ['unterminated flow 100,000 deep', `a: ${'['.repeat(100_000)}\n`],
    ['block sequences 3,000 deep', `a:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i * 2 + 2)}- \n`).join('')}`],
  ])('%s is one positioned parse error, never a crash', (_name, text) => {
    const parsed = parseYaml(text, '/p/.octo/hooks.yml');
    expect(parsed.root).toBeNull();
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]!.message).toMatch(/nested more than 200 levels deep/);
    expect(parsed.errors[0]!.pos.line).toBeGreaterThanOrEqual(1);
  });
});
