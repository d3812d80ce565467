import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

// One hook filtered by its `if` rule, one that runs on every Bash call, one for other tools.
const SETTINGS = JSON.stringify({
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo push-guard >&2', if: 'Bash(git push*)' }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo every-bash >&2' }] },
      { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'echo formatter >&2' }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: 'true' }] }],
  },
});
const ID = (group: number) => `project:.claude/settings.json:PreToolUse:${group}:0`;

function project() {
  const sandbox = makeTempProject();
  sandbox.write('project/.claude/settings.json', SETTINGS);
  return ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', `${sandbox.root}/none.json`];
}

describe('why a hook did not run', () => {
  it('dry-run names the if rule and the command word it saw, not the matcher the hook passed', async () => {
    const flags = project();
    const ran = await runCli([
      'dry-run',
      'PreToolUse',
      '--tool',
      'Bash',
      '--set',
      'tool_input.command=rm -rf build',
      '--dangerously-bypass-hook-trust',
      ...flags,
    ]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(
      `matched 1 of 3 handlers; not selected: ${ID(0)} ` +
        '(if-filter: rule "Bash(git push*)" did not match (saw tool_name "Bash", command word "rm")), ' +
        `${ID(2)} (matcher "Edit|Write")\n`,
    );
  });

  it('dry-run --json lists every passed-over hook with its reason', async () => {
    const flags = project();
    const ran = await runCli(['dry-run', 'PreToolUse', '--tool', 'Bash', '--json', '--dangerously-bypass-hook-trust', ...flags]);
    const outcome = JSON.parse(ran.stdout) as { runs: { id: string }[]; notSelected: unknown[] };
    expect(outcome.runs.map((run) => run.id)).toEqual([ID(1)]);
    expect(outcome.notSelected).toEqual([
      { id: ID(0), reason: 'if-filter', matcher: 'Bash', rule: 'Bash(git push*)', saw: 'tool_name "Bash", command word "npm"' },
      { id: ID(2), reason: 'not-matched', matcher: 'Edit|Write', rule: null, saw: null },
    ]);
  });

  it('list --why answers which hooks run for a call and why not the others, in one table', async () => {
    const flags = project();
    const push = await runCli(['list', '--why', 'PreToolUse', '--tool', 'Bash', '--set', 'tool_input.command=git push -f', ...flags]);
    expect(push.code).toBe(0);
    const lines = push.stdout.split('\n');
    expect(lines[0]).toBe('PreToolUse (claude) — matcher target: Bash; the call: tool_name "Bash", command word "git"');
    expect(lines[1]).toMatch(/^HOOK +MATCHER +VERDICT +WHY$/);
    // Nobody accepted the workspace in this sandbox: selected, but the trust skip is the reason.
    expect(lines[2]).toMatch(new RegExp(`^${ID(0)} +Bash +skipped +selected, but skipped: workspace-untrusted$`));
    expect(lines[3]).toMatch(new RegExp(`^${ID(1)} +Bash +skipped +selected, but skipped: workspace-untrusted$`));
    expect(lines[4]).toMatch(new RegExp(`^${ID(2)} +Edit\\|Write +not-matched +not matched: matcher "Edit\\|Write"$`));
    expect(lines[5]).toBe('(1 hook on other events not shown)');

    const edit = await runCli(['list', '--why', 'PreToolUse', '--tool', 'Edit', '--json', ...flags]);
    const answer = JSON.parse(edit.stdout) as { matcherTarget: string; hooks: { verdict: string }[] };
    expect(answer.matcherTarget).toBe('Edit');
    expect(answer.hooks.map((hook) => hook.verdict)).toEqual(['not-matched', 'not-matched', 'skipped']);
  });

  it('list --tool without --why is a usage error', async () => {
    const ran = await runCli(['list', '--tool', 'Bash', ...project()]);
    expect(ran.stderr).toBe('hookctl: --tool and --set describe the call of --why <event>; add --why\n');
    expect(ran.code).toBe(2);
  });
});
