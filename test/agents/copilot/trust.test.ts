import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/index.js';
import { type AgentCase, cleanup, hookCommand, hookctlSays, runCase, unavailable, warm } from './harness.js';

/**
 * Copilot CLI's folder trust in `-p` (1.0.102): a repository's `.github/hooks` load only with
 * `--trust-folder`, COPILOT_ALLOW_ALL=true or GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true; without
 * them the deny hook never runs and the tool does. hookctl, given the same environment (and no
 * assumed trust), holds the project hook back or runs it alike.
 */
const why = unavailable();

const guarded = (args: readonly string[], env: Record<string, string> = {}): AgentCase => ({
  turns: [{ tools: [{ name: 'bash', args: { command: 'echo ran > $ROOT/ran.txt', description: 'Mark' } }] }],
  files: { 'project/.github/hooks/hooks.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: hookCommand('gate') }] } } },
  hooks: { gate: { stdout: { permissionDecision: 'deny', permissionDecisionReason: 'trusted hook ran' } } },
  args,
  env,
});

const TRUST_CASES: readonly { name: string; given: AgentCase; env: Record<string, string>; loads: boolean }[] = [
  { name: 'no flag, no variable: repository hooks do not load', given: guarded([]), env: {}, loads: false },
  { name: '--trust-folder loads them', given: guarded(['--trust-folder']), env: {}, loads: true },
  {
    name: 'COPILOT_ALLOW_ALL=true loads them',
    given: guarded([], { COPILOT_ALLOW_ALL: 'true' }),
    env: { COPILOT_ALLOW_ALL: 'true' },
    loads: true,
  },
  {
    name: 'GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true loads them',
    given: guarded([], { GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS: 'true' }),
    env: { GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS: 'true' },
    loads: true,
  },
  {
    name: 'a trustedFolders entry in ~/.copilot/config.json (interactive trust) loads them',
    given: { ...guarded([]), files: { ...guarded([]).files, 'home/.copilot/config.json': { trustedFolders: ['$ROOT/project'] } } },
    env: {},
    loads: true,
  },
];

describe.skipIf(why !== null)('GitHub Copilot CLI 1.0.102: folder trust in -p', () => {
  beforeAll(warm, 180_000);
  if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);
  for (const c of TRUST_CASES) {
    it.concurrent(c.name, { timeout: 300_000 }, async () => {
      const o = await runCase(c.given);
      expect(o.session.exitCode, o.session.stderr).toBe(0);
      expect(existsSync(join(o.root, 'ran.txt')), 'the tool ran').toBe(!c.loads);
      expect(o.calls('gate').length, 'the hook ran').toBe(c.loads ? 1 : 0);
      // The flag is not visible to hookctl: a --trust-folder run is modelled by assuming workspace trust.
      const assumed = c.given.args?.includes('--trust-folder') ?? false;
      const payload = (await loadDialect('copilot')).fixture('preToolUse', { cwd: join(o.root, 'project') });
      const outcome = await hookctlSays(o.root, 'preToolUse', payload, { workspaceTrust: assumed ? 'assume' : 'check', env: c.env });
      expect(outcome.blocked, 'hookctl runs the hook exactly when Copilot does').toBe(c.loads);
      if (!c.loads) expect(outcome.runs.map((run) => run.skipReason)).toEqual(['workspace-untrusted']);
    });
  }
});
