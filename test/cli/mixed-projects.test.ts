import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { claudePayload } from '../helpers/payloads.js';
import { makeTempProject } from '../helpers/temp-project.js';

const CLAUDE = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo claude-hook >&2' }] }] },
});
const CODEX = '[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo codex-hook >&2"\n';

function mixedProject() {
  const sandbox = makeTempProject();
  sandbox.write('project/.claude/settings.json', CLAUDE);
  sandbox.write('project/.codex/config.toml', CODEX);
  return { sandbox, flags: ['--home', sandbox.home, '--managed', `${sandbox.root}/none`] };
}

const ASK =
  /^hookctl: .* has hook config for 2 dialects: claude \(\.claude\/\), codex \(\.codex\/\); pass --dialect claude or --dialect codex\n$/;

describe('a project with hook config for several dialects', () => {
  it('list shows every dialect found, each under its name; --json gives one listing per dialect', async () => {
    const { sandbox, flags } = mixedProject();
    const text = await runCli(['list', ...flags], { cwd: sandbox.project });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^claude \(\.claude\/\):\n[\s\S]*command: echo claude-hook >&2\n[\s\S]*codex \(\.codex\/\):\n[\s\S]*command: echo codex-hook >&2\n/,
    );
    const json = await runCli(['list', '--json', ...flags], { cwd: sandbox.project });
    expect((JSON.parse(json.stdout) as { dialect: string }[]).map((listing) => listing.dialect)).toEqual(['claude', 'codex']);
  });

  // `test` runs each dialect's cases instead (test/cli/multi-dialect-cases.test.ts).
  it.each([
    ['dry-run', ['dry-run', 'PreToolUse']],
    ['fixture', ['fixture', 'PreToolUse']],
    ['run', ['run', 'PreToolUse']],
    ['lint --effective', ['lint', '--effective']],
  ])('%s asks for --dialect in one line naming them, and runs nothing', async (_name, args) => {
    const { sandbox, flags } = mixedProject();
    const ran = await runCli([...args, ...flags], {
      cwd: sandbox.project,
      input: JSON.stringify(claudePayload('PreToolUse', sandbox.project)),
    });
    expect(ran.stderr).toMatch(ASK);
    expect(ran.stdout).toBe('');
    expect(ran.code).toBe(2);
  });

  it('--dialect picks one and runs only its hooks', async () => {
    const { sandbox, flags } = mixedProject();
    const ran = await runCli(['dry-run', 'PreToolUse', '--dialect', 'claude', '--json', '--dangerously-bypass-hook-trust', ...flags], {
      cwd: sandbox.project,
    });
    expect(ran.code).toBe(0);
    expect((JSON.parse(ran.stdout) as { runs: { stderr: string }[] }).runs.map((run) => run.stderr)).toEqual(['claude-hook\n']);
  });

  it('lint checks the files of both dialects', async () => {
    const { sandbox, flags } = mixedProject();
    sandbox.write(
      'project/.claude/settings.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', if: 'Bash' }] }] } }),
    );
    sandbox.write(
      'project/.codex/config.toml',
      '[[hooks.PreToolUse]]\nmatcher = "(?=x)"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "x"\n',
    );
    const ran = await runCli(['lint', '--format', 'json', ...flags], { cwd: sandbox.project });
    const report = JSON.parse(ran.stdout) as { files: string[]; findings: { file: string; ruleId: string }[] };
    expect(report.files).toEqual(['.claude/settings.json', '.codex/config.toml']);
    expect(report.findings.map((finding) => finding.file)).toEqual(expect.arrayContaining(['.claude/settings.json', '.codex/config.toml']));
    expect(ran.code).toBe(1);
  });

  it('a single-dialect project still runs as that dialect, whatever the home holds', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.claude/settings.json', CLAUDE);
    sandbox.write('home/.codex/config.toml', CODEX);
    sandbox.write('home/.openinterpreter/hooks.json', '{"hooks":{}}');
    const ran = await runCli(
      ['run', 'PreToolUse', '--home', sandbox.home, '--managed', `${sandbox.root}/none`, '--dangerously-bypass-hook-trust'],
      {
        cwd: sandbox.project,
        input: JSON.stringify(claudePayload('PreToolUse', sandbox.project)),
      },
    );
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ dialect: 'claude', runs: [{ stderr: 'claude-hook\n' }] });
  });
});

describe('hookctl lint without any hook configuration', () => {
  it('says so and exits 0', async () => {
    const sandbox = makeTempProject();
    const ran = await runCli(['lint', '--home', sandbox.home], { cwd: sandbox.project });
    expect(ran.stderr).toBe(
      `hookctl: no hook configuration found in ${sandbox.project} ` +
        '(looked for .openinterpreter/, .octo/, .claude/, .codex/, .gemini/, .github/hooks/)\n',
    );
    expect(ran.code).toBe(0);
  });
});
