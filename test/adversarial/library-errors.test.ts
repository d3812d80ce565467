import { describe, expect, it } from 'vitest';
import {
  createEngine,
  DIALECT_IDS,
  HookctlError,
  PayloadNotJsonError,
  PayloadValidationError,
  UnknownDialectError,
} from '../../src/index.js';
import { octoPayload, oiPayload } from '../helpers/payloads.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * SPEC 6.1: library callers get a named error class with a remedy (unknown dialect, bad payload),
 * never a raw TypeError from deep inside (`LOADERS[id] is not a function`, "Converting circular
 * structure to JSON", "Do not know how to serialize a BigInt").
 */

describe('createEngine with a dialect hookctl does not speak', () => {
  it.each([
    [
      'nope',
      `unknown dialect "nope"; hookctl speaks ${DIALECT_IDS.map((id) => `"${id}"`).join(', ')} ` +
        '(pass one of them as the engine option `dialect`, or a Dialect object)',
    ],
    ['octoo', /^unknown dialect "octoo"; did you mean "octo"\?/],
    ['toString', /^unknown dialect "toString"/],
    ['__proto__', /^unknown dialect "__proto__"/],
  ] as [string, string | RegExp][])('%s → UnknownDialectError with a remedy', async (dialect, message) => {
    const error = await createEngine({ dialect: dialect as never }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnknownDialectError);
    expect(error).toBeInstanceOf(HookctlError);
    expect((error as Error).name).toBe('UnknownDialectError');
    if (typeof message === 'string') expect((error as Error).message).toBe(message);
    else expect((error as Error).message).toMatch(message);
  });
});

describe('dispatch with a payload JSON can not carry', () => {
  for (const dialect of ['openinterpreter', 'octo'] as const) {
    const base = (cwd: string) => (dialect === 'openinterpreter' ? oiPayload('PreToolUse', cwd) : octoPayload('PreToolUse', cwd));

    it(`${dialect}: a circular payload → PayloadNotJsonError naming where, and no hook runs`, async () => {
      const sandbox = makeTempProject();
      const engine = await createEngine({ dialect, cwd: sandbox.project, home: sandbox.home, env: {} });
      try {
        const payload = base(sandbox.project);
        const toolInput: Record<string, unknown> = { command: 'ls' };
        toolInput.self = { again: toolInput };
        payload.tool_input = toolInput;
        const error = await engine.dispatch('PreToolUse', payload as never).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(PayloadNotJsonError);
        expect(error).toBeInstanceOf(PayloadValidationError);
        expect((error as Error).message).toBe(
          'invalid PreToolUse payload:\n' +
            '  /tool_input/self/again: a circular reference (the value contains itself); a payload must be plain JSON',
        );
      } finally {
        await engine.close();
      }
    });

    it(`${dialect}: a BigInt → PayloadNotJsonError`, async () => {
      const sandbox = makeTempProject();
      const engine = await createEngine({ dialect, cwd: sandbox.project, home: sandbox.home, env: {} });
      try {
        const payload = { ...base(sandbox.project), tool_input: { count: 10n } };
        const error = await engine.dispatch('PreToolUse', payload as never).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(PayloadNotJsonError);
        expect((error as Error).message).toContain('/tool_input/count: a BigInt, which JSON can not represent');
      } finally {
        await engine.close();
      }
    });

    it(`${dialect}: not an object at all → PayloadNotJsonError`, async () => {
      const sandbox = makeTempProject();
      const engine = await createEngine({ dialect, cwd: sandbox.project, home: sandbox.home, env: {} });
      try {
        for (const [payload, kind] of [
          [null, 'null'],
          [[1, 2], 'an array'],
          ['{}', 'a string'],
          [undefined, 'undefined'],
        ] as const) {
          const error = await engine.dispatch('PreToolUse', payload as never).catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(PayloadNotJsonError);
          expect((error as Error).message).toBe(`invalid PreToolUse payload:\n  /: a payload is a JSON object, not ${kind}`);
        }
      } finally {
        await engine.close();
      }
    });
  }
});
