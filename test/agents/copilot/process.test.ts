import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/dialects/copilot/load-config.js';
import { cleanup, hookCommand, runCase, unavailable, warm } from './harness.js';

/**
 * The hook process as Copilot CLI 1.0.102 starts it, and the order of the two hook directories.
 * hookctl's records for the same files carry the same variables (load-config.ts).
 */
const why = unavailable();
const MARK = [{ tools: [{ name: 'bash', args: { command: 'echo ran > $ROOT/ran.txt', description: 'Mark' } }] }];

describe.skipIf(why !== null)('GitHub Copilot CLI 1.0.102: the hook process', () => {
  beforeAll(warm, 180_000);
  if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);

  it.concurrent('env: the project and hook dirs, COPILOT_CLI=1, the entry env; cwd: the entry cwd under the project', {
    timeout: 300_000,
  }, async () => {
    const entry = { type: 'command', bash: hookCommand('gate'), cwd: 'sub', env: { ENTRY_VAR: 'from-entry' } };
    const o = await runCase({
      turns: MARK,
      files: { 'project/.github/hooks/hooks.json': { version: 1, hooks: { preToolUse: [entry] } }, 'project/sub/.keep': '' },
      hooks: { gate: {} },
    });
    const project = join(o.root, 'project');
    const [env] = o.envs('gate');
    expect(env).toMatchObject({
      COPILOT_PROJECT_DIR: project,
      CLAUDE_PROJECT_DIR: project,
      COPILOT_HOOK_DIR: join(project, '.github/hooks'),
      COPILOT_CLI: '1',
      ENTRY_VAR: 'from-entry',
      PWD: join(project, 'sub'),
    });
    expect(env?.COPILOT_PROVIDER_BASE_URL, 'the provider variables are not passed on').toBeUndefined();
    const loaded = await loadConfig({ cwd: project, home: join(o.root, 'home'), env: {} });
    expect(loaded.handlers[0]?.env).toMatchObject({ ENTRY_VAR: 'from-entry', COPILOT_HOOK_DIR: join(project, '.github/hooks') });
  });

  it.concurrent('a deny in the user dir and one in the project: which directory runs first', { timeout: 300_000 }, async () => {
    const deny = (reason: string) => ({ stdout: { permissionDecision: 'deny', permissionDecisionReason: reason } });
    const file = (name: string) => ({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: hookCommand(name) }] } });
    const o = await runCase({
      turns: MARK,
      files: { 'project/.github/hooks/p.json': file('project'), 'home/.copilot/hooks/u.json': file('user') },
      hooks: { project: deny('from project'), user: deny('from user') },
    });
    const ran = { project: o.calls('project').length, user: o.calls('user').length };
    expect(ran.project + ran.user, 'the first deny stops the rest').toBe(1);
    const first = ran.project === 1 ? 'project' : 'user';
    expect(o.lastRequestText()).toContain(`Denied by preToolUse hook: from ${first}`);
    const loaded = await loadConfig({ cwd: join(o.root, 'project'), home: join(o.root, 'home'), env: {} });
    expect(loaded.handlers.map((h) => h.source)[0], 'hookctl lists that directory first').toBe(first);
  });
});
