import { describe, expect, it } from 'vitest';
import { environmentHolds, isEnvironmentReads, recordEnvironmentReads } from '../../src/config/environment-reads.js';

type Env = Record<string, string | undefined>;

/** What `load` reads from `before`, then whether those reads give the same answers in `after`. */
function holds(load: (env: Env) => unknown, before: Env, after: Env): boolean {
  const recorded = recordEnvironmentReads(before);
  load(recorded.env as Env);
  const reads = JSON.parse(JSON.stringify(recorded.reads())) as unknown;
  expect(isEnvironmentReads(reads)).toBe(true);
  return environmentHolds(reads as ReturnType<typeof recorded.reads>, after);
}

const base: Env = { HOME: '/home/u', CONFIG_DIR: '/etc/x', SESSION: 'one' };

describe('the environment reads a compiled-config cache entry is keyed on', () => {
  it.each<[string, (env: Env) => unknown, Env, boolean]>([
    ['a value read, unchanged; another variable changed', (env) => env.CONFIG_DIR, { ...base, SESSION: 'two' }, true],
    ['a value read, changed', (env) => env.CONFIG_DIR, { ...base, CONFIG_DIR: '/etc/y' }, false],
    ['a value read as unset, now set', (env) => env.MISSING, { ...base, MISSING: '1' }, false],
    ['a value read as unset, set to undefined', (env) => env.MISSING, { ...base, MISSING: undefined }, true],
    ['a presence test (in), now unset', (env) => 'CONFIG_DIR' in env, { HOME: '/home/u', SESSION: 'one' }, false],
    ['a presence test (hasOwn), value changed', (env) => Object.hasOwn(env, 'CONFIG_DIR'), { ...base, CONFIG_DIR: '/other' }, true],
    ['a listing of names, a value changed', (env) => Object.keys(env), { ...base, SESSION: 'two' }, true],
    ['a listing of names, a name added', (env) => Object.keys(env), { ...base, OTEL_X: '1' }, false],
    ['a listing of names, a name removed', (env) => Object.keys(env), { HOME: '/home/u', CONFIG_DIR: '/etc/x' }, false],
    ['a spread (every value), a value changed', (env) => ({ ...env }), { ...base, SESSION: 'two' }, false],
    ['Object.entries (every value), a value changed', (env) => Object.entries(env), { ...base, SESSION: 'two' }, false],
    ['JSON of the environment, a value changed', (env) => JSON.stringify(env), { ...base, SESSION: 'two' }, false],
    ['nothing read, everything changed', () => undefined, { OTHER: 'x' }, true],
  ])('%s: holds = %s', (_name, load, after, want) => {
    expect(holds(load, base, after)).toBe(want);
  });

  it('gives the loader the same answers as the environment itself', () => {
    const { env } = recordEnvironmentReads(base);
    expect({ ...env }).toEqual(base);
    expect(Object.keys(env)).toEqual(Object.keys(base));
    expect(env.HOME).toBe('/home/u');
    expect('NOPE' in env).toBe(false);
  });

  it.each([
    null,
    [],
    { names: null, values: [['A', 1]], present: [] },
    { names: null, values: [], present: [['A', 'yes']] },
    { names: [1], values: [], present: [] },
  ])('refuses a damaged record %j', (value) => {
    expect(isEnvironmentReads(value)).toBe(false);
  });
});
