import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { octoPayload, oiPayload } from '../helpers/payloads.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * SPEC 2.3 / 6.1.4: no matcher can stall a dispatch. `^(\w|\w)*X$` backtracks exponentially in a
 * backtracking engine (JavaScript RegExp would not finish on this input); in an RE2 engine it is
 * linear. The bound is deliberately generous: the point is "not exponential", not a benchmark.
 */
const EVIL = '^(\\w|\\w)*X$';
const LONG_NAME = 'a'.repeat(10_000);
const GENEROUS_MS = 2000;

describe('a catastrophic-backtracking matcher against a 10,000-character tool name', () => {
  it('openinterpreter: the dispatch returns promptly and the matcher does not select', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: EVIL, hooks: [{ type: 'command', command: 'echo selected' }] }] } }),
    );
    const engine = await createEngine({
      dialect: 'openinterpreter',
      cwd: sandbox.project,
      home: sandbox.home,
      managedConfigPath: join(sandbox.root, 'none.toml'),
      bypassTrust: true,
    });
    const started = performance.now();
    const outcome = await engine.dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project, { tool_name: LONG_NAME }) as never);
    const elapsed = performance.now() - started;
    await engine.close();
    expect(outcome.runs).toEqual([]);
    expect(elapsed).toBeLessThan(GENEROUS_MS);
  });

  it('octo: the dispatch returns promptly and the matcher does not select', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', `hooks:\n  PreToolUse:\n    - matcher: '${EVIL}'\n      command: echo selected\n`);
    const engine = await createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, env: {} });
    const started = performance.now();
    const outcome = await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project, { tool_name: LONG_NAME }) as never);
    const elapsed = performance.now() - started;
    await engine.close();
    expect(outcome.runs).toEqual([]);
    expect(elapsed).toBeLessThan(GENEROUS_MS);
  });

  it('the same matcher still selects a long name it matches, in linear time', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', `hooks:\n  PreToolUse:\n    - matcher: '${EVIL}'\n      command: echo selected\n`);
    const engine = await createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, env: {} });
    const started = performance.now();
    const outcome = await engine.dispatch(
      'PreToolUse',
      octoPayload('PreToolUse', sandbox.project, { tool_name: `${LONG_NAME}X` }) as never,
    );
    const elapsed = performance.now() - started;
    await engine.close();
    expect(outcome.runs.map((run) => run.stdout.trim())).toEqual(['selected']);
    expect(elapsed).toBeLessThan(GENEROUS_MS + 1000);
  });
});
