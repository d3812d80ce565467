import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { sandboxFlags } from '../../helpers/temp-project.js';
import { command, group, hooks, makeClaudeSandbox, printJson } from './sandbox.js';

describe('hookctl dry-run and run with --dialect claude', () => {
  it('dry-run shows the dialect output, and what async hooks hand the agent once they finish', async () => {
    const box = makeClaudeSandbox();
    box.trustWorkspace();
    const title = printJson({ hookSpecificOutput: { hookEventName: 'SessionStart', sessionTitle: 'fix-auth' } });
    box.settings(
      'project/.claude/settings.json',
      hooks({
        SessionStart: [
          group([
            command(`echo 'export A=1' >> "$CLAUDE_ENV_FILE"; ${title}`),
            command(`sleep 0.2; ${printJson({ systemMessage: 'indexed 42 files' })}`, { async: true }),
          ]),
        ],
      }),
    );
    const result = await runCli(['dry-run', 'SessionStart', ...sandboxFlags(box, 'claude', box.managed)]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('claude output: {"sessionTitle":"fix-auth","envFileContent":"export A=1\\n"}');
    expect(result.stdout).toMatch(
      new RegExp(
        String.raw`async completed {2}project:\.claude\/settings\.json:SessionStart:0:1 {2}exit 0 {2}\d+ ms\n` +
          String.raw` {2}system message \(next turn\): indexed 42 files\n`,
      ),
    );
  });

  it('dry-run never suggests `hookctl enable` for a hook disableAllHooks turned off (claude refuses enable)', async () => {
    const box = makeClaudeSandbox();
    box.trustWorkspace();
    box.settings('project/.claude/settings.json', { ...hooks({ Stop: [group([command('echo off')])] }), disableAllHooks: true });
    const result = await runCli(['dry-run', 'Stop', ...sandboxFlags(box, 'claude', box.managed)]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('skipped (disabled)');
    expect(result.stdout).toContain('error: disableAllHooks is true in');
    expect(result.stdout).not.toContain('hookctl enable');
    const enable = await runCli(['enable', 'x', ...sandboxFlags(box, 'claude', box.managed)]);
    expect(enable.stderr).toContain('no per-hook trust or on/off switch');
  });

  it('run prints the outcome JSON with dialectOutput and every run', async () => {
    const box = makeClaudeSandbox();
    box.trustWorkspace();
    box.settings(
      'project/.claude/settings.json',
      hooks({ PreToolUse: [group([command('echo "no rm" >&2; exit 2', { if: 'Bash(rm *)' })], 'Bash')] }),
    );
    const payload = {
      session_id: 's',
      transcript_path: '/t',
      cwd: box.project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf x' },
      tool_use_id: 't1',
    };
    const result = await runCli(
      ['run', 'PreToolUse', '--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed],
      { input: JSON.stringify(payload) },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      dialect: 'claude',
      decision: 'deny',
      reason: 'no rm',
      // What the model reads, in Claude's words: the command in brackets, then stderr as printed.
      dialectOutput: { modelFeedback: ['PreToolUse:Bash hook error: [echo "no rm" >&2; exit 2]: no rm\n'] },
      runs: [{ handlerType: 'command', status: 'blocked' }],
    });
  });
});

describe('hookctl fixture --dialect claude', () => {
  it('prints a schema-valid payload for each event of the catalogue', async () => {
    const { CLAUDE_EVENTS } = await import('../../../src/dialects/claude/events.js');
    const { loadDialect } = await import('../../../src/index.js');
    const dialect = await loadDialect('claude');
    const box = makeClaudeSandbox();
    for (const { name } of CLAUDE_EVENTS) {
      expect(dialect.contracts.validateInput(name, dialect.fixture(name, { cwd: box.project })), name).toEqual({
        ok: true,
        value: expect.anything(),
      });
    }
    const printed = await runCli(['fixture', 'FileChanged', '--dialect', 'claude', '--cwd', box.project, '--set', 'file_path=/repo/.env']);
    // The project directory is written as the portable ${PROJECT} placeholder (docs/testing.md).
    expect(JSON.parse(printed.stdout)).toMatchObject({ hook_event_name: 'FileChanged', file_path: '/repo/.env', cwd: '${PROJECT}' });
  });
});
