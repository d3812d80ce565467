import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import { runCli } from '../../helpers/run-cli.js';

/**
 * Issue 43: `hookctl test --agent claude --served` runs the cases in the real Claude Code with the
 * project's served hooks (`.claude/hookctl-served.json`) answered by `hookctl serve --http` inside
 * the agent's sandbox, reached through the project's own http handler — as in a real session. The
 * `ls` case tells it apart from a run where nothing serves: the handler's `onFailure: "block"` would
 * then block every call.
 */
const REPO = resolve(import.meta.dirname, '../../..');
const CLAUDE = join(REPO, 'node_modules', '.bin', 'claude');

function unavailable(): string | null {
  if (!existsSync(CLAUDE)) return 'the pinned Claude Code is not installed (npm ci)';
  if (!existsSync(join(REPO, 'dist', 'src', 'dialects', 'claude', 'agent', 'driver.js'))) return 'dist/ is not built (npm run build)';
  const namespace = loopbackNamespace();
  return namespace.available ? null : namespace.reason;
}

const why = unavailable();
if (why !== null) {
  if (process.env.HOOKCTL_REQUIRE_TOOLS === '1') throw new Error(`served.test.ts: ${why}, and HOOKCTL_REQUIRE_TOOLS=1 requires it`);
  console.log(`served.test.ts: the real-Claude cases not run: ${why}`);
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const DENY = JSON.stringify({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'served guard: no rm -rf' },
});
const GUARD = `#!/bin/sh
payload=$(cat)
case "$payload" in
  *'rm -rf'*) printf '%s' '${DENY}' ;;
esac
exit 0
`;

const call = (command: string) => ({
  session_id: 's',
  transcript_path: '/tmp/t.jsonl',
  cwd: '${PROJECT}',
  hook_event_name: 'PreToolUse',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command, description: 'the case' },
  tool_use_id: 'toolu_1',
});

/** A repository with the served guard registered by `scaffold --register --http`, and its two cases. */
async function servedProject(): Promise<{ project: string; home: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-served-'));
  temps.push(dir);
  const project = join(dir, 'repo');
  const home = join(dir, 'home');
  execFileSync('git', ['init', '--quiet', project], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  mkdirSync(home);
  const args = ['scaffold', 'PreToolUse', '--dialect', 'claude', '--matcher', 'Bash', '--lang', 'sh', '--name', 'guard'];
  const scaffolded = await runCli([...args, '--register', '--http', '--port', '47850', '--cwd', project, '--home', home]);
  expect(scaffolded.code, scaffolded.stderr).toBe(0);
  writeFileSync(join(project, '.claude', 'hooks', 'guard.sh'), GUARD);
  mkdirSync(join(project, 'hooks-tests'));
  const expectDeny = { decision: 'deny', reason: 'served guard: no rm -rf' };
  writeFileSync(
    join(project, 'hooks-tests', 'deny.case.json'),
    JSON.stringify({ event: 'PreToolUse', payload: call('rm -rf build'), expect: expectDeny }),
  );
  writeFileSync(
    join(project, 'hooks-tests', 'ls.case.json'),
    JSON.stringify({ event: 'PreToolUse', payload: call('ls'), expect: { decision: null } }),
  );
  return { project, home };
}

const AGENT_MS = 240_000;
const AGENT_RUN = { timeout: AGENT_MS };

describe.skipIf(why !== null)('hookctl test --agent claude --served (real binary, scripted model, loopback namespace)', () => {
  it('the served guard denies rm -rf through the endpoint and lets ls run', AGENT_RUN, async () => {
    const { project, home } = await servedProject();
    const result = await runCli(
      ['test', '--agent', 'claude', '--served', join(project, 'hooks-tests'), '--agent-bin', CLAUDE, '--home', home, '--json'],
      { timeoutMs: AGENT_MS - 10_000 },
    );
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { passed: number; results: { file: string; status: string; agentDid: string }[] };
    const did = Object.fromEntries(report.results.map((r) => [r.file.replace(/^.*\//, ''), [r.status, r.agentDid]]));
    expect(did).toEqual({
      'deny.case.json': ['passed', 'denied the call: "served guard: no rm -rf"'],
      'ls.case.json': ['passed', 'ran the call'],
    });
  });

  it('settings without the http handler: the cases are not run, naming the missing handler', AGENT_RUN, async () => {
    const { project, home } = await servedProject();
    writeFileSync(join(project, '.claude', 'settings.json'), '{}\n');
    const result = await runCli(
      ['test', '--agent', 'claude', '--served', join(project, 'hooks-tests', 'ls.case.json'), '--agent-bin', CLAUDE, '--home', home],
      { timeoutMs: AGENT_MS - 10_000 },
    );
    expect(result.stdout).toContain('--served: .claude/settings.json has no http handler to http://127.0.0.1:<port>/hook');
    expect(result.stdout).toContain('0 passed');
  });
});
