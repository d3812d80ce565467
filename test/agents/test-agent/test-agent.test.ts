import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, loadDialect } from '../../../src/index.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { runAgentCases } from '../../../src/testing/agent-cases.js';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import { runCli } from '../../helpers/run-cli.js';

/**
 * `hookctl test --agent claude|codex` (issue 27) through the real binary and the pinned agents:
 * the two examples pass inside their agent, a wrong expectation fails with what the agent did, a
 * wrong hookctl prediction (a test double given to the library) is reported as a disagreement, a
 * redirecting setting is refused and a missing agent binary is a one-line error.
 */
const REPO = resolve(import.meta.dirname, '../../..');
const CLAUDE = join(REPO, 'node_modules', '.bin', 'claude');
const CODEX = join(REPO, 'node_modules', '.bin', 'codex');
const EXAMPLES = join(REPO, 'examples');

function unavailable(): string | null {
  if (!existsSync(CLAUDE) || !existsSync(CODEX)) return 'the pinned agents are not installed (npm ci)';
  if (!existsSync(join(REPO, 'dist', 'src', 'dialects', 'claude', 'agent', 'driver.js'))) return 'dist/ is not built (npm run build)';
  const namespace = loopbackNamespace();
  return namespace.available ? null : namespace.reason;
}

const why = unavailable();
if (why !== null) {
  if (process.env.HOOKCTL_REQUIRE_TOOLS === '1') throw new Error(`test-agent.test.ts: ${why}, and HOOKCTL_REQUIRE_TOOLS=1 requires it`);
  console.log(`test-agent.test.ts: the real-agent cases not run: ${why}`);
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A copy of an example project, with some case files replaced. */
function exampleCopy(name: string, cases: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-agent-test-'));
  temps.push(dir);
  const project = join(dir, name);
  cpSync(join(EXAMPLES, name), project, { recursive: true });
  for (const [file, content] of Object.entries(cases)) writeFileSync(join(project, 'hooks-tests', file), JSON.stringify(content));
  return project;
}

const AGENT_RUN = { timeout: 600_000 };

describe('hookctl test --agent: refusals before any agent runs', () => {
  it('a missing agent binary is one line with the install command', async () => {
    const project = exampleCopy('claude-guard');
    const result = await runCli(['test', '--agent', 'claude', project], { env: { PATH: '/usr/bin:/bin' } });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'hookctl: Claude Code (`claude`) is not on PATH; ' +
        'install it with `npm install -g @anthropic-ai/claude-code` or give its path with --agent-bin',
    );
    expect(result.stdout).toBe('');
  });

  it('an --agent-bin that is not an executable is refused the same way', async () => {
    const result = await runCli(['test', '--agent', 'codex', exampleCopy('codex-guard'), '--agent-bin', '/nonexistent/codex']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--agent-bin /nonexistent/codex is not an executable file; Codex installs with: npm install -g @openai/codex',
    );
  });

  it('an apiKeyHelper or ANTHROPIC_BASE_URL in the copied settings is refused, naming the file and key', async () => {
    const project = exampleCopy('claude-guard');
    mkdirSync(join(project, '.claude'), { recursive: true });
    writeFileSync(
      join(project, '.claude', 'settings.local.json'),
      JSON.stringify({
        apiKeyHelper: '/usr/local/bin/get-key',
        env: { ANTHROPIC_BASE_URL: 'https://proxy.example', ANTHROPIC_MODEL: 'x' },
      }),
    );
    const result = await runCli(['test', '--agent', 'claude', project, '--agent-bin', CLAUDE]);
    expect(result.code).toBe(2);
    const local = join(project, '.claude', 'settings.local.json');
    expect(result.stderr).toContain('hookctl: refusing to run Claude Code: the copied settings could send it off this machine');
    expect(result.stderr).toContain(`${local}: "apiKeyHelper" can send Claude Code to another endpoint or credential program`);
    expect(result.stderr).toContain(`${local}: "env.ANTHROPIC_BASE_URL" can send Claude Code`);
    expect(result.stderr).not.toContain('ANTHROPIC_MODEL');
    expect(result.stdout).toBe('');
  });

  it('a codex model provider in the project config.toml is refused with its line', async () => {
    const project = exampleCopy('codex-guard');
    writeFileSync(join(project, '.codex', 'config.toml'), '[model_providers.corp]\nbase_url = "https://llm.example/v1"\n');
    const result = await runCli(['test', '--agent', 'codex', project, '--agent-bin', CODEX]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${join(project, '.codex', 'config.toml')}:1: "model_providers" can send Codex to another endpoint`);
  });

  it('an unknown agent is a usage error naming the drivable ones', async () => {
    const result = await runCli(['test', '--agent', 'octo', exampleCopy('octo-guard')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('hookctl: hookctl cannot drive the octo agent yet; use one of claude, codex');
  });
});

// One after the other: on a shared two-core machine, agents running beside hookctl's own prediction
// make the hooks' timeouts (2–10 s in the examples) decide the cases instead of their logic.
describe.skipIf(why !== null)('hookctl test --agent in the pinned agents (scripted model, loopback namespace)', () => {
  it('examples/claude-guard passes in Claude Code 2.1.328', AGENT_RUN, async () => {
    // A copy: hookctl's side runs the hooks in the project, and they write there (logs, formatting).
    const result = await runCli(['test', '--agent', 'claude', exampleCopy('claude-guard'), '--agent-bin', CLAUDE, '--jobs', '2'], {
      timeoutMs: 600_000,
    });
    expect(result.stdout, result.stderr).toContain('Claude Code 2.1.328 (Claude Code)');
    // One progress line per case as it finishes, then the table and the summary.
    expect(result.stdout.match(/^[✓✗≠!-] \S+\.case\.json \(\d+\.\d s\): /gm)).toHaveLength(9);
    expect(result.stdout).toMatch(/^rm-rf-home\.case\.json +passed +denied the call: "refusing rm -r on \/, ~/m);
    expect(result.stdout).toMatch(/^force-push\.case\.json +passed +refused the call \(ask\)/m);
    expect(result.stdout).toMatch(/^stop-tests-fail\.case\.json +passed +went on after the final message/m);
    // The one case Claude cannot reproduce here: a Write to /etc/hosts fails in the read-only sandbox.
    expect(result.stdout).toMatch(/^format-outside-project\.case\.json +not-run /m);
    expect(result.stdout).toMatch(/^8 passed, 0 failed, 0 disagree with hookctl, 1 not run in the agent, 0 errors/m);
    expect(result.code).toBe(0);
  });

  it('examples/codex-guard passes in Codex 0.169.0, as JUnit with the agent version', AGENT_RUN, async () => {
    const result = await runCli(
      ['test', '--agent', 'codex', exampleCopy('codex-guard'), '--agent-bin', CODEX, '--jobs', '2', '--format', 'junit'],
      { timeoutMs: 600_000 },
    );
    expect(result.stdout, result.stderr).toContain('<property name="agentVersion" value="codex-cli 0.169.0"/>');
    expect(result.stdout).toContain('tests="7" failures="0" errors="0" skipped="0"');
    expect(result.stdout.match(/<testcase /g)).toHaveLength(7);
    expect(result.stderr.match(/^✓ /gm)).toHaveLength(7);
    expect(result.code).toBe(0);
  });

  it('a wrong expectation fails with what the agent did, and the command that re-runs it', AGENT_RUN, async () => {
    const project = exampleCopy('claude-guard', {
      'rm-rf-home.case.json': { event: 'PreToolUse', payloadFile: 'payloads/rm-rf-home.json', expect: { decision: 'allow' } },
    });
    const file = join(project, 'hooks-tests', 'rm-rf-home.case.json');
    const result = await runCli(['test', '--agent', 'claude', file, '--agent-bin', CLAUDE, '--json'], { timeoutMs: 600_000 });
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { agentVersion: string; failed: number; results: Record<string, unknown>[] };
    expect(report.agentVersion).toBe('2.1.328 (Claude Code)');
    expect(report.failed).toBe(1);
    const [failed] = report.results;
    expect(failed).toMatchObject({
      name: 'rm-rf-home.case.json',
      status: 'failed',
      agentDid: 'denied the call: "refusing rm -r on /, ~, .., . or *: delete the files you mean by name instead"',
      mismatches: [{ path: '/decision', expected: 'allow', actual: 'deny' }],
      disagreements: [],
      reproduce: `hookctl test --agent claude ${file} --cwd ${project} --agent-bin ${CLAUDE}`,
    });
  });

  it('a wrong hookctl prediction (a test double) is reported as a disagreement', AGENT_RUN, async () => {
    const project = exampleCopy('codex-guard');
    const home = mkdtempSync(join(tmpdir(), 'hookctl-agent-home-'));
    temps.push(home);
    const dialect = await loadDialect('codex');
    const engine = await createEngine({ dialect: 'codex', cwd: project, home, bypassTrust: true, workspaceTrust: 'assume' });
    // hookctl's real outcome with the deny taken away: what a hookctl bug in the codex protocol would predict.
    const predict = async (event: string, payload: unknown): Promise<Outcome> => {
      const outcome = (await engine.dispatch(event as never, payload as never)) as Outcome;
      return { ...outcome, decision: null, blocked: false, reason: null };
    };
    try {
      const report = await runAgentCases({
        driver: await dialect.agentDriver!(),
        agentBin: CODEX,
        predict,
        paths: [join(project, 'hooks-tests', 'rm-rf.case.json')],
        projectDir: project,
        home,
        env: {},
      });
      const [result] = report.results;
      expect(result?.status, JSON.stringify(result)).toBe('disagrees');
      expect(result?.mismatches).toEqual([]);
      expect(result?.disagreements).toEqual([
        {
          field: 'decision',
          agentDid: 'denied the call: "refusing destructive rm -rf (command: rm -rf /). Command: rm -rf /"',
          hookctlPredicts: 'no decision: the call runs',
          agentValue: 'deny',
        },
        {
          field: 'reason',
          agentDid: 'told the model "refusing destructive rm -rf (command: rm -rf /). Command: rm -rf /"',
          hookctlPredicts: 'no reason',
          agentValue: 'refusing destructive rm -rf (command: rm -rf /). Command: rm -rf /',
        },
      ]);
    } finally {
      await engine.close();
    }
  });
});
