// Managed settings Claude Code cannot read as a whole policy (issue 36; managed-policy.ts, proven by
// test/agents/claude "managed:" cases): a guard entry it cannot load turns off that file's hooks, and
// with no managed policy left (or a managed file that is not a JSON object) Claude will not start.
import { describe, expect, it } from 'vitest';
import { ConfigLoadError } from '../../../src/errors.js';
import { runCli } from '../../helpers/run-cli.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' } };
const guard = group([command('echo managed-guard')], 'Bash');
const broken = group([{ type: 'command' }], 'Bash');
const projectGuard = hooks({ PreToolUse: [group([command('echo project')], 'Bash')] });

function box(managed: unknown, dropIn?: unknown) {
  const sandbox = makeClaudeSandbox();
  sandbox.settings('project/.claude/settings.json', projectGuard);
  sandbox.settings('etc/claude-code/managed-settings.json', managed);
  if (dropIn !== undefined) sandbox.settings('etc/claude-code/managed-settings.d/10-policy.json', dropIn);
  return sandbox;
}

const ran = (outcome: Awaited<ReturnType<typeof dispatchOnce>>) =>
  outcome.runs.filter((run) => run.status !== 'skipped').map((run) => run.command);

describe('claude managed settings with a guard entry Claude cannot load', () => {
  it.each([
    ['a PreToolUse handler without "command" beside the guard', hooks({ PreToolUse: [guard, broken] })],
    ['PreToolUse that is not a list', hooks({ PreToolUse: guard })],
    ['"hooks" a list holding objects', { hooks: [{ PreToolUse: [guard] }] }],
    ['"hooks" a single matcher group', { hooks: guard }],
    ['only empty settings beside it', { env: {}, ...hooks({ PreToolUse: [guard, broken] }) }],
  ])('%s, and no other managed policy: the load refuses, as Claude refuses to start', async (_shape, managed) => {
    const sandbox = box(managed);
    const failure = await dispatchOnce(sandbox, 'PreToolUse', bash).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigLoadError);
    const [finding] = (failure as ConfigLoadError).findings;
    expect(finding).toMatchObject({ ruleId: 'managed-policy-unreadable', severity: 'error', fatal: true, file: sandbox.managed });
    expect(finding?.message).toMatch(
      /^Claude Code 2\.1\.\d+ will not start with this managed settings file \("Unable to read managed policy settings"\): /,
    );
  });

  it('a managed settings file that is not JSON: the load refuses, even beside a working drop-in', async () => {
    const sandbox = box('{ "hooks": ', hooks({ PreToolUse: [guard] }));
    const failure = await dispatchOnce(sandbox, 'PreToolUse', bash).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigLoadError);
    expect((failure as ConfigLoadError).findings.map((finding) => finding.ruleId)).toContain('managed-policy-unreadable');
  });

  it('allowManagedHooksOnly beside it: the file loads without its hooks, and its switch holds', async () => {
    const sandbox = box({ allowManagedHooksOnly: true, ...hooks({ PreToolUse: [guard, broken] }) });
    const outcome = await dispatchOnce(sandbox, 'PreToolUse', bash);
    expect(ran(outcome)).toEqual([]);
    expect(outcome.warnings.join('\n')).toContain('runs no hook of this managed settings file: it cannot load this PreToolUse entry');
  });

  it('another setting beside it: no hook of the file runs, the project guard does', async () => {
    const sandbox = box({ cleanupPeriodDays: 30, ...hooks({ PreToolUse: [guard, broken] }) });
    expect(ran(await dispatchOnce(sandbox, 'PreToolUse', bash))).toEqual(['echo project']);
  });

  it('the policy of another managed file keeps Claude starting: the broken drop-in alone loses its hooks', async () => {
    const sandbox = box(hooks({ PreToolUse: [guard] }), hooks({ PreToolUse: [broken] }));
    expect(ran(await dispatchOnce(sandbox, 'PreToolUse', bash))).toEqual(['echo managed-guard', 'echo project']);
  });

  it('a broken Stop entry is dropped alone; the managed guard beside it runs', async () => {
    const sandbox = box(hooks({ PreToolUse: [guard], Stop: [group([{ type: 'command' }])] }));
    expect(ran(await dispatchOnce(sandbox, 'PreToolUse', bash))).toEqual(['echo managed-guard', 'echo project']);
  });

  it('"hooks": [] in managed settings drops only the hooks: its allowManagedHooksOnly still holds', async () => {
    const sandbox = box({ allowManagedHooksOnly: true, hooks: [] });
    expect(ran(await dispatchOnce(sandbox, 'PreToolUse', bash))).toEqual([]);
  });

  it('dry-run and list exit 2 naming the entry; lint reports it at the entry', async () => {
    const sandbox = box(hooks({ PreToolUse: [guard, broken] }));
    const common = ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', sandbox.managed];
    const env = { ANTHROPIC_BASE_URL: '', CLAUDE_CONFIG_DIR: '' };
    const dryRun = await runCli(['dry-run', 'PreToolUse', ...common], { env, input: JSON.stringify(bash) });
    expect(dryRun.code).toBe(2);
    expect(dryRun.stderr).toContain('will not start with this managed settings file');
    expect(dryRun.stdout).not.toContain('echo managed-guard');
    const list = await runCli(['list', ...common], { env });
    expect(list.code).toBe(2);
    expect(list.stdout).not.toContain('echo managed-guard');
    const lint = await runCli(['lint', '--format', 'json', '--dialect', 'claude', '--home', sandbox.home, sandbox.managed], {
      cwd: sandbox.project,
      env,
    });
    const findings = JSON.parse(lint.stdout).findings as { ruleId: string; line: number; severity: string }[];
    const refusal = findings.find((finding) => finding.ruleId === 'managed-policy-unreadable');
    // The broken handler: the second PreToolUse group's only handler.
    expect(refusal).toMatchObject({ severity: 'error', line: 16 });
  });
});
