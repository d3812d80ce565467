import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVEN_AGENTS } from '../../src/dialects/shared/agent-versions.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * Version awareness through the real hookctl binary, with stub agent binaries on PATH: `--version`
 * names the proven releases; dry-run, list, test and lint --effective say once on stderr when the
 * installed agent is another release (newer: may differ; older: lint names what it lacks); a missing
 * binary is silent; one that hangs or prints garbage costs a short timeout and a one-line note, never
 * a failed command; `--agent-version` overrides detection; a repository cannot choose the binary.
 */
const REPO = resolve(import.meta.dirname, '../..');
const CODEX = PROVEN_AGENTS.codex!;
const HOOKS = {
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok' }] }],
    PreModelRequest: [{ hooks: [{ type: 'command', command: 'echo model' }] }],
  },
};

/** A codex project, and a bin/ directory for a stub `codex` that logs every run to `runs`. */
function project(): TempProject & { bin: string; runs: string; path: string } {
  const sandbox = makeTempProject();
  sandbox.write('project/.codex/hooks.json', JSON.stringify(HOOKS));
  const bin = join(sandbox.root, 'bin');
  mkdirSync(bin);
  return { ...sandbox, bin, runs: join(sandbox.root, 'runs'), path: `${bin}:/usr/bin:/bin` };
}

/** A stub `codex` running `body` after logging its run. */
function stub(sandbox: { bin: string; runs: string }, body: string): void {
  writeFileSync(join(sandbox.bin, 'codex'), `#!/bin/sh\necho run >> '${sandbox.runs}'\n${body}\n`, { mode: 0o755 });
}

const runs = (sandbox: { runs: string }) =>
  existsSync(sandbox.runs) ? readFileSync(sandbox.runs, 'utf8').split('\n').filter(Boolean).length : 0;

function hookctl(sandbox: TempProject & { path: string }, args: readonly string[], path = sandbox.path) {
  return runCli([...args, '--dialect', 'codex', '--home', sandbox.home], { cwd: sandbox.project, env: { PATH: path } });
}

const notes = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('hookctl: note:'));

describe('hookctl --version', () => {
  it('prints the package version, then the agent release each dialect is proven against', async () => {
    const result = await runCli(['--version']);
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([version, 'proven against:']);
    expect(lines.slice(2).map((line) => line.trim().split(/\s+/))).toEqual(
      Object.entries(PROVEN_AGENTS).map(([id, agent]) => [id, ...agent.agent.split(' '), agent.version]),
    );
  });

  it('names the pinned releases of package.json', () => {
    const pins = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
      .devDependencies;
    for (const agent of Object.values(PROVEN_AGENTS)) expect(agent.version, agent.package).toBe(pins[agent.package]);
  });
});

describe('the installed agent against the proven release (stub codex on PATH)', { timeout: 60_000 }, () => {
  it('newer: dry-run says once that verdicts may differ, and names the proven release in its header and --json', async () => {
    const sandbox = project();
    stub(sandbox, 'echo "codex-cli 9.1.0"');
    const text = await hookctl(sandbox, ['dry-run', 'PreToolUse', '--tool', 'Bash']);
    expect(text.code, text.stderr).toBe(0);
    expect(notes(text.stderr)).toEqual([
      `hookctl: note: ${CODEX.agent} 9.1.0 is installed: verdicts are proven against ${CODEX.version}; ` +
        '9.1.0 may differ (run `hookctl test --agent` to check)',
    ]);
    expect(text.stdout.split('\n')[0]).toBe(`PreToolUse (codex, proven against ${CODEX.agent} ${CODEX.version}) — matcher target: Bash`);
    const json = await hookctl(sandbox, ['dry-run', 'PreToolUse', '--tool', 'Bash', '--json']);
    expect(JSON.parse(json.stdout).agent).toEqual({
      name: CODEX.agent,
      provenVersion: CODEX.version,
      installedVersion: '9.1.0',
      relation: 'newer',
    });
    expect(runs(sandbox)).toBe(2); // once per run
  });

  it('the same release: not a word', async () => {
    const sandbox = project();
    stub(sandbox, `echo "codex-cli ${CODEX.version}"`);
    const result = await hookctl(sandbox, ['list']);
    expect(result.code, result.stderr).toBe(0);
    expect(notes(result.stderr)).toEqual([]);
    expect(runs(sandbox)).toBe(1);
  });

  it('older: list says so once, and lint --effective names the event the installed release does not have', async () => {
    const sandbox = project();
    stub(sandbox, 'echo "codex-cli 0.163.0"');
    const listed = await hookctl(sandbox, ['list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(notes(listed.stderr)).toEqual([
      `hookctl: note: ${CODEX.agent} 0.163.0 is installed: verdicts are proven against ${CODEX.version}; ` +
        'features added since 0.163.0 do not run in it (`hookctl lint --effective` names them)',
    ]);
    const linted = await hookctl(sandbox, ['lint', '--effective', '--format', 'json']);
    const { findings } = JSON.parse(linted.stdout) as { findings: { ruleId: string; message: string }[] };
    expect(findings.filter((finding) => finding.ruleId === 'agent-version-since').map((finding) => finding.message)).toEqual([
      `${CODEX.agent} 0.163.0 has no "PreModelRequest" event (added in 0.164.0): it skips these hooks; upgrade it or move them`,
    ]);
    expect(notes(linted.stderr)).toHaveLength(1);
  });

  it('lint without --effective, fixture and run never ask the agent', async () => {
    const sandbox = project();
    stub(sandbox, 'echo "codex-cli 0.163.0"');
    expect((await hookctl(sandbox, ['lint'])).code).not.toBe(2);
    await hookctl(sandbox, ['fixture', 'PreToolUse']);
    expect(runs(sandbox)).toBe(0);
  });

  it('a binary that hangs costs a short timeout and one note; its process group is killed; the command succeeds', async () => {
    const sandbox = project();
    const child = join(sandbox.root, 'child.pid');
    stub(sandbox, `sleep 60 &\necho $! > '${child}'\nwait`);
    const started = Date.now();
    const result = await hookctl(sandbox, ['dry-run', 'PreToolUse', '--tool', 'Bash']);
    const tookMs = Date.now() - started;
    expect(result.code, result.stderr).toBe(0);
    expect(notes(result.stderr)).toEqual([
      `hookctl: note: the installed ${CODEX.agent}'s version is unknown (\`${join(sandbox.bin, 'codex')} --version\` did not answer ` +
        `within 1500 ms); verdicts are proven against ${CODEX.version}`,
    ]);
    expect(tookMs).toBeLessThan(15_000);
    // Killed with its process group: gone, or a zombie waiting for its reaper (state Z).
    const stat = `/proc/${Number(readFileSync(child, 'utf8'))}/stat`;
    const state = existsSync(stat) ? readFileSync(stat, 'utf8').slice(readFileSync(stat, 'utf8').lastIndexOf(')') + 2)[0] : 'gone';
    expect(['gone', 'Z'], "the stub's own child is not running").toContain(state);
  });

  it('a binary that prints garbage or fails: one note, the command succeeds', async () => {
    const sandbox = project();
    stub(sandbox, 'echo "\\033[31mSegmentation fault\\033[0m"');
    const garbage = await hookctl(sandbox, ['list']);
    expect(garbage.code, garbage.stderr).toBe(0);
    expect(notes(garbage.stderr)).toEqual([expect.stringContaining('--version` printed no version')]);
    stub(sandbox, 'exit 3');
    const failing = await hookctl(sandbox, ['list']);
    expect(failing.code, failing.stderr).toBe(0);
    expect(notes(failing.stderr)).toEqual([expect.stringContaining('--version` exited with 3')]);
  });

  it('no codex on PATH: silent', async () => {
    const sandbox = project();
    const result = await hookctl(sandbox, ['dry-run', 'PreToolUse', '--tool', 'Bash', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout).agent).toMatchObject({ provenVersion: CODEX.version, installedVersion: null, relation: 'absent' });
  });

  it('--agent-version wins over the binary (CI); a malformed value is a usage error', async () => {
    const sandbox = project();
    stub(sandbox, 'echo "codex-cli 9.1.0"');
    const given = await hookctl(sandbox, ['lint', '--effective', '--agent-version', 'codex=0.163.0']);
    expect(notes(given.stderr)).toEqual([expect.stringContaining(`${CODEX.agent} 0.163.0 (--agent-version): verdicts are proven against`)]);
    expect(given.stdout).toContain('agent-version-since');
    expect(runs(sandbox)).toBe(0);
    const bad = await hookctl(sandbox, ['list', '--agent-version', 'codex']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--agent-version takes <dialect>=<version>');
    const unknown = await hookctl(sandbox, ['list', '--agent-version', 'octo=1.0.0']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no agent release is tracked for "octo"');
  });

  it('test names the installed agent once for the dialect its cases run in', async () => {
    const sandbox = project();
    cpSync(join(REPO, 'examples', 'codex-guard'), sandbox.project, { recursive: true });
    stub(sandbox, 'echo "codex-cli 9.1.0"');
    const result = await runCli(['test', '--home', sandbox.home], { cwd: sandbox.project, env: { PATH: sandbox.path } });
    expect(notes(result.stderr)).toEqual([expect.stringContaining(`${CODEX.agent} 9.1.0 is installed`)]);
    expect(runs(sandbox)).toBe(1);
  });

  it('an npm-installed agent: the version of its package, without running it', async () => {
    const sandbox = project();
    const pkg = join(sandbox.root, 'lib', 'node_modules', ...CODEX.package.split('/'));
    mkdirSync(join(pkg, 'bin'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: CODEX.package, version: '9.2.0' }));
    writeFileSync(join(pkg, 'bin', 'codex.js'), `#!/bin/sh\necho run >> '${sandbox.runs}'\n`, { mode: 0o755 });
    symlinkSync(join(pkg, 'bin', 'codex.js'), join(sandbox.bin, 'codex'));
    const result = await hookctl(sandbox, ['list']);
    expect(notes(result.stderr)).toEqual([expect.stringContaining(`${CODEX.agent} 9.2.0 is installed`)]);
    expect(runs(sandbox)).toBe(0);
  });
});

describe('a repository cannot choose the agent binary hookctl runs (attacker tests)', { timeout: 60_000 }, () => {
  it('a relative PATH entry (., an empty one, bin) naming a directory of the repository is never searched', async () => {
    const sandbox = project();
    const marker = join(sandbox.root, 'ran');
    for (const dir of ['bin', '.']) {
      mkdirSync(join(sandbox.project, dir), { recursive: true });
      writeFileSync(join(sandbox.project, dir, 'codex'), `#!/bin/sh\ntouch '${marker}'\necho "codex-cli 9.9.9"\n`, { mode: 0o755 });
    }
    for (const path of ['bin:/usr/bin:/bin', '.:/usr/bin:/bin', ':/usr/bin:/bin', '/usr/bin:/bin:']) {
      const result = await hookctl(sandbox, ['dry-run', 'PreToolUse', '--tool', 'Bash'], path);
      expect(result.code, result.stderr).toBe(0);
      expect(notes(result.stderr), path).toEqual([]);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('project config cannot name the binary: a config.toml or hookctl.config.json naming one is not read for it', async () => {
    const sandbox = project();
    const marker = join(sandbox.root, 'ran');
    sandbox.write('project/evil/codex', `#!/bin/sh\ntouch '${marker}'\n`, { executable: true });
    sandbox.write('project/.codex/config.toml', `[agent]\nbin = "${join(sandbox.project, 'evil', 'codex')}"\n`);
    sandbox.write('project/hookctl.config.json', JSON.stringify({ agentBin: join(sandbox.project, 'evil', 'codex') }));
    const result = await hookctl(sandbox, ['list']);
    expect(notes(result.stderr)).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });
});
