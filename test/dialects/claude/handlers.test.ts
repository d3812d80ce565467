import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AsyncRunResult } from '../../../src/index.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, printJson } from './sandbox.js';

describe('claude command handlers (SPEC-dialects 8.2)', () => {
  it('shell form runs with sh -c; exec form spawns command with args and no shell', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({
        Stop: [
          group([
            command('printf "%s" "$HOME; echo shell" >&2'),
            command('node', { args: ['-e', 'process.stderr.write(process.argv[1])', '$HOME; echo literal'] }),
          ]),
        ],
      }),
    );
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.stderr)).toEqual([`${box.home}; echo shell`, '$HOME; echo literal']);
    expect(outcome.runs[1]!.command).toBe('node -e process.stderr.write(process.argv[1]) $HOME; echo literal');
  });

  it(
    'exec form replaces ${CLAUDE_PROJECT_DIR} in command and args; ' + 'shell form leaves it to the shell, which has the variable',
    async () => {
      const box = makeClaudeSandbox();
      box.write('project/bin/tool.sh', '#!/bin/sh\nprintf "%s" "$1" >&2\n', { executable: true });
      box.settings(
        'project/.claude/settings.json',
        hooks({
          Stop: [
            group([
              command('${CLAUDE_PROJECT_DIR}/bin/tool.sh', { args: ['${CLAUDE_PROJECT_DIR}/x'] }),
              command('printf "%s" "${CLAUDE_PROJECT_DIR}" >&2'),
            ]),
          ],
        }),
      );
      const outcome = await dispatchOnce(box, 'Stop');
      expect(outcome.runs.map((run) => run.stderr)).toEqual([`${box.project}/x`, box.project]);
      expect(outcome.runs[1]!.command).toBe('printf "%s" "${CLAUDE_PROJECT_DIR}" >&2');
    },
  );

  it(
    'plugin hooks get ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} replaced as text in shell form; ' + 'the data dir is created',
    async () => {
      const box = makeClaudeSandbox();
      box.settings(
        'home/.claude/plugins/cache/m/p/1/hooks/hooks.json',
        hooks({ Stop: [group([command("echo '${CLAUDE_PLUGIN_DATA}' >&2; test -d '${CLAUDE_PLUGIN_DATA}'")])] }),
      );
      box.settings('home/.claude/settings.json', { enabledPlugins: { 'p@m': true } });
      const outcome = await dispatchOnce(box, 'Stop');
      expect(outcome.runs[0]).toMatchObject({ status: 'completed', stderr: `${join(box.home, '.claude/plugins/data/p-m')}\n` });
    },
  );

  it('refuses ${user_config.*} in a shell-form plugin hook with Claude’s message; an exec-form one fails without starting', async () => {
    const box = makeClaudeSandbox();
    const marker = join(box.root, 'started');
    box.settings(
      'home/.claude/plugins/cache/m/p/1/hooks/hooks.json',
      hooks({
        Stop: [
          group([command('curl -H "token: ${user_config.api_token}" x'), command('touch', { args: [marker, '${user_config.api_token}'] })]),
        ],
      }),
    );
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'p@m': true } });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => [run.status, run.skipReason])).toEqual([
      ['skipped', 'not-runnable'],
      ['failed', null],
    ]);
    expect(outcome.runs[0]!.error).toContain(
      'Hook from plugin p@m references ${user_config.*} in a shell-form command. The substituted value would be re-parsed by the shell.',
    );
    expect(outcome.runs[1]!.error).toBe(
      '${user_config.*} needs the plugin options the agent keeps; hookctl does not resolve them, so this hook cannot start',
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('${user_config.*} in a settings hook: selected and failed, never silently skipped', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([command('echo ${user_config.key}')])] }));
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs).toMatchObject([{ status: 'failed', command: 'echo ${user_config.key}' }]);
    expect(outcome.runs[0]!.error).toContain('hookctl does not resolve them');
  });

  it('shell "powershell" runs pwsh -NoProfile -Command, falling back to powershell on PATH', async () => {
    const box = makeClaudeSandbox();
    const bin = join(box.root, 'fake-bin');
    mkdirSync(bin);
    // A stand-in that shows how it was called: only `powershell` exists, so the fallback is taken.
    writeFileSync(join(bin, 'powershell'), '#!/bin/sh\nprintf "%s|" "$@" >&2\n');
    chmodSync(join(bin, 'powershell'), 0o755);
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([command('Write-Output hi', { shell: 'powershell' })])] }));
    const outcome = await dispatchOnce(box, 'Stop', {}, { env: { PATH: `${bin}:${process.env.PATH}` } });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', stderr: '-NoProfile|-Command|Write-Output hi|' });
  });

  it('async hooks are detached: reported as running, their output arrives through onAsyncEnd and never decides', async () => {
    const box = makeClaudeSandbox();
    const output = {
      systemMessage: 'tests passed',
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'x',
        additionalContext: 'ctx',
      },
    };
    box.settings(
      'project/.claude/settings.json',
      hooks({
        PreToolUse: [
          group([
            command(`sleep 0.2; ${printJson(output)}`, {
              async: true,
            }),
          ]),
        ],
      }),
    );
    const engine = await box.engine();
    const results: AsyncRunResult[] = [];
    const outcome = await engine.dispatch('PreToolUse', (await box.payload('PreToolUse')) as never, {
      onAsyncEnd: (result) => results.push(result),
    });
    expect(outcome).toMatchObject({ decision: null, blocked: false });
    expect(outcome.runs[0]).toMatchObject({ mode: 'async', status: 'running' });
    await engine.close();
    expect(results).toHaveLength(1);
    expect(results[0]!.report).toMatchObject({ status: 'completed', exitCode: 0 });
    expect(results[0]!.effect).toEqual({ systemMessage: 'tests passed', additionalContext: 'ctx' });
  });

  // SPEC-dialects 8.4: InstructionsLoaded runs async, DirectoryAdded is not awaited, whatever `async` says.
  it.each(['InstructionsLoaded', 'DirectoryAdded'] as const)(
    '%s hooks are not awaited: reported running, finished afterwards',
    async (event) => {
      const box = makeClaudeSandbox();
      box.settings(
        'project/.claude/settings.json',
        hooks({ [event]: [group([command(`sleep 0.3; ${printJson({ systemMessage: 'seen' })}`)])] }),
      );
      const engine = await box.engine();
      const results: AsyncRunResult[] = [];
      const outcome = await engine.dispatch(event, (await box.payload(event)) as never, {
        onAsyncEnd: (result) => results.push(result),
      });
      expect(outcome.runs).toMatchObject([{ mode: 'async', status: 'running' }]);
      expect(results).toEqual([]);
      await engine.close();
      expect(results.map((result) => result.report.status)).toEqual(['completed']);
    },
  );

  it('an async hook’s wrongly typed field is dropped, not the whole output (cc hooks §Run hooks in the background)', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({ Stop: [group([command(printJson({ systemMessage: 'kept', continue: 'no' }), { async: true })])] }),
    );
    const engine = await box.engine();
    const results: AsyncRunResult[] = [];
    await engine.dispatch('Stop', (await box.payload('Stop')) as never, { onAsyncEnd: (result) => results.push(result) });
    await engine.close();
    expect(results[0]!.effect).toEqual({ systemMessage: 'kept' });
    expect(results[0]!.warnings).toContainEqual(expect.stringContaining('/continue must be boolean'));
  });

  it('asyncRewake implies async; its exit 2 is a wake-up message with stderr, else stdout', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({
        PostToolUse: [
          group([
            command('echo "3 tests failed" >&2; exit 2', { asyncRewake: true }),
            command('echo "from stdout"; exit 2', { asyncRewake: true }),
          ]),
        ],
      }),
    );
    const engine = await box.engine();
    const results: AsyncRunResult[] = [];
    const outcome = await engine.dispatch('PostToolUse', (await box.payload('PostToolUse')) as never, {
      onAsyncEnd: (result) => results.push(result),
    });
    await engine.close();
    expect(outcome.runs.map((run) => run.mode)).toEqual(['async', 'async']);
    expect(outcome.blocked).toBe(false);
    expect(results.map((result) => result.effect.extra?.rewakeMessage).sort()).toEqual(['3 tests failed', 'from stdout']);
  });
});

describe('claude timeouts (SPEC-dialects 8.2)', () => {
  it.each([
    ['PreToolUse', 'command', 600_000],
    ['UserPromptSubmit', 'command', 30_000],
    ['MessageDisplay', 'command', 10_000],
    ['Stop', 'prompt', 30_000],
    ['Stop', 'agent', 60_000],
    ['UserPromptSubmit', 'http', 30_000],
  ])('%s %s hooks default to %i ms', async (event, type, ms) => {
    const box = makeClaudeSandbox();
    const handler = type === 'command' ? command('true') : type === 'http' ? { type, url: 'http://127.0.0.1:9/' } : { type, prompt: 'ok?' };
    box.settings('project/.claude/settings.json', hooks({ [event]: [group([handler])] }));
    const engine = await box.engine();
    await engine.close();
    expect(engine.handlers[0]!.timeoutMs).toBe(ms);
  });

  it('a timeout in seconds may be fractional', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([command('sleep 3', { timeout: 0.25 })])] }));
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs[0]!.status).toBe('timed_out');
  });

  it('SessionEnd hooks share a 1.5 s budget by default', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ SessionEnd: [group([command('sleep 20; echo late >&2')])] }));
    const started = performance.now();
    const outcome = await dispatchOnce(box, 'SessionEnd');
    expect(outcome.runs[0]!.status).toBe('timed_out');
    // Cut by the 1.5 s budget, far below the hook's own 600 s and its 20 s of sleep.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('a settings timeout raises the SessionEnd budget; CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS overrides it', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ SessionEnd: [group([command('sleep 2; echo done >&2', { timeout: 5 })])] }));
    expect((await dispatchOnce(box, 'SessionEnd')).runs[0]!.status).toBe('completed');
    const cut = await dispatchOnce(
      box,
      'SessionEnd',
      {},
      { env: { PATH: process.env.PATH, CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: '300' } },
    );
    expect(cut.runs[0]!.status).toBe('timed_out');
  });
});
