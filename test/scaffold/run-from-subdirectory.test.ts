import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS, loadDialect, manifestOf, type DialectId } from '../../src/dialects/registry.js';
import { makeFixture } from '../../src/fixture/make-fixture.js';
import { LANGUAGES } from '../../src/scaffold/languages/index.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { uncommentExample } from './uncomment-example.js';

/**
 * Issue 23: the agents run hooks in the session's cwd, which follows `cd`. A scaffolded guard must
 * still guard when the payload's cwd is a subdirectory of the project. Each dialect's PreToolUse
 * scaffold, in each language, is written and registered by the real binary, its exit-2 block example
 * uncommented, and then run by `hookctl run` with the payload's cwd in `src/deep`: it must block.
 */

/**
 * Every dialect whose agent names the project root apart from the payload's cwd. Gemini CLI sets
 * `$GEMINI_PROJECT_DIR` to the payload's cwd itself (docs/gemini.md), so "a cwd below the project,
 * the project dir at its root" is not a state a Gemini hook can meet.
 */
const DIALECTS: readonly DialectId[] = DIALECT_IDS.filter((id) => id !== 'gemini');
/** The dialect's first tool event (PreToolUse; Gemini CLI's BeforeTool), from its manifest. */
const toolEvent = (dialect: DialectId): string => manifestOf(dialect).events.find((event) => event.matcherField === 'tool_name')!.name;
const LANGS = ['js', 'py', 'sh'] as const;

function project(dialect: DialectId) {
  const box = makeTempProject();
  // A real repository (not only a `.git` directory): the anchor of three dialects asks git for the root.
  expect(spawnSync('git', ['init', '-q'], { cwd: box.project }).status).toBe(0);
  // Codex loads project hooks only in a project the user trusts.
  if (dialect === 'codex') box.write('home/.codex/config.toml', `[projects.${JSON.stringify(box.project)}]\ntrust_level = "trusted"\n`);
  const subdirectory = join(box.project, 'src', 'deep');
  mkdirSync(subdirectory, { recursive: true });
  return { ...box, subdirectory, common: ['--dialect', dialect, '--cwd', box.project, '--home', box.home] };
}

async function runFromSubdirectory(dialect: DialectId, box: ReturnType<typeof project>) {
  const payload = makeFixture(await loadDialect(dialect), toolEvent(dialect), { cwd: box.subdirectory });
  const result = await runCli(['run', toolEvent(dialect), '--dangerously-bypass-hook-trust', ...box.common], {
    input: JSON.stringify(payload),
  });
  return { result, outcome: JSON.parse(result.stdout) as { blocked: boolean; runs: { status: string; error: string | null }[] } };
}

describe.each(DIALECTS)('%s scaffolds run from a subdirectory', (dialect) => {
  it.each(LANGS)('a tool guard in %s still blocks when the payload cwd is src/deep', async (lang) => {
    const box = project(dialect);
    const scaffold = await runCli(['scaffold', toolEvent(dialect), '--lang', lang, '--name', `guard-${lang}`, '--register', ...box.common]);
    expect(scaffold.code, scaffold.stderr).toBe(0);
    const path = join(box.project, /created (\S+) \(executable\)/.exec(scaffold.stdout)![1]!);
    writeFileSync(path, uncommentExample(readFileSync(path, 'utf8'), LANGUAGES[lang].comment, 'block-exit-2'));
    // octo's default timeout is 5 s, which a loaded CI machine can spend starting python: give it octo's maximum.
    if (dialect === 'octo') {
      const config = join(box.project, '.octo/hooks.yml');
      writeFileSync(config, readFileSync(config, 'utf8').replace(/^(\s+)- (command: .*)$/m, '$1- $2\n$1  timeout: 30s'));
    }

    const { result, outcome } = await runFromSubdirectory(dialect, box);
    expect(result.code, result.stderr).toBe(0);
    expect(outcome.runs.map((run) => run.status)).toEqual(['blocked']);
    expect(outcome.blocked).toBe(true);
  });
});

describe('the mistake the scaffolds used to make', () => {
  it('a cwd-relative guard fails open from a subdirectory (codex, node: exit 1, a non-blocking error)', async () => {
    const box = project('codex');
    box.write('project/.codex/hooks/guard.mjs', "process.stderr.write('no');\nprocess.exit(2);\n");
    box.write(
      'project/.codex/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'node .codex/hooks/guard.mjs' }] }] } }),
    );
    const { outcome } = await runFromSubdirectory('codex', box);
    expect(outcome.blocked).toBe(false);
    expect(outcome.runs).toEqual([expect.objectContaining({ status: 'failed', error: expect.stringContaining('exited with code 1') })]);
  });
});

describe('a project below the git root', () => {
  it.each(['octo', 'codex'] as const)(
    '%s: the scaffold is anchored from the git root, lint agrees and it blocks from a subdirectory',
    async (dialect) => {
      const box = project(dialect);
      const app = join(box.project, 'packages', 'app');
      mkdirSync(join(app, 'src', 'deep'), { recursive: true });
      const common = ['--dialect', dialect, '--cwd', app, '--home', box.home];
      const scaffold = await runCli(['scaffold', 'PreToolUse', '--lang', 'sh', '--name', 'guard', '--register', ...common]);
      expect(scaffold.code, scaffold.stderr).toBe(0);
      const dir = dialect === 'octo' ? '.octo' : '.codex';
      const anchor = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"';
      expect(scaffold.stdout).toContain(`command: sh ${anchor}/packages/app/${dir}/hooks/guard.sh`);
      const path = join(app, dir, 'hooks', 'guard.sh');
      writeFileSync(path, uncommentExample(readFileSync(path, 'utf8'), '#', 'block-exit-2'));

      const lint = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home } });
      expect(JSON.parse(lint.stdout).findings.filter((f: { ruleId: string }) => f.ruleId !== 'untrusted-project')).toEqual([]);

      const payload = makeFixture(await loadDialect(dialect), 'PreToolUse', { cwd: join(app, 'src', 'deep') });
      const run = await runCli(['run', 'PreToolUse', '--dangerously-bypass-hook-trust', ...common], { input: JSON.stringify(payload) });
      expect(JSON.parse(run.stdout).blocked, run.stderr).toBe(true);
    },
  );
});
