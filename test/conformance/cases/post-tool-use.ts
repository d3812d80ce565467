import { describe, expect, it } from 'vitest';
import { fails, group, hso, prints, type FamilyKit } from '../family.js';

/** Codex's tests of this event, shared by the openinterpreter and codex conformance suites (identical behaviour). */
export function postToolUseCases(kit: FamilyKit): void {
  const { run, runPrinted } = kit;
  // Codex 0.169.0 (test/agents/codex): continue:false replaces the tool output and the turn goes on.
  const stops = kit.dialect === 'openinterpreter';

  describe('PostToolUse: codex-rs/hooks/src/events/post_tool_use.rs tests', () => {
    // post_tool_use.rs command_input_uses_request_tool_name
    it('the hook receives the canonical tool name on stdin', async () => {
      const outcome = await run('PostToolUse', [group('Edit', 'cat')], { tool_name: 'apply_patch' });
      expect(JSON.parse(outcome.runs[0]!.stdout)).toMatchObject({ tool_name: 'apply_patch' });
    });

    // post_tool_use.rs block_decision_stops_normal_processing
    it('decision block is feedback for the model', async () => {
      const outcome = await runPrinted('PostToolUse', { decision: 'block', reason: 'bash output looked sketchy' });
      expect(outcome).toMatchObject({ blocked: true, reason: 'bash output looked sketchy', stop: false });
      expect(outcome.runs[0]!.status).toBe('blocked');
    });

    // post_tool_use.rs additional_context_is_recorded
    it('additionalContext is recorded', async () => {
      const outcome = await runPrinted('PostToolUse', hso('PostToolUse', { additionalContext: 'Remember the bash cleanup note.' }));
      expect(outcome).toMatchObject({ additionalContext: 'Remember the bash cleanup note.', blocked: false });
    });

    // post_tool_use.rs unsupported_updated_mcp_tool_output_fails_open
    it('updatedMCPToolOutput fails the run and drops its context', async () => {
      const outcome = await runPrinted(
        'PostToolUse',
        hso('PostToolUse', { updatedMCPToolOutput: { ok: true }, additionalContext: 'preserved' }),
      );
      expect(outcome).toMatchObject({ blocked: false, additionalContext: null });
      expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'PostToolUse hook returned unsupported updatedMCPToolOutput' });
    });

    // post_tool_use.rs exit_two_blocks_with_feedback
    it('exit 2 blocks with stderr as feedback', async () => {
      const outcome = await run('PostToolUse', [group(undefined, fails(2, 'post hook says pause'))]);
      expect(outcome).toMatchObject({ blocked: true, reason: 'post hook says pause' });
    });

    // post_tool_use.rs continue_false_stops_with_reason
    it('continue:false: the trimmed reason is the feedback; openinterpreter stops, codex goes on', async () => {
      const outcome = await runPrinted('PostToolUse', {
        continue: false,
        stopReason: 'halt after bash output',
        reason: 'post-tool hook says stop',
      });
      expect(outcome).toMatchObject({
        stop: stops,
        stopReason: stops ? 'halt after bash output' : null,
        blocked: false,
        reason: 'post-tool hook says stop',
      });
      expect(outcome.runs[0]!.status).toBe('stopped');
    });

    // post_tool_use.rs continue_false_without_reason_synthesizes_feedback (issue 11 item 11: default stop text)
    it("continue:false without a reason uses the agent's default text for both", async () => {
      const outcome = await runPrinted('PostToolUse', { continue: false });
      expect(outcome).toMatchObject({
        stop: stops,
        stopReason: stops ? 'PostToolUse hook stopped execution' : null,
        reason: 'PostToolUse hook stopped execution',
      });
      expect(outcome.runs[0]!.status).toBe('stopped');
    });

    // post_tool_use.rs plain_stdout_is_ignored_for_post_tool_use
    it('plain stdout is ignored', async () => {
      const outcome = await run('PostToolUse', [group(undefined, prints('plain text only'))]);
      expect(outcome).toMatchObject({ blocked: false, reason: null, additionalContext: null });
      expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
    });
  });

  describe('PostToolUse: output_parser.rs parse_post_tool_use rules', () => {
    it.each([
      ['reason without decision', { reason: 'why' }, 'PostToolUse hook returned reason without decision'],
      ['block without a reason', { decision: 'block', reason: ' ' }, 'PostToolUse hook returned decision:block without a non-empty reason'],
      ['suppressOutput', { suppressOutput: true }, 'PostToolUse hook returned unsupported suppressOutput'],
    ])('%s fails the run', async (_name, output, error) => {
      const outcome = await runPrinted('PostToolUse', output);
      expect(outcome.runs[0]).toMatchObject({ status: 'failed', error });
      expect(outcome.blocked).toBe(false);
    });

    it('exit 2 without stderr says feedback was missing', async () => {
      const outcome = await run('PostToolUse', [group(undefined, fails(2))]);
      expect(outcome.runs[0]!.error).toBe('PostToolUse hook exited with code 2 but did not write feedback to stderr');
    });
  });

  describe('issue 11 item 5: PostToolUse joins the feedback of every blocking hook (events/post_tool_use.rs run: join_text_chunks)', () => {
    it('every block and stop contributes, in configured order, joined with a blank line', async () => {
      const outcome = await run('PostToolUse', [
        group(
          undefined,
          prints({ decision: 'block', reason: 'lint failed' }),
          fails(2, 'tests failed\n'),
          'true',
          prints({ continue: false, reason: 'budget spent' }),
        ),
      ]);
      expect(outcome).toMatchObject({ blocked: true, stop: stops, reason: 'lint failed\n\ntests failed\n\nbudget spent' });
    });
  });
}
