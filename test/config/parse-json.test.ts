import { describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../../src/config/nesting-limit.js';
import { parseJson } from '../../src/config/parse-json.js';
import { getEntry, type SourceNode, type SourceObject } from '../../src/config/source-tree.js';

const asObject = (node: SourceNode | null | undefined): SourceObject => {
  if (node?.kind !== 'object') throw new Error(`expected an object, got ${node?.kind}`);
  return node;
};

describe('parseJson', () => {
  it('gives every key and value its 1-based line/column and 0-based offset', () => {
    const text = '{\n  "hooks": {\n    "Stop": [ { "command": "./a.sh", "timeout": 5 } ]\n  }\n}\n';
    const file = parseJson(text, '/p/hooks.json');
    expect(file).toMatchObject({ path: '/p/hooks.json', format: 'json', errors: [], duplicateKeys: [] });
    const root = asObject(file.root);
    expect(root.pos).toEqual({ line: 1, column: 1, offset: 0 });
    const hooks = getEntry(root, 'hooks')!;
    expect(hooks.keyPos).toEqual({ line: 2, column: 3, offset: 4 });
    expect(hooks.value.pos).toMatchObject({ line: 2, column: 12 });
    const stop = getEntry(asObject(hooks.value), 'Stop')!;
    expect(stop.keyPos).toMatchObject({ line: 3, column: 5 });
    if (stop.value.kind !== 'array') throw new Error('Stop is not an array');
    const handler = asObject(stop.value.items[0]);
    expect(handler.pos).toMatchObject({ line: 3, column: 15 });
    expect(getEntry(handler, 'command')).toMatchObject({
      keyPos: { line: 3, column: 17 },
      value: { kind: 'scalar', value: './a.sh', pos: { line: 3, column: 28 } },
    });
    expect(getEntry(handler, 'timeout')).toMatchObject({
      keyPos: { line: 3, column: 38 },
      value: { value: 5, pos: { line: 3, column: 49 } },
    });
    expect(text.slice(getEntry(handler, 'timeout')!.value.pos.offset)).toMatch(/^5 /);
  });

  it.each([
    ['true', true],
    ['null', null],
    ['-1.5e2', -150],
    ['"é"', 'é'],
  ])('parses the scalar %s', (text, value) => {
    expect(parseJson(text, '/x.json').root).toEqual({ kind: 'scalar', value, pos: { line: 1, column: 1, offset: 0 } });
  });

  it('reports each repeated key at its second and later occurrences, keeping every entry', () => {
    const text = '{\n  "a": 1,\n  "b": { "x": 1, "x": 2 },\n  "a": 3,\n  "a": 4\n}';
    const file = parseJson(text, '/x.json');
    expect(file.errors).toEqual([]);
    expect(file.duplicateKeys).toEqual([
      { key: 'x', pos: { line: 3, column: 18, offset: 29 } },
      { key: 'a', pos: { line: 4, column: 3, offset: 41 } },
      { key: 'a', pos: { line: 5, column: 3, offset: 51 } },
    ]);
    const root = asObject(file.root);
    expect(root.entries.map((entry) => entry.key)).toEqual(['a', 'b', 'a', 'a']);
    expect(getEntry(root, 'a')!.value).toMatchObject({ value: 4 });
  });

  it.each([5, 40])('reports repeated keys in an object of %i distinct keys', (size) => {
    const keys = [...Array.from({ length: size }, (_, i) => `k${i}`), 'k0', `k${size - 1}`, 'k0'];
    const members = keys.map((key) => `"${key}":1`);
    const offsets = members.map((_, i) => 1 + members.slice(0, i).join(',').length + (i > 0 ? 1 : 0));
    const file = parseJson(`{${members.join(',')}}`, '/x.json');
    expect(file.duplicateKeys.map((duplicate) => [duplicate.key, duplicate.pos.offset])).toEqual([
      ['k0', offsets[size]],
      [`k${size - 1}`, offsets[size + 1]],
      ['k0', offsets[size + 2]],
    ]);
  });

  it.each([
    ['a trailing comma in an object', '{\n  "a": 1,\n}', 'trailing commas are not allowed in JSON', 3, 1],
    ['a trailing comma in an array', '[1, 2, ]', 'trailing commas are not allowed in JSON', 1, 8],
    ['a line comment', '{\n  // note\n  "a": 1\n}', 'comments are not allowed in JSON', 2, 3],
    ['a block comment', '{ /* x */ }', 'comments are not allowed in JSON', 1, 3],
    ['an empty file', '', 'the file is empty; expected a JSON value', 1, 1],
    ['a blank file', '\n  \n', 'the file is empty; expected a JSON value', 3, 1],
    ['a missing value', '{"a": }', "value expected at '}'", 1, 7],
    ['a missing colon', '{"a" 1}', "colon expected at '1'", 1, 6],
    ['a bare word', '{"a": tru}', "invalid symbol at 'tru'", 1, 7],
    ['text after the value', '{}\n{}', "end of file expected at '{'", 2, 1],
    ['an unterminated object', '{"a": 1', 'close brace expected at end of file', 1, 8],
  ])('reports %s as one syntax error with its position and no tree', (_name, text, message, line, column) => {
    const file = parseJson(text, '/x.json');
    expect(file.root).toBeNull();
    expect(file.errors).toEqual([{ message: `JSON syntax error: ${message}`, pos: expect.objectContaining({ line, column }) }]);
  });

  it('counts columns in UTF-16 code units after non-ASCII text', () => {
    const file = parseJson('{"emoji": "😀", "ü": 1, "k": 2}', '/x.json');
    const root = asObject(file.root);
    expect(getEntry(root, 'ü')!.keyPos).toMatchObject({ line: 1, column: 17 });
    expect(getEntry(root, 'k')!.keyPos).toMatchObject({ line: 1, column: 25 });
  });

  it('counts lines the same with CRLF line endings', () => {
    const lf = parseJson('{\n  "a": {\n    "b": 1\n  }\n}\n', '/x.json');
    const crlf = parseJson('{\r\n  "a": {\r\n    "b": 1\r\n  }\r\n}\r\n', '/x.json');
    const inner = (file: typeof lf) => getEntry(asObject(getEntry(asObject(file.root), 'a')!.value), 'b')!;
    expect(inner(crlf).keyPos).toMatchObject({ line: 3, column: 5, offset: 17 });
    expect(inner(lf).keyPos).toMatchObject({ line: 3, column: 5, offset: 15 });
  });

  it('positions a syntax error after CRLF lines', () => {
    expect(parseJson('{\r\n  "a": 1,\r\n}', '/x.json').errors[0]!.pos).toMatchObject({ line: 3, column: 1 });
  });

  it.each([
    ['arrays', '[', ']'],
    ['objects', '{"a":', '}'],
  ])('reports %s nested 5000 deep as an error at the bracket past the limit, without overflowing the stack', (_name, opener, closer) => {
    const text = `{"hooks":\n${opener.repeat(5000)}${closer.repeat(5000)}}`;
    const file = parseJson(text, '/x.json');
    expect(file.root).toBeNull();
    // The root object is level 1, so the bracket past the limit is the MAX_NESTING-th opener on line 2.
    const lineStart = text.indexOf('\n') + 1;
    const offset = lineStart + (MAX_NESTING - 1) * opener.length;
    expect(file.errors).toEqual([
      {
        message: `JSON error: arrays and objects nested more than ${MAX_NESTING} levels deep here; a hooks config never needs that`,
        pos: { line: 2, column: offset - lineStart + 1, offset },
      },
    ]);
  });

  it('reads nesting up to the limit', () => {
    const text = '['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING);
    expect(parseJson(text, '/x.json')).toMatchObject({ errors: [], root: { kind: 'array' } });
  });
});

describe('parseJsonc (JSON with comments, as Gemini CLI reads settings)', () => {
  it('skips line and block comments and keeps positions as written', async () => {
    const { parseJsonc } = await import('../../src/config/parse-json.js');
    const text = '// settings\n{\n  /* hooks\n     below */\n  "hooks": { "x": 1 } // trailing note\n}\n';
    const file = parseJsonc(text, '/p/settings.json');
    expect(file).toMatchObject({ format: 'jsonc', errors: [] });
    const hooks = getEntry(asObject(file.root), 'hooks')!;
    expect(hooks.keyPos).toMatchObject({ line: 5, column: 3 });
    expect(getEntry(asObject(hooks.value), 'x')!.value.pos).toMatchObject({ line: 5, column: 19 });
  });

  it('still refuses a trailing comma and an unterminated comment, with their positions', async () => {
    const { parseJsonc } = await import('../../src/config/parse-json.js');
    const comma = parseJsonc('{\n  "a": 1,\n}\n', '/p/settings.json');
    expect(comma.root).toBeNull();
    expect(comma.errors).toEqual([
      { message: 'JSON syntax error: trailing commas are not allowed in JSON', pos: expect.objectContaining({ line: 3 }) },
    ]);
    const open = parseJsonc('{ "a": 1 } /* never closed', '/p/settings.json');
    expect(open.root).toBeNull();
    expect(open.errors[0]!.message).toMatch(/^JSON syntax error: /);
  });

  it('leaves strict JSON strict: a comment is still an error for parseJson', () => {
    expect(parseJson('{ // no\n}', '/p/hooks.json').errors[0]!.message).toBe('JSON syntax error: comments are not allowed in JSON');
  });
});
