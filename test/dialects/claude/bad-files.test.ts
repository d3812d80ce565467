import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE } from '../../../src/dialects/claude/agent-version.js';
import { runCli } from '../../helpers/run-cli.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

const good = hooks({ Stop: [group([command('echo good')])] });

describe('claude bad files (SPEC-dialects 8.1, §11.1): drops are loud', () => {
  it('a settings file that is not valid JSON contributes nothing; the other layers run; the outcome says why', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', good);
    box.settings('project/.claude/settings.json', '{ "hooks": { "Stop": [ ] }, }');
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.source)).toEqual(['user']);
    expect(outcome.warnings).toContainEqual(
      expect.stringMatching(/project\/\.claude\/settings\.json:1:\d+: error: .*nothing in this file is loaded \(parse-error\)/),
    );
  });

  // The binary cannot tell what a `hooks` list holding objects guards: the file is skipped, its settings too.
  it.each([
    ['holding an object', [{ Stop: [] }], ['user'], 'skips this whole file, its settings too'],
    ['of strings', ['x'], [], 'ignores every hook in this file'],
  ])('"hooks" a list %s: %j run; the finding says what Claude drops', async (_shape, list, sources, clause) => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', good);
    box.settings('project/.claude/settings.json', { disableAllHooks: true, hooks: list });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.filter((run) => run.status !== 'skipped').map((run) => run.source)).toEqual(sources);
    expect(outcome.warnings.join('\n')).toContain(`${CLAUDE_CODE} ${clause}: "hooks" must be`);
  });

  // Claude Code repairs a settings file entry by entry (rejection.ts; test/agents/claude "broken" cases).
  it.each([
    [
      'an object matcher',
      { Stop: [{ matcher: { tool: 'Bash' }, hooks: [command('echo a')] }, group([command('echo b')])] },
      'matcher group',
    ],
    ['a handler of an unknown type', { Stop: [group([{ type: 'script', command: 'x' }, command('echo b')])] }, 'hook'],
    ['a timeout that is not a number', { Stop: [group([command('echo a', { timeout: '30s' }), command('echo b')])] }, 'hook'],
  ])('%s in a Stop entry drops that entry alone, loudly', async (_name, table, what) => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', good);
    box.settings('project/.claude/settings.json', { hooks: table });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo good', 'echo b']);
    expect(outcome.warnings).toContainEqual(
      expect.stringMatching(
        new RegExp(`project/\\.claude/settings\\.json:\\d+:\\d+: error: ${CLAUDE_CODE} ignores this Stop ${what} alone: `),
      ),
    );
  });

  it('an event that is not a list drops that event of the file; its other events run', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', good);
    box.settings('project/.claude/settings.json', hooks({ Stop: group([command('echo a')]), PreToolUse: [group([command('echo b')])] }));
    expect((await dispatchOnce(box, 'Stop')).runs.map((run) => run.command)).toEqual(['echo good']);
    expect((await dispatchOnce(box, 'PreToolUse')).runs.map((run) => run.command)).toEqual(['echo b']);
  });

  it('a broken PreToolUse entry skips the whole file: its Stop hooks and its disableAllHooks too', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', good);
    box.settings('project/.claude/settings.json', {
      disableAllHooks: true,
      hooks: { PreToolUse: [group([{ type: 'command' }])], Stop: [group([command('echo project')])] },
    });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => [run.command, run.status])).toEqual([['echo good', 'completed']]);
    // Its disableAllHooks is in force nowhere, so no note says it is.
    expect(outcome.warnings.join('\n')).not.toContain('hooks-switch');
    expect(outcome.warnings).toContainEqual(
      expect.stringContaining(
        `error: ${CLAUDE_CODE} skips this whole file, its settings too (a PreToolUse entry it cannot load may be what guards them): ` +
          'this PreToolUse hook has no "command" (empty-command)',
      ),
    );
  });

  it('a settings key of the wrong type skips the whole file', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', { ...good, disableAllHooks: 'no' });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs).toEqual([]);
    expect(outcome.warnings).toContainEqual(
      expect.stringContaining(
        `error: ${CLAUDE_CODE} skips this whole file, its settings too: ` +
          '"disableAllHooks" must be true or false, found the string "no" (invalid-value)',
      ),
    );
  });

  it('a "hooks" value that is not an object drops every hook of the file; its settings apply', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', good);
    box.settings('project/.claude/settings.json', { hooks: 'none', disableAllHooks: true });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => [run.command, run.status])).toEqual([['echo good', 'skipped']]);
    expect(outcome.warnings).toContainEqual(
      expect.stringContaining(`error: ${CLAUDE_CODE} ignores every hook in this file: "hooks" must be`),
    );
  });

  it('lint says the same as the runtime: a Stop handler without a command is dropped alone, in one finding', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({ Stop: [group([{ type: 'command' }, command('echo b')])], PreToolUse: [group([command('echo guard')])] }),
    );
    const lint = await runCli(['lint', '--format', 'json', '.claude/settings.json'], { cwd: box.project });
    expect(JSON.parse(lint.stdout).findings).toMatchObject([
      { ruleId: 'empty-command', message: `${CLAUDE_CODE} ignores this Stop hook alone: this Stop hook has no "command"` },
      // The PreToolUse guard that keeps running fails open (info).
      { ruleId: 'guard-fails-open' },
    ]);
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo b']);
    expect(outcome.warnings).toEqual([
      expect.stringMatching(
        /settings\.json:\d+:\d+: error: .* ignores this Stop hook alone: this Stop hook has no "command" \(empty-command\)$/,
      ),
    ]);
    const guard = await dispatchOnce(box, 'PreToolUse');
    expect(guard.runs.map((run) => run.command)).toEqual(['echo guard']);
  });

  it('a blank command is reported; the guard beside it runs', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([command('echo guard'), command('  ')])] }));
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo guard']);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('"command" is blank; give the command to run (empty-command)'));
  });

  it('an unknown event drops only its own entry (changelog 2.1.101), with a warning naming it', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stopp: [group([{ type: 'command' }])], Stop: [group([command('echo kept')])] }));
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo kept']);
    expect(outcome.warnings).toContainEqual(expect.stringMatching(/: warning: unknown claude event "Stopp": .*; did you mean "Stop"\?/));
    expect(outcome.warnings.join('\n')).not.toContain('ignores every hook');
  });

  it('an unknown handler key is ignored with a warning; the hook runs', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([command('echo kept', { timeoutSec: 5, id: 'mine' })])] }));
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
    expect(outcome.warnings).toContainEqual(
      expect.stringContaining('unknown key "timeoutSec" in a command handler is ignored; did you mean "timeout"?'),
    );
    expect(outcome.warnings).toContainEqual(expect.stringContaining('unknown key "id" in a command handler is ignored'));
  });

  it('a field of another handler type is unknown on this one (an http url on a command hook)', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([command('echo kept', { url: 'http://x' })])] }));
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('unknown key "url" in a command handler is ignored'));
  });

  it('a managed file keeps its good entries: only the broken one is dropped (cc managed, find entries Claude Code dropped)', async () => {
    const box = makeClaudeSandbox();
    box.settings('etc/claude-code/managed-settings.json', hooks({ Stop: [group([{ type: 'command' }, command('echo policy')])] }));
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo policy']);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('this Stop hook has no "command"'));
  });

  it('a plugin hooks file is repaired entry by entry too; the plugin counts as loaded', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/plugins/cache/m/p/1/hooks/hooks.json', hooks({ Stop: [group([command('echo a'), { type: 'http' }])] }));
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'p@m': true } });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo a']);
    expect(outcome.warnings).toContainEqual(
      expect.stringContaining(`error: ${CLAUDE_CODE} ignores this Stop hook alone: this http handler has no "url" (invalid-value)`),
    );
  });

  it('list and dry-run show the drop too', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([{ type: 'command', command: 7 }])] }));
    const common = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
    const list = await runCli(['list', ...common]);
    expect(list.stdout).toBe('No hooks configured.\n');
    expect(list.stderr).toContain(
      `error: ${CLAUDE_CODE} ignores this Stop hook alone: "command" must be a string, found the number 7 (invalid-value)`,
    );
    const dryRun = await runCli(['dry-run', 'Stop', '--json', ...common]);
    expect(JSON.parse(dryRun.stdout).warnings).toContainEqual(expect.stringContaining(`${CLAUDE_CODE} ignores this Stop hook alone`));
  });
});
