import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * A py/js/ts guard registered as `python3 x.py` fails open where python3 is missing: the shell exits
 * 127 and every agent lets the action through. Scaffolded guards start through sh instead, and
 * refuse with exit 2 and a message naming the missing program (issue 40, item 4).
 */

/** A PATH with the shell, git and the few tools the commands use, and no python3 or node. */
function pathWithout(box: TempProject): string {
  const bin = join(box.root, 'bin');
  mkdirSync(bin);
  for (const tool of ['sh', 'bash', 'git', 'cat', 'dirname', 'env']) {
    for (const dir of ['/usr/bin', '/bin']) {
      try {
        symlinkSync(join(dir, tool), join(bin, tool));
        break;
      } catch {}
    }
  }
  return bin;
}

const GUARDS = [
  { dialect: 'claude', event: 'PreToolUse' },
  { dialect: 'codex', event: 'PreToolUse' },
  { dialect: 'gemini', event: 'BeforeTool' },
] as const;

async function scaffolded(box: TempProject, dialect: string, event: string, lang: string) {
  const common = ['--dialect', dialect, '--cwd', box.project, '--home', box.home];
  const made = await runCli(['scaffold', event, '--lang', lang, '--name', 'guard', '--register', ...common]);
  expect(made.code, made.stderr).toBe(0);
  // Codex loads no project hooks from an untrusted project, whatever the hook trust says.
  if (dialect === 'codex') expect((await runCli(['trust', '--yes', '--project', ...common])).code).toBe(0);
  const dryRun = async (path: string) => {
    const result = await runCli(['dry-run', event, '--json', '--dangerously-bypass-hook-trust', ...common], { env: { PATH: path } });
    expect(result.stdout, result.stderr).not.toBe('');
    return JSON.parse(result.stdout) as { blocked: boolean; reason: string | null; runs: { command: string; exitCode: number | null }[] };
  };
  return { dryRun, configText: () => readFileSync(join(box.project, /^(?:created|updated) (\S+?):/m.exec(made.stdout)![1]!), 'utf8') };
}

describe.each(GUARDS)('$dialect $event guard without its runtime', ({ dialect, event }) => {
  it.each([
    ['py', 'python3'],
    ['js', 'node'],
  ])('%s: refuses with exit 2 naming %s, and runs as written where it is installed', async (lang, program) => {
    const box = makeTempProject();
    const hook = await scaffolded(box, dialect, event, lang);
    expect(hook.configText()).toMatch(/"command": "sh [^\n]*guard\.(py|mjs)",?\n/);

    const missing = await hook.dryRun(pathWithout(box));
    expect(missing.runs.map((r) => r.exitCode)).toEqual([2]);
    expect(missing.blocked).toBe(true);
    expect(JSON.stringify(missing)).toContain(`hookctl guard: ${program} is not installed, so this guard refuses (exit 2)`);

    const installed = await hook.dryRun(process.env.PATH ?? '/usr/bin:/bin');
    expect(installed.runs.map((r) => r.exitCode)).toEqual([0]);
    expect(installed.blocked).toBe(false);
  });
});

describe('a TypeScript guard', () => {
  // Node 22.6 added --experimental-strip-types; older Node exits 9 ("bad option"), which agents let through.
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  const strips = major > 22 || (major === 22 && minor >= 6);

  it(`${strips ? 'runs' : 'refuses with exit 2 naming the Node version'} on this Node (${process.versions.node})`, async () => {
    const box = makeTempProject();
    const hook = await scaffolded(box, 'claude', 'PreToolUse', 'ts');
    const outcome = await hook.dryRun(process.env.PATH ?? '/usr/bin:/bin');
    if (strips) {
      expect(outcome.runs.map((r) => r.exitCode)).toEqual([0]);
      expect(outcome.blocked).toBe(false);
    } else {
      expect(outcome.runs.map((r) => r.exitCode)).toEqual([2]);
      expect(outcome.blocked).toBe(true);
      expect(JSON.stringify(outcome)).toContain(`node v${process.versions.node} cannot run TypeScript (it needs 22.6 or newer)`);
    }
    const missing = await hook.dryRun(pathWithout(box));
    expect(missing.runs.map((r) => r.exitCode)).toEqual([2]);
    expect(JSON.stringify(missing)).toContain('hookctl guard: node is not installed');
  });

  it('a non-guard event keeps the plain command', async () => {
    const box = makeTempProject();
    await scaffolded(box, 'claude', 'PostToolUse', 'py');
    expect(readFileSync(join(box.project, '.claude/settings.json'), 'utf8')).toContain(
      '"python3 \\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/guard.py"',
    );
  });
});
