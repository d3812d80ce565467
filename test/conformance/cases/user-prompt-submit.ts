import { describe, expect, it } from 'vitest';
import { fails, group, hso, prints, type FamilyKit } from '../family.js';

/** Codex's tests of this event, shared by the openinterpreter and codex conformance suites (identical behaviour). */
export function userPromptSubmitCases(kit: FamilyKit): void {
  const { run, runPrinted } = kit;

  describe('UserPromptSubmit: codex-rs/hooks/src/events/user_prompt_submit.rs tests', () => {
    // user_prompt_submit.rs continue_false_preserves_context_for_later_turns
    it('continue:false stops and keeps the additionalContext', async () => {
      const outcome = await runPrinted('UserPromptSubmit', {
        continue: false,
        stopReason: 'pause',
        ...hso('UserPromptSubmit', { additionalContext: 'do not inject' }),
      });
      expect(outcome).toMatchObject({ stop: true, stopReason: 'pause', additionalContext: 'do not inject', blocked: false });
      expect(outcome.runs[0]!.status).toBe('stopped');
    });

    // user_prompt_submit.rs claude_block_decision_blocks_processing
    it('decision block blocks the prompt and keeps the additionalContext', async () => {
      const outcome = await runPrinted('UserPromptSubmit', {
        decision: 'block',
        reason: 'slow down',
        ...hso('UserPromptSubmit', { additionalContext: 'do not inject' }),
      });
      expect(outcome).toMatchObject({ blocked: true, reason: 'slow down', additionalContext: 'do not inject', decision: null });
      expect(outcome.runs[0]!.status).toBe('blocked');
    });

    // user_prompt_submit.rs claude_block_decision_requires_reason
    it('decision block without a reason fails and drops the context', async () => {
      const outcome = await runPrinted('UserPromptSubmit', {
        decision: 'block',
        ...hso('UserPromptSubmit', { additionalContext: 'do not inject' }),
      });
      expect(outcome).toMatchObject({ blocked: false, additionalContext: null });
      expect(outcome.runs[0]).toMatchObject({
        status: 'failed',
        error: 'UserPromptSubmit hook returned decision:block without a non-empty reason',
      });
    });

    // user_prompt_submit.rs exit_code_two_blocks_processing
    it('exit 2 blocks with trimmed stderr', async () => {
      const outcome = await run('UserPromptSubmit', [group(undefined, fails(2, 'blocked by policy\n'))]);
      expect(outcome).toMatchObject({ blocked: true, reason: 'blocked by policy' });
    });

    // events/user_prompt_submit.rs parse_completed: exit 2 wording; plain stdout is context.
    it('exit 2 without stderr says a blocking reason was missing; plain stdout is trimmed context', async () => {
      expect((await run('UserPromptSubmit', [group(undefined, fails(2))])).runs[0]!.error).toBe(
        'UserPromptSubmit hook exited with code 2 but did not write a blocking reason to stderr',
      );
      expect((await run('UserPromptSubmit', [group(undefined, prints('\n today is Friday \n'))])).additionalContext).toBe(
        'today is Friday',
      );
    });
  });
}
