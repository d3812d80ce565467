import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/dialects/copilot/load-config.js';
import { cleanup, hookCommand, hookctlSays, runCase, unavailable, warm } from './harness.js';

/**
 * An entry's `cwd` as Copilot CLI 1.0.102 uses it: resolved against the project directory, the
 * hook runs there (`..` and an absolute path leave the project; empty is the session directory);
 * a directory that is not there keeps the hook from starting, which on preToolUse denies the call
 * ("hook errored"). hookctl's record carries the same directory (HandlerRecord.workingDir).
 */
const why = unavailable();
const MARK = [{ tools: [{ name: 'bash', args: { command: 'echo ran > $ROOT/ran.txt', description: 'Mark' } }] }];

async function withCwd(cwd: string) {
  const entry = { type: 'command', bash: hookCommand('gate'), cwd };
  const o = await runCase({
    turns: MARK,
    files: {
      'project/.github/hooks/hooks.json': { version: 1, hooks: { preToolUse: [entry] } },
      'project/sub/.keep': '',
      'elsewhere/.keep': '',
    },
    hooks: { gate: {} },
  });
  const project = join(o.root, 'project');
  const loaded = await loadConfig({ cwd: project, home: join(o.root, 'home'), env: {} });
  return { o, project, pwd: o.envs('gate').map((env) => env.PWD), hookctlDir: loaded.handlers[0]?.workingDir ?? project };
}

describe.skipIf(why !== null)('GitHub Copilot CLI 1.0.102: an entry cwd', () => {
  beforeAll(warm, 180_000);
  if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);

  it.concurrent.each([
    ['a relative directory, written ./sub/', './sub/', (project: string) => join(project, 'sub')],
    ['.., the project parent', '..', (project: string) => dirname(project)],
    ['an empty cwd: the session directory', '', (project: string) => project],
  ])('%s: the hook runs there, and hookctl runs it there too', { timeout: 300_000 }, async (_name, cwd, expected) => {
    const { o, project, pwd, hookctlDir } = await withCwd(cwd);
    expect(pwd).toEqual([expected(project)]);
    expect(hookctlDir).toBe(expected(project));
    expect(existsSync(join(o.root, 'ran.txt')), 'the tool ran').toBe(true);
  });

  it.concurrent('an absolute directory outside the project: the hook runs there', { timeout: 300_000 }, async () => {
    const entry = { type: 'command', bash: hookCommand('gate'), cwd: '$ROOT/elsewhere' };
    const o = await runCase({
      turns: MARK,
      files: { 'project/.github/hooks/hooks.json': { version: 1, hooks: { preToolUse: [entry] } }, 'elsewhere/.keep': '' },
      hooks: { gate: {} },
    });
    expect(o.envs('gate').map((env) => env.PWD)).toEqual([join(o.root, 'elsewhere')]);
  });

  it.concurrent('a missing directory: the hook never starts and the call is denied "(hook errored)"; hookctl says the same', {
    timeout: 300_000,
  }, async () => {
    const { o, pwd } = await withCwd('missing');
    expect(pwd, 'the hook did not start').toEqual([]);
    expect(existsSync(join(o.root, 'ran.txt')), 'the tool did not run').toBe(false);
    const denial = 'Denied by preToolUse hook from ".github/hooks/hooks.json" (hook errored)';
    expect(o.lastRequestText()).toContain(JSON.stringify(denial).slice(1, -1));
    const payload = { sessionId: 's', timestamp: 0, cwd: join(o.root, 'project'), toolName: 'bash', toolArgs: { command: 'ls' } };
    const outcome = await hookctlSays(o.root, 'preToolUse', payload);
    expect(outcome).toMatchObject({ decision: 'deny', reason: denial });
  });
});
