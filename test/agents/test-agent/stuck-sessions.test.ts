import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, loadDialect } from '../../../src/index.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { runAgentCases } from '../../../src/testing/agent-cases.js';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import { runCli } from '../../helpers/run-cli.js';

/**
 * Issue 44: `hookctl test --agent codex` on a session that never ends says why, instead of waiting
 * out its timeout with "Codex did not finish". A Stop hook that exits 2 on every attempt (here a
 * shell script with a syntax error: dash exits 2) is found from the model requests (the turn going
 * on after its final message) and named with its exit code and stderr; a hook that hangs is named
 * with its command and how long it ran when the case timed out.
 */
const REPO = resolve(import.meta.dirname, '../../..');
const CODEX = join(REPO, 'node_modules', '.bin', 'codex');
const CLAUDE = join(REPO, 'node_modules', '.bin', 'claude');

function unavailable(): string | null {
  if (!existsSync(CODEX) || !existsSync(CLAUDE)) return 'the pinned agents are not installed (npm ci)';
  if (!existsSync(join(REPO, 'dist', 'src', 'dialects', 'codex', 'agent', 'driver.js'))) return 'dist/ is not built (npm run build)';
  const namespace = loopbackNamespace();
  return namespace.available ? null : namespace.reason;
}

const why = unavailable();
if (why !== null) {
  if (process.env.HOOKCTL_REQUIRE_TOOLS === '1') throw new Error(`stuck-sessions.test.ts: ${why}, and HOOKCTL_REQUIRE_TOOLS=1 requires it`);
  console.log(`stuck-sessions.test.ts: the real-agent cases not run: ${why}`);
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const LS_CASE = {
  event: 'PreToolUse',
  payload: {
    session_id: 's',
    turn_id: 't',
    transcript_path: null,
    cwd: '${PROJECT}',
    hook_event_name: 'PreToolUse',
    model: 'gpt-5-codex',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    tool_use_id: 'call-1',
  },
  expect: { decision: null },
};

/** A project at the root of a fresh repository with these files and the `ls` case. */
function project(files: Record<string, string>, lsCase: unknown = LS_CASE): { project: string; home: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-stuck-'));
  temps.push(dir);
  const root = join(dir, 'repo');
  execFileSync('git', ['init', '--quiet', root], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  for (const [path, text] of Object.entries(files)) write(path, text);
  write('hooks-tests/ls.case.json', JSON.stringify(lsCase));
  const home = join(dir, 'home');
  mkdirSync(home);
  return { project: root, home };
}

const codexProject = (hooks: Record<string, unknown>, files: Record<string, string>) =>
  project({ '.codex/hooks.json': JSON.stringify({ hooks }, null, 2), ...files });

const ANCHOR = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"';

describe.skipIf(why !== null)('hookctl test --agent: a session that does not end', () => {
  it('a crashing Stop hook fails the case in seconds, named with its exit code and stderr', { timeout: 180_000 }, async () => {
    const { project, home } = codexProject(
      { Stop: [{ hooks: [{ type: 'command', command: `sh ${ANCHOR}/.codex/hooks/check.sh`, timeout: 10 }] }] },
      { '.codex/hooks/check.sh': 'cat > /dev/null\nif [ -f package.json ]; then\n  echo ok\n' },
    );
    const started = Date.now();
    const result = await runCli(['test', '--agent', 'codex', '--cwd', project, '--home', home, '--agent-bin', CODEX], {
      timeoutMs: 170_000,
    });
    const seconds = (Date.now() - started) / 1000;
    const diagnosis = new RegExp(
      String.raw`^ {4}Codex kept re-entering Stop: it fired \d+ times, the turn going on after each, and the run was ended; ` +
        String.raw`hook \S+/\.codex/hooks\.json:stop:0:0 \(\.codex/hooks\.json:\d+\) blocked it: exit 2, ` +
        String.raw`stderr: ".*check\.sh: \d+: Syntax error: end of file unexpected`,
      'm',
    );
    expect(result.stdout).toMatch(diagnosis);
    expect(result.stdout).toMatch(/^0 passed, 0 failed, 0 disagree with hookctl, 0 not run in the agent, 1 errors/m);
    expect(result.code).toBe(1);
    // The default per-session timeout is 300 s; the loop is seen after a few continuations.
    expect(seconds).toBeLessThan(120);
  });

  it('a hook that hangs past the case timeout is named with its command and how long it ran', { timeout: 180_000 }, async () => {
    // The session's Stop hook hangs (its own timeout is longer than the case's); the PreToolUse case
    // itself selects no hook, so hookctl's prediction is immediate and only the agent's session hangs.
    const hang = 'sleep 900; echo "the guard waited on a lock"';
    const stop = { hooks: [{ type: 'command', command: hang, timeout: 600 }] };
    const { project, home } = codexProject({ Stop: [stop] }, {});
    const dialect = await loadDialect('codex');
    const engine = await createEngine({ dialect: 'codex', cwd: project, home, bypassTrust: true, workspaceTrust: 'assume' });
    try {
      const report = await runAgentCases({
        driver: await dialect.agentDriver!(),
        agentBin: CODEX,
        predict: (event, payload) => engine.dispatch(event as never, payload as never) as Promise<Outcome>,
        paths: [join(project, 'hooks-tests', 'ls.case.json')],
        projectDir: project,
        home,
        env: {},
        timeoutMs: 20_000,
      });
      const [result] = report.results;
      expect(result?.status).toBe('error');
      const command = JSON.stringify(hang).replace(/[\\"().;]/g, '\\$&');
      expect(result?.reason).toMatch(
        new RegExp(`^Codex did not finish within 20000 ms; still running then: ${command} \\(running for \\d+\\.\\d s\\)$`),
      );
    } finally {
      await engine.close();
    }
  });

  it('in Claude Code too: the hanging hook is named at the timeout', { timeout: 180_000 }, async () => {
    const hang = 'sleep 900; echo "the check waited on a lock"';
    const settings = { hooks: { Stop: [{ hooks: [{ type: 'command', command: hang, timeout: 600 }] }] } };
    const { project: dir, home } = project({ '.claude/settings.json': JSON.stringify(settings) }, null);
    const fixture = await runCli([
      'fixture',
      'PreToolUse',
      '--tool',
      'Bash',
      '--set',
      'tool_input.command=ls',
      '--cwd',
      dir,
      '--home',
      home,
    ]);
    expect(fixture.code).toBe(0);
    writeFileSync(
      join(dir, 'hooks-tests', 'ls.case.json'),
      JSON.stringify({ event: 'PreToolUse', payload: JSON.parse(fixture.stdout), expect: {} }),
    );
    const dialect = await loadDialect('claude');
    const engine = await createEngine({ dialect: 'claude', cwd: dir, home, bypassTrust: true, workspaceTrust: 'assume' });
    try {
      const report = await runAgentCases({
        driver: await dialect.agentDriver!(),
        agentBin: CLAUDE,
        predict: (event, payload) => engine.dispatch(event as never, payload as never) as Promise<Outcome>,
        paths: [join(dir, 'hooks-tests', 'ls.case.json')],
        projectDir: dir,
        home,
        env: {},
        timeoutMs: 30_000,
      });
      const [result] = report.results;
      expect(result?.status).toBe('error');
      const command = JSON.stringify(hang).replace(/[\\"().;]/g, '\\$&');
      const reason = new RegExp(
        `^Claude Code did not finish within 30000 ms; still running then: ${command} \\(running for \\d+\\.\\d s\\)$`,
      );
      expect(result?.reason).toMatch(reason);
    } finally {
      await engine.close();
    }
  });
});
