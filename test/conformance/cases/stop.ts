import { describe, expect, it } from 'vitest';
import { fails, group, prints, type FamilyKit } from '../family.js';

/** Codex's tests of this event, shared by the openinterpreter and codex conformance suites (identical behaviour). */
export function stopCases(kit: FamilyKit): void {
  const { run, runPrinted } = kit;

  describe.each(['Stop', 'SubagentStop'])('%s: codex-rs/hooks/src/events/stop.rs tests', (event) => {
    const words = event === 'Stop' ? 'stop hook' : 'subagent stop hook';

    // stop.rs block_decision_with_reason_sets_continuation_prompt
    it('decision block with a reason is the continuation prompt', async () => {
      const outcome = await runPrinted(event, { decision: 'block', reason: 'retry with tests' });
      expect(outcome).toMatchObject({ blocked: true, reason: 'retry with tests', stop: false });
      expect(outcome.runs[0]!.status).toBe('blocked');
    });

    // stop.rs block_decision_without_reason_is_invalid
    it('decision block without a reason fails the run', async () => {
      const outcome = await runPrinted(event, { decision: 'block' });
      expect(outcome).toMatchObject({ blocked: false, reason: null });
      expect(outcome.runs[0]).toMatchObject({
        status: 'failed',
        error: `${event} hook returned decision:block without a non-empty reason`,
      });
    });

    // stop.rs continue_false_overrides_block_decision (issue 11 item 4, within one output)
    it('issue 11 item 4: continue:false overrides a block in the same output', async () => {
      const outcome = await runPrinted(event, { continue: false, stopReason: 'done', decision: 'block', reason: 'keep going' });
      expect(outcome).toMatchObject({ stop: true, stopReason: 'done', blocked: false, reason: null });
      expect(outcome.runs[0]!.status).toBe('stopped');
    });

    // stop.rs exit_code_two_uses_stderr_feedback_only
    it('exit 2 uses stderr only, ignoring stdout', async () => {
      const outcome = await run(event, [group(undefined, prints('ignored stdout', 2, 'retry with tests'))]);
      expect(outcome).toMatchObject({ blocked: true, reason: 'retry with tests' });
    });

    // stop.rs exit_code_two_without_stderr_does_not_block (issue 11 item 11: per-event wording)
    it('exit 2 with blank stderr fails without blocking, saying a continuation prompt was missing', async () => {
      const outcome = await run(event, [group(undefined, fails(2, '   '))]);
      expect(outcome.blocked).toBe(false);
      expect(outcome.runs[0]).toMatchObject({
        status: 'failed',
        error: `${event} hook exited with code 2 but did not write a continuation prompt to stderr`,
      });
    });

    // stop.rs block_decision_with_blank_reason_fails_instead_of_blocking
    it('decision block with a blank reason fails instead of blocking', async () => {
      const outcome = await runPrinted(event, { decision: 'block', reason: '   ' });
      expect(outcome.blocked).toBe(false);
      expect(outcome.runs[0]!.error).toBe(`${event} hook returned decision:block without a non-empty reason`);
    });

    // stop.rs invalid_stdout_fails_instead_of_silently_nooping
    it('plain stdout fails the run', async () => {
      const outcome = await run(event, [group(undefined, prints('not json'))]);
      expect(outcome.runs[0]).toMatchObject({
        status: 'failed',
        error: `hook returned invalid ${words} JSON output: stdout is plain text, not a JSON object`,
      });
    });

    // stop.rs aggregate_results_concatenates_blocking_reasons_in_declaration_order
    it('block reasons are joined in declaration order', async () => {
      const outcome = await run(event, [
        group(undefined, `sleep 0.2; ${prints({ decision: 'block', reason: 'first' })}`, prints({ decision: 'block', reason: 'second' })),
      ]);
      expect(outcome).toMatchObject({ blocked: true, reason: 'first\n\nsecond' });
    });

    // stop.rs aggregate_results: should_block = !should_stop && any block (issue 11 item 4, across handlers)
    it("issue 11 item 4: continue:false from one handler overrides another handler's block", async () => {
      const outcome = await run(event, [
        group(undefined, prints({ decision: 'block', reason: 'keep going' }), prints({ continue: false })),
      ]);
      expect(outcome).toMatchObject({ stop: true, stopReason: null, blocked: false, reason: null });
      expect(outcome.runs.map((r) => r.status)).toEqual(['blocked', 'stopped']);
    });

    it('the continuation prompt is trimmed', async () => {
      expect((await runPrinted(event, { decision: 'block', reason: '\n  run the tests  \n' })).reason).toBe('run the tests');
    });

    it('has no hookSpecificOutput: an output carrying one fails (schema.rs StopCommandOutputWire)', async () => {
      const outcome = await runPrinted(event, { hookSpecificOutput: { hookEventName: event } });
      expect(outcome.runs[0]!.error).toBe(
        `hook returned invalid ${words} JSON output: /hookSpecificOutput: unknown property "hookSpecificOutput"`,
      );
    });
  });
}
