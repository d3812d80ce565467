import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, loadDialect } from '../../../src/index.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { runAgentCases } from '../../../src/testing/agent-cases.js';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import { BIN, runCli } from '../../helpers/run-cli.js';

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

/** The pinned agents' versions: a bump fails these tests only where the agents' behaviour changed. */
const PINS = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
const CLAUDE_VERSION = PINS['@anthropic-ai/claude-code']!;
const CODEX_VERSION = PINS['@openai/codex']!;

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

/**
 * A copy of an example project, with some case files replaced; `inRepo` puts it at
 * `<repo>/examples/<name>` in a repository of its own, as it sits in ours.
 */
function exampleCopy(name: string, cases: Record<string, unknown> = {}, inRepo = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-agent-test-'));
  temps.push(dir);
  const project = inRepo ? join(dir, 'repo', 'examples', name) : join(dir, name);
  cpSync(join(EXAMPLES, name), project, { recursive: true, filter: (path) => !/\.(jsonl|log)$/.test(path) });
  if (inRepo) execFileSync('git', ['init', '--quiet', join(dir, 'repo')], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
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
    expect(result.stderr.trim()).toBe('hookctl: hookctl cannot drive the octo agent yet; use one of claude, codex, copilot');
  });
});

// One after the other: on a shared two-core machine, agents running beside hookctl's own prediction
// make the hooks' timeouts (2–10 s in the examples) decide the cases instead of their logic.
describe.skipIf(why !== null)('hookctl test --agent in the pinned agents (scripted model, loopback namespace)', () => {
  it(`examples/claude-guard passes in Claude Code ${CLAUDE_VERSION}`, AGENT_RUN, async () => {
    // A copy: hookctl's side runs the hooks in the project, and they write there (logs, formatting).
    const result = await runCli(['test', '--agent', 'claude', exampleCopy('claude-guard'), '--agent-bin', CLAUDE, '--jobs', '2'], {
      timeoutMs: 600_000,
    });
    expect(result.stdout, result.stderr).toContain(`Claude Code ${CLAUDE_VERSION} (Claude Code)`);
    // One progress line per case as it finishes, then the table and the summary.
    expect(result.stdout.match(/^[✓✗≠!-] \S+\.case\.json \(\d+\.\d s\): /gm)).toHaveLength(9);
    expect(result.stdout).toMatch(/^rm-rf-home\.case\.json +passed +denied the call: "refusing rm -r on \/, ~/m);
    expect(result.stdout).toMatch(/^force-push\.case\.json +passed +refused the call \(ask\)/m);
    expect(result.stdout).toMatch(/^stop-tests-fail\.case\.json +passed +went on after the final message/m);
    // A Write to /etc/hosts: the jail shadows /etc with an overlay kept in the sandbox, so it succeeds there.
    expect(result.stdout).toMatch(/^format-outside-project\.case\.json +passed /m);
    expect(result.stdout).toMatch(/^9 passed, 0 failed, 0 disagree with hookctl, 0 not run in the agent, 0 errors/m);
    expect(result.code).toBe(0);
  });

  it(
    `examples/codex-guard passes in Codex ${CODEX_VERSION} below its repository root, as JUnit with the agent version`,
    AGENT_RUN,
    async () => {
      // Its hooks are anchored at `git rev-parse --show-toplevel`/examples/codex-guard: the sandbox keeps that layout.
      const result = await runCli(
        ['test', '--agent', 'codex', exampleCopy('codex-guard', {}, true), '--agent-bin', CODEX, '--jobs', '2', '--format', 'junit'],
        // Codex runs hooks with `bash -c`; with SHLVL unset (as under vitest) bash sources ~/.bashrc for a
        // socket stdin, and a machine's pyenv init there makes every python3 hook outlast its timeout.
        { timeoutMs: 600_000, env: { SHLVL: '1' } },
      );
      expect(result.stdout, result.stderr).toContain(`<property name="agentVersion" value="codex-cli ${CODEX_VERSION}"/>`);
      expect(result.stdout).toContain('tests="7" failures="0" errors="0" skipped="0"');
      expect(result.stdout.match(/<testcase /g)).toHaveLength(7);
      expect(result.stderr.match(/^✓ /gm)).toHaveLength(7);
      expect(result.code).toBe(0);
    },
  );

  it('a wrong expectation fails with what the agent did, and the command that re-runs it', AGENT_RUN, async () => {
    const project = exampleCopy('claude-guard', {
      'rm-rf-home.case.json': { event: 'PreToolUse', payloadFile: 'payloads/rm-rf-home.json', expect: { decision: 'allow' } },
    });
    const file = join(project, 'hooks-tests', 'rm-rf-home.case.json');
    const result = await runCli(['test', '--agent', 'claude', file, '--agent-bin', CLAUDE, '--json'], { timeoutMs: 600_000 });
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { agentVersion: string; failed: number; results: Record<string, unknown>[] };
    expect(report.agentVersion).toBe(`${CLAUDE_VERSION} (Claude Code)`);
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
    const project = exampleCopy('codex-guard', {}, true);
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

/** PATH with every directory that holds `unshare` replaced by a copy of links to all its other programs. */
function pathWithoutUnshare(): string {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return dirs
    .map((dir) => {
      if (!existsSync(join(dir, 'unshare'))) return dir;
      const bare = mkdtempSync(join(tmpdir(), 'hookctl-no-unshare-'));
      temps.push(bare);
      for (const name of readdirSync(dir)) if (name !== 'unshare') symlinkSync(join(dir, name), join(bare, name));
      return bare;
    })
    .join(delimiter);
}

describe.skipIf(!existsSync(CLAUDE))('hookctl test --agent where no namespace can be made', () => {
  it('says in one line that the agent and the hooks run unsandboxed', async () => {
    // A case Claude cannot be made to fire: no agent session starts, on this host's network or any other.
    const project = exampleCopy('claude-guard', {
      'compact.case.json': { event: 'PreCompact', payload: { trigger: 'manual' }, expect: {} },
    });
    const file = join(project, 'hooks-tests', 'compact.case.json');
    const result = await runCli(['test', '--agent', 'claude', file, '--agent-bin', CLAUDE], { env: { PATH: pathWithoutUnshare() } });
    const notes = result.stderr.split('\n').filter((line) => line.startsWith('hookctl: note: '));
    expect(notes).toEqual([
      "hookctl: note: unshare (util-linux) is not installed: the agent and the project's hooks run unsandboxed on this host " +
        '(as with `hookctl test`); the agent reaches 127.0.0.1 only because its settings say so',
    ]);
    expect(result.stdout).toMatch(/^compact\.case\.json +not-run +Claude Code cannot be made to fire PreCompact/m);
    expect(result.code).toBe(0);
  });
});

describe.skipIf(why !== null)('hookctl test --agent: the user layer and Ctrl-C', () => {
  it('--with-user-settings brings the user layer in: its deny is seen only with the flag', AGENT_RUN, async () => {
    const home = mkdtempSync(join(tmpdir(), 'hookctl-agent-home-'));
    temps.push(home);
    mkdirSync(join(home, '.claude'));
    const deny = { type: 'command', command: "echo 'the user layer says no' >&2; exit 2" };
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [deny] }] } }));
    const project = exampleCopy('claude-guard', {
      'user-deny.case.json': {
        event: 'PreToolUse',
        payloadFile: 'payloads/harmless.json',
        expect: { decision: 'deny' },
      },
    });
    const file = join(project, 'hooks-tests', 'user-deny.case.json');
    const run = async (...flags: string[]) => {
      const result = await runCli(['test', '--agent', 'claude', file, '--agent-bin', CLAUDE, '--json', ...flags], {
        env: { HOME: home, CLAUDE_CONFIG_DIR: undefined },
        timeoutMs: 600_000,
      });
      const report = JSON.parse(result.stdout || '{}') as {
        results?: { agentDid: string; status: string; disagreements: unknown[] }[];
      };
      return { result, case: report.results?.[0] };
    };
    const without = await run();
    expect(without.case?.agentDid, without.result.stderr).toBe('ran the call');
    expect(without.case?.status).toBe('failed');
    // hookctl predicts from the same view: the user layer is out of both, so they agree.
    expect(without.case?.disagreements).toEqual([]);
    const opted = await run('--with-user-settings');
    expect(opted.case?.agentDid, opted.result.stderr).toMatch(/^denied the call: ".*: the user layer says no(\\n)?"$/);
    expect(opted.case?.status).toBe('passed');
    expect(opted.case?.disagreements).toEqual([]);
    expect(opted.result.code).toBe(0);
  });

  it('Ctrl-C ends every agent process and removes every sandbox, exit 130', AGENT_RUN, async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'hookctl-agent-sigint-'));
    temps.push(tmp);
    const project = exampleCopy('claude-guard');
    const child = spawn(process.execPath, [BIN, 'test', '--agent', 'claude', project, '--agent-bin', CLAUDE, '--jobs', '2'], {
      env: { ...process.env, TMPDIR: tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    let stdout = '';
    await new Promise<void>((started, failed) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (/^[✓✗≠!-] /m.test(stdout)) started();
      });
      child.on('close', () => failed(new Error(`hookctl ended before any case finished: ${stdout}`)));
    });
    // Cases are still running now: nine cases, two at a time.
    expect(readdirSync(tmp).filter((name) => name.startsWith('hookctl-agent-')).length).toBeGreaterThan(0);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(readdirSync(tmp).filter((name) => name.startsWith('hookctl-agent-'))).toEqual([]);
    // A SIGKILLed process leaves /proc when it is reaped: a moment at most.
    for (let tries = 0; tries < 50 && processesUnder(tmp).length > 0; tries++) await new Promise((wait) => setTimeout(wait, 100));
    expect(processesUnder(tmp)).toEqual([]);
  });
});

/** Processes whose command line or working directory is under `dir` (the agents, their drivers and hooks). */
function processesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cmdline.includes(dir) || cwd.startsWith(dir)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** A shell word printing the hook answer for `event` (the two agents share this wire form). */
const answer = (event: string, fields: object): string =>
  `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...fields } })}'`;
const PERMISSION_HOOK = [
  'input=$(cat)',
  'case "$input" in',
  `  *refuse-me*) ${answer('PermissionRequest', { decision: { behavior: 'deny', message: 'not this one' } })} ;;`,
  `  *) ${answer('PermissionRequest', { decision: { behavior: 'allow' } })} ;;`,
  'esac',
].join('\n');
const REWRITE_HOOK = [
  'input=$(cat)',
  'case "$input" in',
  `  *rewrite-me*) ${answer('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'echo REWRITTEN-MARK' } })} ;;`,
  'esac',
].join('\n');

/**
 * A project (its own repository) whose PermissionRequest hook allows a command and denies one with
 * `refuse-me` in it, and whose PreToolUse hook rewrites `echo rewrite-me`; a case for each.
 */
async function permissionProject(agent: 'claude' | 'codex'): Promise<string> {
  const project = mkdtempSync(join(tmpdir(), 'hookctl-agent-perm-'));
  temps.push(project);
  execFileSync('git', ['init', '--quiet', project], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  const dir = agent === 'claude' ? '.claude' : '.codex';
  mkdirSync(join(project, dir, 'hooks'), { recursive: true });
  writeFileSync(join(project, dir, 'hooks', 'perm.sh'), PERMISSION_HOOK);
  writeFileSync(join(project, dir, 'hooks', 'rewrite.sh'), REWRITE_HOOK);
  const root = agent === 'claude' ? '"$CLAUDE_PROJECT_DIR"' : '"$(git rev-parse --show-toplevel)"';
  const hook = (name: string) => [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${root}/${dir}/hooks/${name}.sh` }] }];
  const hooks = { PermissionRequest: hook('perm'), PreToolUse: hook('rewrite') };
  writeFileSync(join(project, dir, agent === 'claude' ? 'settings.json' : 'hooks.json'), JSON.stringify({ hooks }, null, 2));
  const dialect = await loadDialect(agent);
  const cases = join(project, 'hooks-tests');
  mkdirSync(cases);
  const write = (name: string, event: string, command: string, expect: Record<string, unknown>): void => {
    const payload = { ...dialect.fixture(event, { cwd: project }), cwd: project, tool_name: 'Bash' } as Record<string, unknown>;
    payload.tool_input = agent === 'claude' ? { command, description: 'a case' } : { command };
    writeFileSync(join(cases, `${name}.case.json`), JSON.stringify({ event, payload, expect }, null, 2));
  };
  write('perm-allow', 'PermissionRequest', 'touch allowed.txt', { decision: 'allow' });
  write('perm-deny', 'PermissionRequest', 'touch refuse-me.txt', { decision: 'deny', reason: 'not this one' });
  write('rewrite', 'PreToolUse', 'echo rewrite-me', { updatedInput: { command: 'echo REWRITTEN-MARK' } });
  return project;
}

interface JsonReport {
  results: { name: string; status: string; agentDid: string; reason: string | null }[];
}

describe.skipIf(why !== null)('hookctl test --agent: PermissionRequest and rewritten input', () => {
  it.each(['claude', 'codex'] as const)(
    '%s runs PermissionRequest cases and sees the rewritten command',
    async (agent) => {
      const project = await permissionProject(agent);
      const bin = agent === 'claude' ? CLAUDE : CODEX;
      const result = await runCli(['test', '--agent', agent, '--cwd', project, '--agent-bin', bin, '--jobs', '2', '--json'], {
        timeoutMs: 600_000,
      });
      const report = JSON.parse(result.stdout || '{"results":[]}') as JsonReport;
      const byName = Object.fromEntries(report.results.map((r) => [r.name, r]));
      expect(byName['perm-allow.case.json'], result.stderr).toMatchObject({ status: 'passed', agentDid: 'allowed the call: it ran' });
      expect(byName['perm-deny.case.json']).toMatchObject({ status: 'passed', agentDid: expect.stringMatching(/^refused the call/) });
      expect(byName['rewrite.case.json']).toMatchObject({ status: 'passed', agentDid: 'ran the call rewritten to "echo REWRITTEN-MARK"' });
      expect(result.code).toBe(0);
    },
    AGENT_RUN.timeout,
  );
});
