import { describe, expect, it } from 'vitest';
import { fails, group, prints, type FamilyKit } from '../family.js';

/** Codex's tests of this event, shared by the openinterpreter and codex conformance suites (identical behaviour). */
export function compactCases(kit: FamilyKit): void {
  const { run, runPrinted } = kit;

  describe('PreCompact and PostCompact: codex-rs/hooks/src/events/compact.rs tests', () => {
    // compact.rs pre_compact_input_includes_lifecycle_metadata, post_compact_input_includes_lifecycle_metadata
    it.each(['PreCompact', 'PostCompact'])('%s passes the lifecycle payload on stdin', async (event) => {
      const outcome = await run(event, [group(undefined, 'cat >/dev/null; printf "{}"'), group(undefined, 'cat >&2')], {
        trigger: 'manual',
      });
      expect(JSON.parse(outcome.runs[1]!.stderr)).toMatchObject({
        turn_id: 'turn-1',
        transcript_path: null,
        hook_event_name: event,
        model: 'test-model',
        trigger: 'manual',
      });
    });

    // compact.rs block_decision_is_not_supported_for_pre_compact
    it('decision block is not supported on PreCompact', async () => {
      const outcome = await runPrinted('PreCompact', { decision: 'block', reason: 'policy blocked compaction' });
      expect(outcome).toMatchObject({ blocked: false, stop: false });
      expect(outcome.runs[0]!.status).toBe('failed');
      expect(outcome.runs[0]!.error).toMatch(/^hook returned invalid PreCompact hook JSON output: /);
    });

    // compact.rs continue_false_stops_before_compaction
    it('continue:false stops before compaction', async () => {
      const outcome = await runPrinted('PreCompact', { continue: false, stopReason: 'nope' });
      expect(outcome).toMatchObject({ stop: true, stopReason: 'nope' });
      expect(outcome.runs[0]!.status).toBe('stopped');
    });

    // compact.rs post_compact_continue_false_stops_after_compaction
    it('continue:false stops after compaction', async () => {
      expect(await runPrinted('PostCompact', { continue: false, stopReason: 'pause after compact' })).toMatchObject({
        stop: true,
        stopReason: 'pause after compact',
      });
    });

    // compact.rs pre_compact_ignores_plain_stdout, post_compact_ignores_plain_stdout
    it.each(['PreCompact', 'PostCompact'])('%s ignores plain stdout', async (event) => {
      const outcome = await run(event, [group(undefined, prints('checking compact policy\n'))]);
      expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
    });

    // compact.rs parse_completed: a stop without stopReason shows "<Event> hook stopped execution" (issue 11 item 11).
    it.each(['PreCompact', 'PostCompact'])(
      'issue 11 item 11: %s continue:false without stopReason uses the default text',
      async (event) => {
        expect(await runPrinted(event, { continue: false })).toMatchObject({ stop: true, stopReason: `${event} hook stopped execution` });
      },
    );

    // compact.rs parse_completed: a non-zero exit reports trimmed stderr, else the exit code.
    it('a failing compaction hook reports its stderr', async () => {
      expect((await run('PreCompact', [group(undefined, fails(1, ' disk full \n'))])).runs[0]!.error).toBe('disk full');
      expect((await run('PreCompact', [group(undefined, fails(3))])).runs[0]!.error).toBe('hook exited with code 3');
    });
  });
}
