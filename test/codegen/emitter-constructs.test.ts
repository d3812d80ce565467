import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SchemaDocument } from '../../src/codegen/dialect-schemas.js';
import { pythonTypedDicts } from '../../src/codegen/emit-python.js';
import { toTypeScript } from '../../src/codegen/emit-types.js';

/**
 * One row per JSON Schema construct the emitters meet: the schema given, the TypeScript
 * (generated/<dialect>/types.ts) and the Python TypedDicts (generated/<dialect>/hook_types.py)
 * wanted for it, as exact text. The whole-file checks in generate.test.ts and emit-python.test.ts
 * prove the committed files are fresh; these pin down what each construct becomes.
 * `py: { throws }` marks what the Python emitter refuses rather than approximates.
 */
interface Row {
  given: Record<string, unknown>;
  ts: string;
  py: string | { throws: string };
}

/** An object schema with the given properties, the listed ones (by default all) required. */
function object(properties: Record<string, unknown>, required: string[] = Object.keys(properties), extra: Record<string, unknown> = {}) {
  return { type: 'object', ...extra, properties, required };
}

const ROWS: [construct: string, row: Row][] = [
  [
    'string',
    {
      given: object({ value: { type: 'string' } }),
      ts: `export interface Example {
  value: string;
}`,
      py: `Example = TypedDict("Example", {
    "value": str,
})`,
    },
  ],
  [
    'number, integer, boolean, null',
    {
      given: object({ ratio: { type: 'number' }, count: { type: 'integer' }, done: { type: 'boolean' }, nothing: { type: 'null' } }),
      ts: `export interface Example {
  ratio: number;
  count: number;
  done: boolean;
  nothing: null;
}`,
      py: `Example = TypedDict("Example", {
    "ratio": float,
    "count": int,
    "done": bool,
    "nothing": None,
})`,
    },
  ],
  [
    'enum of mixed literals',
    {
      given: object({ value: { enum: ['plan', 'auto', 1, true, null] } }),
      ts: `export interface Example {
  value: 'plan' | 'auto' | 1 | true | null;
}`,
      py: `Example = TypedDict("Example", {
    "value": Literal["plan", "auto", 1, True, None],
})`,
    },
  ],
  [
    'enum with a type',
    {
      given: object({ transport: { type: 'string', enum: ['cli', 'web'] } }),
      ts: `export interface Example {
  transport: 'cli' | 'web';
}`,
      py: `Example = TypedDict("Example", {
    "transport": Literal["cli", "web"],
})`,
    },
  ],
  [
    'oneOf of const (a documented enum)',
    {
      given: object({
        decision: {
          oneOf: [
            { const: 'allow', description: 'let it run' },
            { const: 'deny', description: 'block it' },
          ],
        },
      }),
      ts: `export interface Example {
  decision: 'allow' | 'deny';
}`,
      py: `Example = TypedDict("Example", {
    "decision": Union[Literal["allow"], Literal["deny"]],
})`,
    },
  ],
  [
    'const',
    {
      given: object({ event: { const: 'PreToolUse' }, continue: { const: false } }),
      ts: `export interface Example {
  event: 'PreToolUse';
  continue: false;
}`,
      py: `Example = TypedDict("Example", {
    "event": Literal["PreToolUse"],
    "continue": Literal[False],
})`,
    },
  ],
  [
    'string literals needing escapes',
    {
      given: object({ value: { enum: ["it's", 'say "hi"', 'back\\slash', 'new\nline', 'café'] } }),
      ts: String.raw`export interface Example {
  value: "it's" | 'say "hi"' | 'back\\slash' | 'new\nline' | 'café';
}`,
      py: String.raw`Example = TypedDict("Example", {
    "value": Literal["it's", "say \"hi\"", "back\\slash", "new\nline", "café"],
})`,
    },
  ],
  [
    'typed array',
    {
      given: object({ paths: { type: 'array', items: { type: 'string' } } }),
      ts: `export interface Example {
  paths: string[];
}`,
      py: `Example = TypedDict("Example", {
    "paths": List[str],
})`,
    },
  ],
  [
    'untyped arrays (no items, empty items)',
    {
      given: object({ anything: { type: 'array' }, empty: { type: 'array', items: {} } }),
      ts: `export interface Example {
  anything: unknown[];
  empty: unknown[];
}`,
      py: `Example = TypedDict("Example", {
    "anything": List[Any],
    "empty": List[Any],
})`,
    },
  ],
  [
    'array of union items',
    {
      given: object({ ids: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } }),
      ts: `export interface Example {
  ids: (string | number)[];
}`,
      py: `Example = TypedDict("Example", {
    "ids": List[Union[str, int]],
})`,
    },
  ],
  [
    'array of untitled objects',
    {
      given: object({ edits: { type: 'array', items: object({ path: { type: 'string' } }) } }),
      ts: `export interface Example {
  edits: {
    path: string;
  }[];
}`,
      py: `ExampleEditsItem = TypedDict("ExampleEditsItem", {
    "path": str,
})


Example = TypedDict("Example", {
    "edits": List[ExampleEditsItem],
})`,
    },
  ],
  [
    'nested object with a title',
    {
      given: object({ tool: { title: 'ToolCall', ...object({ name: { type: 'string' } }) } }),
      ts: `export interface Example {
  tool: ToolCall;
}
export interface ToolCall {
  name: string;
}`,
      py: `ToolCall = TypedDict("ToolCall", {
    "name": str,
})


Example = TypedDict("Example", {
    "tool": ToolCall,
})`,
    },
  ],
  [
    'nested object without a title (Python names it parent + key)',
    {
      given: object({ hook_specific_output: object({ reason: { type: 'string' } }) }),
      ts: `export interface Example {
  hook_specific_output: {
    reason: string;
  };
}`,
      py: `ExampleHookSpecificOutput = TypedDict("ExampleHookSpecificOutput", {
    "reason": str,
})


Example = TypedDict("Example", {
    "hook_specific_output": ExampleHookSpecificOutput,
})`,
    },
  ],
  [
    'properties without a type are an object',
    {
      given: object({ meta: { properties: { source: { type: 'string' } }, required: ['source'] } }),
      ts: `export interface Example {
  meta: {
    source: string;
  };
}`,
      py: `ExampleMeta = TypedDict("ExampleMeta", {
    "source": str,
})


Example = TypedDict("Example", {
    "meta": ExampleMeta,
})`,
    },
  ],
  [
    'optional and required properties',
    {
      given: object({ session_id: { type: 'string' }, model: { type: 'string' } }, ['session_id']),
      ts: `export interface Example {
  session_id: string;
  model?: string;
}`,
      py: `_ExampleRequired = TypedDict("_ExampleRequired", {
    "session_id": str,
})
_ExampleOptional = TypedDict("_ExampleOptional", {
    "model": str,
}, total=False)


class Example(_ExampleRequired, _ExampleOptional):
    """Example"""`,
    },
  ],
  [
    'only optional properties',
    {
      given: object({ reason: { type: 'string' } }, []),
      ts: `export interface Example {
  reason?: string;
}`,
      py: `Example = TypedDict("Example", {
    "reason": str,
}, total=False)`,
    },
  ],
  [
    'no properties',
    {
      given: object({}),
      ts: 'export interface Example {}',
      py: 'Example = TypedDict("Example", {})',
    },
  ],
  [
    'additionalProperties: true beside properties',
    {
      given: object({ cwd: { type: 'string' } }, ['cwd'], { additionalProperties: true }),
      ts: `export interface Example {
  cwd: string;
  [k: string]: unknown | undefined;
}`,
      py: `Example = TypedDict("Example", {
    "cwd": str,
})`,
    },
  ],
  [
    'additionalProperties: false, or left out (exact types)',
    {
      given: object({
        strict: object({ a: { type: 'string' } }, ['a'], { additionalProperties: false }),
        open: object({ b: { type: 'string' } }),
      }),
      ts: `export interface Example {
  strict: {
    a: string;
  };
  open: {
    b: string;
  };
}`,
      py: `ExampleStrict = TypedDict("ExampleStrict", {
    "a": str,
})


ExampleOpen = TypedDict("ExampleOpen", {
    "b": str,
})


Example = TypedDict("Example", {
    "strict": ExampleStrict,
    "open": ExampleOpen,
})`,
    },
  ],
  [
    'additionalProperties schema (a map)',
    {
      given: object({ env: { type: 'object', additionalProperties: { type: 'string' } } }),
      ts: `export interface Example {
  env: {
    [k: string]: string | undefined;
  };
}`,
      py: `Example = TypedDict("Example", {
    "env": Dict[str, str],
})`,
    },
  ],
  [
    'additionalProperties schema beside properties',
    {
      given: object({ name: { type: 'string' } }, ['name'], { additionalProperties: { type: 'number' } }),
      ts: `export interface Example {
  name: string;
  [k: string]: number | string | undefined;
}`,
      py: `Example = TypedDict("Example", {
    "name": str,
})`,
    },
  ],
  [
    'free-form objects',
    {
      given: object({
        bare: { type: 'object' },
        open: { type: 'object', additionalProperties: true },
        closed: { type: 'object', additionalProperties: false },
        nullable: { type: ['object', 'null'] },
      }),
      ts: `export interface Example {
  bare: {
    [k: string]: unknown | undefined;
  };
  open: {
    [k: string]: unknown | undefined;
  };
  closed: {};
  nullable: {
    [k: string]: unknown | undefined;
  } | null;
}`,
      py: `Example = TypedDict("Example", {
    "bare": Dict[str, Any],
    "open": Dict[str, Any],
    "closed": Dict[str, Any],
    "nullable": Optional[Dict[str, Any]],
})`,
    },
  ],
  [
    'any JSON (annotations only) as a property, array item and map value',
    {
      given: object({
        tool_input: { description: 'Arguments as the tool got them.' },
        bare: {},
        old: { deprecated: true, $comment: 'kept for old agents' },
        list: { type: 'array', items: { description: 'anything' } },
        map: { type: 'object', additionalProperties: { title: 'Anything' } },
      }),
      ts: `export type Anything = unknown;

export interface Example {
  /**
   * Arguments as the tool got them.
   */
  tool_input: unknown;
  bare: unknown;
  /**
   * @deprecated
   */
  old: unknown;
  /**
   * Items: anything
   */
  list: unknown[];
  map: {
    [k: string]: Anything | undefined;
  };
}`,
      py: `Example = TypedDict("Example", {
    # Arguments as the tool got them.
    "tool_input": Any,
    "bare": Any,
    "old": Any,
    "list": List[Any],
    "map": Dict[str, Any],
})`,
    },
  ],
  [
    'descriptions become doc comments',
    {
      given: object(
        { cwd: { type: 'string', description: 'Working directory.' }, note: { type: 'string', description: 'Line one.\nLine two.' } },
        undefined,
        {
          description: 'A payload.\nSecond line.',
        },
      ),
      ts: `/**
 * A payload.
 * Second line.
 */
export interface Example {
  /**
   * Working directory.
   */
  cwd: string;
  /**
   * Line one.
   * Line two.
   */
  note: string;
}`,
      py: `# A payload.
# Second line.
Example = TypedDict("Example", {
    # Working directory.
    "cwd": str,
    # Line one.
    # Line two.
    "note": str,
})`,
    },
  ],
  [
    'description of a required-and-optional object becomes its docstring',
    {
      given: object({ a: { type: 'string', description: 'The a.' }, b: { type: 'string', description: 'The b.' } }, ['a'], {
        description: 'A payload.',
      }),
      ts: `/**
 * A payload.
 */
export interface Example {
  /**
   * The a.
   */
  a: string;
  /**
   * The b.
   */
  b?: string;
}`,
      py: `_ExampleRequired = TypedDict("_ExampleRequired", {
    # The a.
    "a": str,
})
_ExampleOptional = TypedDict("_ExampleOptional", {
    # The b.
    "b": str,
}, total=False)


class Example(_ExampleRequired, _ExampleOptional):
    """A payload."""`,
    },
  ],
  [
    'descriptions that would end a comment or a docstring',
    {
      given: object({ a: { type: 'string', description: 'a */ b' }, b: { type: 'string' } }, ['a'], {
        description: 'a \\ """ in "quotes"',
      }),
      ts: String.raw`/**
 * a \ """ in "quotes"
 */
export interface Example {
  /**
   * a * / b
   */
  a: string;
  b?: string;
}`,
      py: String.raw`_ExampleRequired = TypedDict("_ExampleRequired", {
    # a */ b
    "a": str,
})
_ExampleOptional = TypedDict("_ExampleOptional", {
    "b": str,
}, total=False)


class Example(_ExampleRequired, _ExampleOptional):
    """a \\ \"\"\" in \"quotes\""""`,
    },
  ],
  [
    'descriptions with carriage returns',
    {
      given: object({ a: { type: 'string', description: 'one\rimport os\r\ntwo' } }),
      ts: `export interface Example {
  /**
   * one
   * import os
   * two
   */
  a: string;
}`,
      py: `Example = TypedDict("Example", {
    # one
    # import os
    # two
    "a": str,
})`,
    },
  ],
  [
    'union by type list',
    {
      given: object({ value: { type: ['string', 'number', 'boolean'] } }),
      ts: `export interface Example {
  value: string | number | boolean;
}`,
      py: `Example = TypedDict("Example", {
    "value": Union[str, float, bool],
})`,
    },
  ],
  [
    'union by anyOf and oneOf',
    {
      given: object({
        matcher: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
        limit: { oneOf: [{ type: 'integer' }, { const: 'none' }] },
      }),
      ts: `export interface Example {
  matcher: string | string[];
  limit: number | 'none';
}`,
      py: `Example = TypedDict("Example", {
    "matcher": Union[str, List[str]],
    "limit": Union[int, Literal["none"]],
})`,
    },
  ],
  [
    'union of untitled objects (Python numbers the branches)',
    {
      given: object({ v: { anyOf: [object({ a: { type: 'string' } }), object({ b: { type: 'string' } })] } }),
      ts: `export interface Example {
  v:
    | {
        a: string;
      }
    | {
        b: string;
      };
}`,
      py: `ExampleV = TypedDict("ExampleV", {
    "a": str,
})


ExampleV2 = TypedDict("ExampleV2", {
    "b": str,
})


Example = TypedDict("Example", {
    "v": Union[ExampleV, ExampleV2],
})`,
    },
  ],
  [
    'nullable: a type list or anyOf with null',
    {
      given: object({
        transcript_path: { type: ['string', 'null'] },
        exit_code: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        error: { oneOf: [{ type: 'null' }, { type: 'string' }] },
        value: { type: ['string', 'integer', 'null'] },
      }),
      ts: `export interface Example {
  transcript_path: string | null;
  exit_code: number | null;
  error: null | string;
  value: string | number | null;
}`,
      py: `Example = TypedDict("Example", {
    "transcript_path": Optional[str],
    "exit_code": Optional[int],
    "error": Optional[str],
    "value": Union[str, int, None],
})`,
    },
  ],
  [
    'nullable object',
    {
      given: object({ v: { type: ['object', 'null'], properties: { a: { type: 'string' } }, required: ['a'] } }),
      ts: `export interface Example {
  v: {
    a: string;
  } | null;
}`,
      py: `ExampleV = TypedDict("ExampleV", {
    "a": str,
})


Example = TypedDict("Example", {
    "v": Optional[ExampleV],
})`,
    },
  ],
  [
    'keys that are not identifiers',
    {
      given: object({
        continue: { type: 'boolean' },
        'tool-name': { type: 'string' },
        '0day': { type: 'string' },
        'a b': { type: 'string' },
      }),
      ts: `export interface Example {
  continue: boolean;
  'tool-name': string;
  '0day': string;
  'a b': string;
}`,
      py: `Example = TypedDict("Example", {
    "continue": bool,
    "tool-name": str,
    "0day": str,
    "a b": str,
})`,
    },
  ],
  [
    'nested object under a key that is not an identifier',
    {
      given: object({ 'tool-input': object({ a: { type: 'string' } }) }),
      ts: `export interface Example {
  'tool-input': {
    a: string;
  };
}`,
      py: `ExampleToolInput = TypedDict("ExampleToolInput", {
    "a": str,
})


Example = TypedDict("Example", {
    "tool-input": ExampleToolInput,
})`,
    },
  ],
  [
    'titles that are not identifiers',
    {
      given: { title: 'hook answer', ...object({ call: { title: '2nd tool-call', ...object({ a: { type: 'string' } }) } }) },
      ts: `export interface HookAnswer {
  call: NdToolCall;
}
export interface NdToolCall {
  a: string;
}`,
      py: `NdToolCall = TypedDict("NdToolCall", {
    "a": str,
})


HookAnswer = TypedDict("HookAnswer", {
    "call": NdToolCall,
})`,
    },
  ],
  [
    'titled non-object (TypeScript names it; Python inlines it)',
    {
      given: object({ mode: { title: 'PermissionMode', enum: ['default', 'plan'] } }),
      ts: `export type PermissionMode = 'default' | 'plan';

export interface Example {
  mode: PermissionMode;
}`,
      py: `Example = TypedDict("Example", {
    "mode": Literal["default", "plan"],
})`,
    },
  ],
  [
    'validation-only keywords change no type',
    {
      given: object({
        command: { type: 'string', pattern: '\\S', minLength: 1, format: 'uri', default: 'true', examples: ['ls'] },
        timeout: { type: 'integer', minimum: 1, maximum: 600 },
      }),
      ts: `export interface Example {
  command: string;
  timeout: number;
}`,
      py: `Example = TypedDict("Example", {
    "command": str,
    "timeout": int,
})`,
    },
  ],
  [
    '$ref to definitions (config schemas; Python emits events only)',
    {
      given: object({ h: { $ref: '#/definitions/handler' }, all: { type: 'array', items: { $ref: '#/definitions/handler' } } }, ['h'], {
        definitions: { handler: { title: 'Handler', ...object({ command: { type: 'string' } }) } },
      }),
      ts: `export interface Example {
  h: Handler;
  all?: Handler[];
}
export interface Handler {
  command: string;
}`,
      py: { throws: 'emit-python: "$ref" is not supported (at ExampleH)' },
    },
  ],
  [
    'allOf',
    {
      given: object({ v: { allOf: [{ type: 'string' }, { minLength: 1 }] } }),
      ts: `export interface Example {
  v: string;
}`,
      py: { throws: 'emit-python: "allOf" is not supported (at ExampleV)' },
    },
  ],
  [
    'patternProperties',
    {
      given: object({ labels: { title: 'Labels', type: 'object', patternProperties: { '^x-': { type: 'string' } } } }),
      ts: `export interface Example {
  labels: Labels;
}
export interface Labels {
  /**
   * This interface was referenced by \`Labels\`'s JSON-Schema definition
   * via the \`patternProperty\` "^x-".
   */
  [k: string]: string | undefined;
}`,
      py: { throws: 'emit-python: "patternProperties" is not supported (at ExampleLabels)' },
    },
  ],
  [
    // claude permission_mode: the listed values for completion, any string accepted.
    'open enum (anyOf: [enum of strings, string])',
    {
      given: object({ mode: { type: 'string', anyOf: [{ enum: ['plan', "it's"] }, { type: 'string', description: 'newer' }] } }),
      ts: `export interface Example {
  mode: 'plan' | "it's" | (string & {});
}`,
      py: `Example = TypedDict("Example", {
    "mode": Union[Literal["plan", "it's"], str],
})`,
    },
  ],
  [
    'a literal Python cannot spell',
    {
      given: object({ ratio: { const: 1.5 }, shape: { const: { a: 1 } } }, ['ratio']),
      ts: `export interface Example {
  ratio: 1.5;
  shape?: {a: 1};
}`,
      py: { throws: 'emit-python: cannot express 1.5 as a Literal' },
    },
  ],
];

const schemaOf = (given: Record<string, unknown>) =>
  ({ $id: 'https://example.test/example.json', title: 'Example', ...given }) as SchemaDocument;

describe.each(ROWS)('%s', (_construct, { given, ts: wantTs, py: wantPy }) => {
  it('TypeScript', async () => {
    expect(await toTypeScript(schemaOf(given))).toBe(wantTs);
  });

  it('Python', () => {
    const emit = () => pythonTypedDicts([schemaOf(given)]);
    if (typeof wantPy === 'string') expect(emit()).toBe(wantPy);
    else expect(emit).toThrow(wantPy.throws);
  });
});

describe('every wanted text is valid code', () => {
  it('TypeScript type-checks (tsc --strict)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hookctl-emit-ts-'));
    try {
      const files = ROWS.map(([, { ts }], index) => {
        const file = join(dir, `row${index}.ts`);
        writeFileSync(file, `${ts}\n`);
        return file;
      });
      const tsc = createRequire(import.meta.url)
        .resolve('typescript/package.json')
        .replace(/package\.json$/, 'bin/tsc');
      const result = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', ...files], { cwd: dir, encoding: 'utf8' });
      // An error names its file; row<i> is ROWS[i].
      expect(`${result.stdout}${result.stderr}`).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Python runs (python3, typing only)', () => {
    const modules = ROWS.flatMap(([construct, { py }]) => (typeof py === 'string' ? [{ construct, code: py }] : []));
    const script = [
      'import json, sys',
      'failures = []',
      'for module in json.loads(sys.stdin.read()):',
      '    try:',
      '        exec("from typing import Any, Dict, List, Literal, Optional, TypedDict, Union\\n" + module["code"], {})',
      '    except Exception as error:',
      '        failures.append(module["construct"] + ": " + repr(error))',
      'print(json.dumps(failures))',
    ].join('\n');
    expect(JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(modules), encoding: 'utf8' }))).toEqual([]);
  });
});
