import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { familyKit, group, hooksFile, prints } from '../family.js';

/**
 * How Codex starts hooks (SPEC-dialects 9.7, 9.9 item 9): the user's shell with `-c`
 * (codex-rs/core/src/session/mod.rs build_hooks_config, core/src/shell.rs), at most 8 async
 * hooks at once (codex-rs/hooks/src/engine/command_runner.rs), async hooks never decide.
 */
const { run, world, dispatch } = familyKit('codex');
// `; true` keeps the shell from exec-ing ps in its own place, so $$ is the shell.
const SHELL_NAME = 'ps -o comm= -p $$; true';

describe('the shell (SPEC-dialects 9.7; difference from openinterpreter, which always runs sh -c)', () => {
  it("by default the account's login shell when it is bash, zsh or sh, else /bin/sh", async () => {
    const login = userInfo().shell ?? '';
    const expected = ['bash', 'zsh', 'sh'].includes(basename(login)) ? basename(login) : 'sh';
    const outcome = await run('Stop', [group(undefined, SHELL_NAME)]);
    expect(outcome.runs[0]!.stdout.trim()).toBe(expected);
  });

  it.each([
    ['bash', 'bash'],
    ['/bin/sh', 'sh'],
  ])('the engine option shell %s runs hooks as `%s -c <command>`', async (shell, name) => {
    const outcome = await dispatch(await world({ projectJson: hooksFile('Stop', group(undefined, SHELL_NAME)) }, { shell }), 'Stop');
    expect(outcome.runs[0]!.stdout.trim()).toBe(name);
  });

  it('bash runs as a plain non-interactive shell: no ~/.bashrc, even when the agent environment has no SHLVL', async () => {
    const first = await world({ projectJson: hooksFile('Stop', group(undefined, 'echo "[$PS1]"')) });
    await first.engine.close();
    first.sandbox.write('home/.bashrc', 'echo sourced >&2\n');
    const { createEngine } = await import('../../../src/index.js');
    const engine = await createEngine({
      dialect: 'codex',
      cwd: first.sandbox.project,
      home: first.sandbox.home,
      managedConfigPath: first.managedPath,
      bypassTrust: true,
      shell: 'bash',
      env: { PATH: process.env.PATH, HOME: first.sandbox.home },
    });
    const outcome = await dispatch({ ...first, engine: engine as unknown as typeof first.engine }, 'Stop');
    expect(outcome.runs[0]).toMatchObject({ stdout: '[]\n', stderr: '' });
  });
});

describe('async hooks: codex-rs/hooks/src/engine/command_runner_tests.rs', () => {
  // command_runner_tests.rs async_hooks_limit_concurrent_processes_without_dropping_waiting_jobs
  it('at most 8 run at once; the rest wait and all run', async () => {
    const log = (sandbox: string) => join(sandbox, 'async.log');
    const target = await world({ projectJson: hooksFile('Stop', group(undefined, { command: 'true', async: true })) });
    const logFile = log(target.sandbox.root);
    await target.engine.close();
    const hooks = Array.from({ length: 12 }, (_, i) => ({
      command: `echo "start ${i}" >> ${logFile}; sleep 0.4; echo "end ${i}" >> ${logFile}`,
      async: true,
    }));
    const busy = await world({ projectJson: hooksFile('Stop', group(undefined, ...hooks)) });
    const outcome = await busy.engine.dispatch(
      'Stop' as never,
      {
        session_id: 's',
        turn_id: 't',
        transcript_path: null,
        cwd: busy.sandbox.project,
        hook_event_name: 'Stop',
        model: 'm',
        permission_mode: 'default',
        stop_hook_active: false,
        last_assistant_message: null,
      } as never,
    );
    expect(outcome.runs.map((r) => r.status)).toEqual(Array(12).fill('running'));
    await busy.engine.close();
    let running = 0;
    let most = 0;
    const lines = readFileSync(logFile, 'utf8').trim().split('\n');
    for (const line of lines) {
      running += line.startsWith('start') ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(lines.filter((line) => line.startsWith('end'))).toHaveLength(12);
    expect(most).toBe(8);
  });

  // core/tests/suite/hooks.rs async_pre_tool_use_cannot_block_or_rewrite_and_still_records_additional_context
  it('an async PreToolUse hook cannot block or rewrite', async () => {
    const deny = prints({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' },
    });
    const outcome = await run('PreToolUse', [group(undefined, { command: deny, async: true })]);
    expect(outcome).toMatchObject({ decision: null, blocked: false, updatedInput: null });
    expect(outcome.runs[0]!.status).toBe('running');
  });
});
