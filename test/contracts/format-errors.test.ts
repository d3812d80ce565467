import { describe, expect, it } from 'vitest';
import { validateConfig as validateOctoConfig } from '../../generated/octo/validators.js';
import { configValidators, validateConfig } from '../../generated/openinterpreter/validators.js';
import { createStrictAjv } from '../../src/codegen/strict-ajv.js';
import { formatValidationErrors } from '../../src/contracts/format-errors.js';

function errorsOf(validate: { (data: unknown): boolean; errors?: Parameters<typeof formatValidationErrors>[0] }, value: unknown) {
  expect(validate(value)).toBe(false);
  return formatValidationErrors(validate.errors);
}

const handler = (fields: Record<string, unknown>) => ({
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', ...fields }] }] },
});
const HANDLER = '/hooks/PreToolUse/0/hooks/0';

describe('formatValidationErrors on the openinterpreter config schema', () => {
  it.each([
    [{ onFailure: 'stop' }, `${HANDLER}/onFailure`, 'must be one of "continue", "abort"'],
    [{ type: 'shell' }, `${HANDLER}/type`, 'must be one of "command", "prompt", "agent", "mcp_tool"'],
    [{ command: '   ' }, `${HANDLER}/command`, 'must not be blank'],
    [{ timeout: -1 }, `${HANDLER}/timeout`, 'must be >= 0'],
    [{ additionalContextLimit: 'big' }, `${HANDLER}/additionalContextLimit`, 'must be integer'],
    [{ timeout: 1.5 }, `${HANDLER}/timeout`, 'must be integer'],
    [{ timout: 5 }, `${HANDLER}/timout`, 'unknown property "timout"'],
  ])('%j → %s: %s', (fields, path, message) => {
    expect(errorsOf(validateConfig, handler(fields))).toEqual([{ path, message }]);
  });

  it('names the missing command of a command handler, without repeating the if/then plumbing', () => {
    const config = { hooks: { Stop: [{ hooks: [{ type: 'command' }] }] } };
    expect(errorsOf(validateConfig, config)).toEqual([{ path: '/hooks/Stop/0/hooks/0', message: 'missing required property "command"' }]);
  });

  it('lets unsupported handler kinds carry fields of their own', () => {
    expect(validateConfig({ hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'Summarise the turn' }] }] } })).toBe(true);
  });

  it('rejects unknown events and top-level keys, $schema included (the agent ignores such a file), allowing description', () => {
    expect(errorsOf(validateConfig, { $schema: 'x', description: 'd', hooks: { PreToolUze: [] }, extra: 1 })).toEqual([
      { path: '/$schema', message: 'unknown property "$schema"' },
      { path: '/extra', message: 'unknown property "extra"' },
      { path: '/hooks/PreToolUze', message: 'unknown property "PreToolUze"' },
    ]);
  });

  it('validates an inline TOML [hooks] table on its own', () => {
    expect(configValidators.HooksTable(handler({}).hooks)).toBe(true);
    expect(errorsOf(configValidators.HooksTable, { Stop: [{ hooks: [], matcher: 3 }] })).toEqual([
      { path: '/Stop/0/matcher', message: 'must be string' },
    ]);
  });
});

describe('formatValidationErrors on the octo config schema', () => {
  it('rejects async on events that wait for their hooks, and allows it on Stop', () => {
    expect(errorsOf(validateOctoConfig, { hooks: { PreToolUse: [{ command: './guard.sh', async: true }] } })).toEqual([
      { path: '/hooks/PreToolUse/0/async', message: 'must be false' },
    ]);
    expect(validateOctoConfig({ hooks: { Stop: [{ command: './notify.sh', async: true, timeout: '1m30s' }] } })).toBe(true);
  });
});

describe('formatValidationErrors details', () => {
  it('escapes JSON-pointer segments of unknown property names', () => {
    const validate = createStrictAjv().compile({ type: 'object', additionalProperties: false, properties: {} });
    expect(errorsOf(validate, { 'a/b~c': 1 })).toEqual([{ path: '/a~1b~0c', message: 'unknown property "a/b~c"' }]);
  });

  it('keeps the deeper errors of an anyOf whose branches are objects', () => {
    const validate = createStrictAjv().compile({
      anyOf: [{ type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, { type: 'string' }],
    });
    expect(errorsOf(validate, {})).toEqual([
      { path: '', message: 'missing required property "a"' },
      { path: '', message: 'must be string' },
    ]);
  });

  it('handles a validator without errors', () => {
    expect(formatValidationErrors(null)).toEqual([]);
  });
});
