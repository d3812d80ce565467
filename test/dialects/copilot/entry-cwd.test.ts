// Through the hookctl binary: a Copilot CLI entry's `cwd` (issue 42). Copilot CLI 1.0.102 resolves it against the project
// directory and runs the hook there; a missing one fails the hook, which denies on preToolUse (test/agents/copilot/entry-cwd.test.ts).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { makeTempProject, sandboxFlags, type TempProject } from '../../helpers/temp-project.js';

const FILE = 'project/.github/hooks/hooks.json';
const pretty = (entries: readonly Record<string, unknown>[]) =>
  JSON.stringify({ version: 1, hooks: { preToolUse: entries.map((entry) => ({ type: 'command', bash: 'pwd', ...entry })) } }, null, 2);
const flags = (box: TempProject) => sandboxFlags(box, 'copilot', join(box.root, 'managed.json'));
/** The folder trusted as `copilot -p --trust-folder` does, so the repository's hooks run. */
const TRUSTED = { env: { COPILOT_ALLOW_ALL: 'true' } };

async function dryRun(box: TempProject) {
  const result = await runCli(['dry-run', 'preToolUse', '--json', ...flags(box)], TRUSTED);
  return JSON.parse(result.stdout) as {
    decision: string | null;
    reason: string | null;
    runs: { stdout: string; workingDir?: string; error: string | null; status: string }[];
  };
}

describe('copilot entry cwd, through the hookctl binary', () => {
  it('runs the hook in the entry cwd under the project (dry-run), and list shows where', async () => {
    const box = makeTempProject();
    mkdirSync(join(box.project, 'sub'));
    box.write(FILE, pretty([{ cwd: 'sub' }, { cwd: './sub/' }, {}, { cwd: '' }]));
    const outcome = await dryRun(box);
    expect(outcome.runs.map((run) => [run.stdout.trim(), run.workingDir])).toEqual([
      [join(box.project, 'sub'), 'sub'],
      [join(box.project, 'sub'), 'sub'],
      [box.project, undefined],
      [box.project, undefined],
    ]);
    expect(outcome.decision).toBeNull();
    const listed = JSON.parse((await runCli(['list', '--json', ...flags(box)])).stdout) as { hooks: { workingDir?: string }[] };
    expect(listed.hooks.map((hook) => hook.workingDir)).toEqual([join(box.project, 'sub'), join(box.project, 'sub'), undefined, undefined]);
    const text = await runCli(['list', ...flags(box)]);
    expect(text.stdout).toContain(`    runs in: ${join(box.project, 'sub')}\n`);
    const report = await runCli(['dry-run', 'preToolUse', ...flags(box)], TRUSTED);
    expect(report.stdout).toContain('      runs in: sub\n');
  });

  it('.. and an absolute cwd run the hook outside the project, as Copilot CLI does; lint warns at the value', async () => {
    const box = makeTempProject();
    box.write(FILE, pretty([{ cwd: '..' }, { cwd: box.home }]));
    const outcome = await dryRun(box);
    expect(outcome.runs.map((run) => run.stdout.trim())).toEqual([dirname(box.project), box.home]);
    const lint = await runCli(['lint', '--format', 'json', ...flags(box)]);
    const findings = (
      JSON.parse(lint.stdout).findings as { ruleId: string; severity: string; line: number; column: number; message: string }[]
    )
      .filter((finding) => finding.ruleId === 'working-dir')
      .map(({ severity, line, column, message }) => [severity, line, column, message.split(':')[0]]);
    expect(findings).toEqual([
      ['warning', 8, 16, `"cwd" runs this hook in ${dirname(box.project)}, outside the project`],
      ['warning', 13, 16, `"cwd" runs this hook in ${box.home}, outside the project`],
    ]);
  });

  it('a missing cwd: the hook cannot start, so preToolUse denies ("hook errored"); lint says so where it is written', async () => {
    const box = makeTempProject();
    box.write(FILE, pretty([{ cwd: 'gone' }]));
    const outcome = await dryRun(box);
    expect(outcome.decision).toBe('deny');
    expect(outcome.reason).toBe('Denied by preToolUse hook from ".github/hooks/hooks.json" (hook errored)');
    expect(outcome.runs[0]?.error).toContain(`working directory ${join(box.project, 'gone')} does not exist`);
    const lint = await runCli(['lint', ...flags(box)]);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toMatch(
      /8:16 +error +"cwd" names gone, which does not exist: Copilot CLI cannot start this hook and takes that as the hook failing/,
    );
  });
});
