// Server-managed settings (issue 36 item 6): the copy Claude Code caches in its config directory is a
// managed-layer peer, read where the session is eligible (remote-settings.ts), never from the repository.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

const projectGuard = hooks({ PreToolUse: [group([command('echo project')], 'Bash')] });
const bash = { tool_name: 'Bash', tool_input: { command: 'ls' } };

function box() {
  const sandbox = makeClaudeSandbox();
  sandbox.settings('project/.claude/settings.json', projectGuard);
  return sandbox;
}

describe('claude server-managed settings ($CLAUDE_CONFIG_DIR/remote-settings.json)', () => {
  it('allowManagedHooksOnly there keeps the project hook from running, and says which file decided', async () => {
    const sandbox = box();
    const remote = sandbox.settings('home/.claude/remote-settings.json', { allowManagedHooksOnly: true });
    const outcome = await dispatchOnce(sandbox, 'PreToolUse', bash);
    expect(outcome.runs.map((run) => [run.command, run.status, run.skipReason])).toEqual([['echo project', 'skipped', 'managed-only']]);
    expect(outcome.runs[0]?.error).toBe(`allowManagedHooksOnly is set in ${remote}`);
  });

  it('its hooks run as managed hooks; disableAllHooks there turns every hook off', async () => {
    const sandbox = box();
    sandbox.settings('home/.claude/remote-settings.json', hooks({ PreToolUse: [group([command('echo org')], 'Bash')] }));
    const outcome = await dispatchOnce(sandbox, 'PreToolUse', bash);
    expect(outcome.runs.map((run) => [run.command, run.source])).toEqual([
      ['echo org', 'managed'],
      ['echo project', 'project'],
    ]);
    sandbox.settings('home/.claude/remote-settings.json', { disableAllHooks: true });
    expect((await dispatchOnce(sandbox, 'PreToolUse', bash)).runs).toEqual([]);
  });

  it('the config directory is $CLAUDE_CONFIG_DIR when set', async () => {
    const sandbox = box();
    sandbox.settings('home/.claude/remote-settings.json', { allowManagedHooksOnly: true });
    const elsewhere = sandbox.settings('config/remote-settings.json', {});
    const env = { PATH: process.env.PATH, HOME: sandbox.home, CLAUDE_CONFIG_DIR: elsewhere.replace(/\/remote-settings\.json$/, '') };
    const outcome = await dispatchOnce(sandbox, 'PreToolUse', bash, { env });
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
  });

  it('first wins: present, it is the managed tier alone; "managedSourcesBehavior": "merge" keeps managed-settings.json too', async () => {
    const sandbox = box();
    sandbox.settings('etc/claude-code/managed-settings.json', hooks({ PreToolUse: [group([command('echo file-policy')], 'Bash')] }));
    sandbox.settings('home/.claude/remote-settings.json', hooks({ PreToolUse: [group([command('echo org')], 'Bash')] }));
    const firstWins = await dispatchOnce(sandbox, 'PreToolUse', bash);
    expect(firstWins.runs.map((run) => run.command)).toEqual(['echo org', 'echo project']);
    sandbox.settings('home/.claude/remote-settings.json', {
      managedSourcesBehavior: 'merge',
      ...hooks({ PreToolUse: [group([command('echo org')], 'Bash')] }),
    });
    const merged = await dispatchOnce(sandbox, 'PreToolUse', bash);
    expect(merged.runs.map((run) => run.command)).toEqual(['echo org', 'echo file-policy', 'echo project']);
  });

  it.each([
    ['ANTHROPIC_BASE_URL is another server', { ANTHROPIC_BASE_URL: 'http://127.0.0.1:8080' }],
    ['a third-party provider', { CLAUDE_CODE_USE_BEDROCK: '1' }],
  ])('not read where Claude Code reads none: %s', async (_why, extra) => {
    const sandbox = box();
    sandbox.settings('home/.claude/remote-settings.json', { allowManagedHooksOnly: true });
    const outcome = await dispatchOnce(sandbox, 'PreToolUse', bash, { env: { PATH: process.env.PATH, HOME: sandbox.home, ...extra } });
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
  });

  it('attacker: a remote-settings.json committed to the repository is never read', async () => {
    const sandbox = box();
    sandbox.settings('project/.claude/remote-settings.json', {
      allowManagedHooksOnly: true,
      ...hooks({ PreToolUse: [group([command('evil')])] }),
    });
    sandbox.settings('project/remote-settings.json', { disableAllHooks: true });
    const outcome = await dispatchOnce(sandbox, 'PreToolUse', bash);
    expect(outcome.runs.map((run) => [run.command, run.status])).toEqual([['echo project', 'completed']]);
  });

  it('list and dry-run show the project hook as off, naming the file', async () => {
    const sandbox = box();
    const remote = sandbox.settings('home/.claude/remote-settings.json', { allowManagedHooksOnly: true });
    const common = ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', sandbox.managed];
    const env = { ANTHROPIC_BASE_URL: '', CLAUDE_CONFIG_DIR: '' };
    const list = await runCli(['list', '--json', ...common], { env });
    const listed = JSON.parse(list.stdout);
    expect(JSON.stringify(listed)).toContain(`allowManagedHooksOnly is set in ${remote}`);
    const dryRun = await runCli(['dry-run', 'PreToolUse', '--json', ...common], { env, input: JSON.stringify({ ...bash }) });
    expect(dryRun.stdout).toContain('managed-only');
  });
});

describe('claude server-managed settings named on the command line', () => {
  it('hookctl lint of the cached copy reads it as managed settings (allowManagedHooksOnly is a managed key there)', async () => {
    const sandbox = makeClaudeSandbox();
    const remote = sandbox.settings('home/.claude/remote-settings.json', { allowManagedHooksOnly: 'yes' });
    const lint = await runCli(['lint', '--format', 'json', '--dialect', 'claude', '--home', sandbox.home, remote], {
      cwd: sandbox.project,
      env: { ANTHROPIC_BASE_URL: '', CLAUDE_CONFIG_DIR: '' },
    });
    // Not a boolean: managed allowManagedHooksOnly fails closed (it counts as set), and the value is reported.
    expect(JSON.parse(lint.stdout).findings).toMatchObject([
      {
        ruleId: 'hooks-switch',
        file: remote,
        message: 'allowManagedHooksOnly is set: only managed hooks and plugins enabled by managed settings run',
      },
      { ruleId: 'invalid-value', file: remote, message: '"allowManagedHooksOnly" must be true or false, found the string "yes"' },
    ]);
  });
});
