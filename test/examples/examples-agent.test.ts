import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loopbackNamespace } from '../../src/util/loopback-namespace.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * Issue 44: a bundled example copied to the root of another repository, as a user takes it for a
 * template, passes `hookctl test --agent` there. One case per example whose agent hookctl drives
 * (test/examples/examples.test.ts runs every example's `hookctl test` cases in the same layout): the
 * codex one is the Stop case, whose hook kept a copied example's sessions going for 300 s.
 */
const REPO = resolve(import.meta.dirname, '../..');
const AGENTS = {
  claude: { bin: join(REPO, 'node_modules', '.bin', 'claude'), example: 'claude-guard', case: 'rm-rf-home.case.json' },
  codex: { bin: join(REPO, 'node_modules', '.bin', 'codex'), example: 'codex-guard', case: 'stop.case.json' },
} as const;

function unavailable(): string | null {
  if (!Object.values(AGENTS).every((agent) => existsSync(agent.bin))) return 'the pinned agents are not installed (npm ci)';
  if (!existsSync(join(REPO, 'dist', 'src', 'dialects', 'codex', 'agent', 'driver.js'))) return 'dist/ is not built (npm run build)';
  const namespace = loopbackNamespace();
  return namespace.available ? null : namespace.reason;
}

const why = unavailable();
if (why !== null) {
  if (process.env.HOOKCTL_REQUIRE_TOOLS === '1') throw new Error(`examples-agent.test.ts: ${why}, and HOOKCTL_REQUIRE_TOOLS=1 requires it`);
  console.log(`examples-agent.test.ts: the real-agent cases not run: ${why}`);
}

const sandbox = mkdtempSync(join(tmpdir(), 'hookctl-examples-agent-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe.skipIf(why !== null).each(Object.entries(AGENTS))('hookctl test --agent %s', (agent, { bin, example, case: caseFile }) => {
  it(`passes ${example}/hooks-tests/${caseFile} with the example copied to another repository's root`, { timeout: 600_000 }, async () => {
    const root = join(sandbox, `${example}-repo`);
    cpSync(join(REPO, 'examples', example), root, { recursive: true, filter: (path) => !/\.(jsonl|log)$/.test(path) });
    execFileSync('git', ['init', '--quiet', root], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    const home = join(sandbox, `${example}-home`);
    mkdirSync(home);
    const args = ['test', '--agent', agent, join(root, 'hooks-tests', caseFile), '--cwd', root, '--home', home, '--agent-bin', bin];
    const result = await runCli(args, { timeoutMs: 590_000 });
    expect(result.stdout).toMatch(new RegExp(`^✓ ${caseFile.replaceAll('.', '\\.')} \\(`, 'm'));
    expect(result.stdout).toMatch(/^1 passed, 0 failed, 0 disagree with hookctl, 0 not run in the agent, 0 errors/m);
    expect(result.code).toBe(0);
  });
});

/**
 * Issue 40: examples/one-guard's cases, written once (most in Claude Code's form with `dialects`), in
 * each real agent: a case for this agent's dialect runs (translated through the cross-agent table
 * when written for another), a case for other dialects only is listed as not run.
 */
describe.skipIf(why !== null).each(Object.entries(AGENTS))('hookctl test --agent %s examples/one-guard', (agent, { bin }) => {
  it('runs the cases naming this dialect, translated where written for another, and not the others', { timeout: 600_000 }, async () => {
    const root = join(sandbox, `one-guard-${agent}-repo`);
    cpSync(join(REPO, 'examples', 'one-guard'), root, { recursive: true });
    execFileSync('git', ['init', '--quiet', root], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
    const home = join(sandbox, `one-guard-${agent}-home`);
    mkdirSync(home);
    const args = ['test', '--agent', agent, join(root, 'hooks-tests'), '--cwd', root, '--home', home, '--agent-bin', bin, '--jobs', '2'];
    const result = await runCli(args, { timeoutMs: 590_000 });
    // claude: force-push, ls, rm-rf, write-env; codex: codex-rm, force-push, ls, rm-rf. Each: the gemini case, and one of the other's.
    expect(result.stdout).toMatch(/^4 passed, 0 failed, 0 disagree with hookctl, 2 not run in the agent, 0 errors/m);
    expect(result.stdout).toMatch(new RegExp(`^gemini-edit-env\\.case\\.json +not-run +the case is for gemini, not ${agent}$`, 'm'));
    expect(result.code).toBe(0);
  });
});
