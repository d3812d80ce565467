import { describe, expect, it } from 'vitest';
import { configWarnings, familyKit, fails, group, hooksFile, prints } from '../family.js';

/**
 * SessionEnd exists only in codex (SPEC-dialects 9.9 item 4): the constant target `other`, a 1 s
 * default timeout clamped to 1..3 s, hooks always synchronous, stdout ignored entirely.
 */
const { run, world, dispatch } = familyKit('codex');

describe('SessionEnd: codex-rs/hooks/src/events/session_end_tests.rs', () => {
  // session_end_tests.rs session_end_matches_other_reason
  it('selects the handlers whose matcher accepts `other`, and those without one', async () => {
    const outcome = await run('SessionEnd', [group('clear', 'echo clear'), group('other', 'echo other'), group(undefined, 'echo any')]);
    expect(outcome.matcherTarget).toBe('other');
    expect(outcome.runs.map((r) => r.command)).toEqual(['echo other', 'echo any']);
  });

  // session_end_tests.rs session_end_ignores_successful_output
  it("ignores a successful hook's stdout, even a control output", async () => {
    const outcome = await run('SessionEnd', [group(undefined, prints({ continue: false, decision: 'block', reason: 'ignored' }))]);
    expect(outcome).toMatchObject({ stop: false, blocked: false, reason: null, additionalContext: null, systemMessages: [] });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  // session_end.rs parse_completed: stdout is not read at all, not even to call it invalid.
  it('does not read invalid JSON on stdout either', async () => {
    expect((await run('SessionEnd', [group(undefined, prints('{ not json'))])).runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  // session_end.rs parse_completed: a non-zero exit reports trimmed stderr, else the exit code; exit 2 means nothing more.
  it('a failing hook reports its trimmed stderr, else the exit code', async () => {
    expect((await run('SessionEnd', [group(undefined, fails(2, ' disk full \n'))])).runs[0]).toMatchObject({
      status: 'failed',
      error: 'disk full',
    });
    expect((await run('SessionEnd', [group(undefined, fails(3))])).runs[0]).toMatchObject({
      status: 'failed',
      error: 'hook exited with code 3',
    });
  });

  // session_end.rs parse_completed: (None, None) => "hook process terminated without an exit code".
  it("a hook killed by a signal is reported in Codex's words", async () => {
    const outcome = await run('SessionEnd', [group(undefined, 'kill -9 $$')]);
    expect(outcome.runs[0]!.status).toBe('failed');
    expect(outcome.runs[0]!.error).toMatch(/^hook process terminated without an exit code/);
  });

  // core/tests/suite/hooks.rs session_end_flushes_transcript_and_ignores_control_output: the input.
  it('receives session_id, transcript_path, cwd, hook_event_name and reason "other"', async () => {
    const outcome = await run('SessionEnd', [group(undefined, 'cat >&2')]);
    expect(Object.keys(JSON.parse(outcome.runs[0]!.stderr) as object)).toEqual([
      'session_id',
      'transcript_path',
      'cwd',
      'hook_event_name',
      'reason',
    ]);
    expect(JSON.parse(outcome.runs[0]!.stderr)).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'other' });
  });
});

describe('SessionEnd timeouts and sync: codex-rs/hooks/src/engine/discovery.rs', () => {
  // discovery.rs session_end_normalizes_timeout
  it('defaults to 1 s, clamps 600 to 3 s and runs an async hook synchronously, warning about both', async () => {
    const target = await world({
      projectJson: hooksFile('SessionEnd', group('other', 'echo default', { command: 'echo clamped', timeout: 600, async: true })),
    });
    expect(target.engine.handlers.map((h) => [h.timeoutMs, h.matcher.source, h.async])).toEqual([
      [1000, 'other', false],
      [3000, 'other', false],
    ]);
    expect(configWarnings(target.engine.warnings)).toEqual([
      expect.stringContaining('timeout 600 is above the 3s maximum of SessionEnd hooks; the agent clamps it to 3s (timeout-capped)'),
      expect.stringContaining(
        'async: true has no effect on SessionEnd: the agent runs SessionEnd hooks synchronously; remove it (async-runs-sync)',
      ),
    ]);
    const outcome = await dispatch(target, 'SessionEnd');
    expect(outcome.runs.map((r) => [r.mode, r.status])).toEqual([
      ['sync', 'completed'],
      ['sync', 'completed'],
    ]);
  });

  // discovery.rs normalize_command_hook: 0 → 1 s, 2 stays 2 s.
  it('timeouts 0 and 2 become 1 s and 2 s', async () => {
    const target = await world({
      projectJson: hooksFile('SessionEnd', group(undefined, { command: 'x', timeout: 0 }, { command: 'y', timeout: 2 })),
    });
    expect(target.engine.handlers.map((h) => h.timeoutMs)).toEqual([1000, 2000]);
    await target.engine.close();
  });

  // The clamp holds at run time: a SessionEnd hook that outlives 1 s is stopped, in Codex's words.
  it('a hook that outlives its 1 s timeout is stopped', async () => {
    const outcome = await run('SessionEnd', [group(undefined, 'sleep 5')]);
    expect(outcome.runs[0]).toMatchObject({ status: 'timed_out', error: 'hook timed out after 1s' });
    expect(outcome.runs[0]!.durationMs).toBeLessThan(4000);
  });
});
