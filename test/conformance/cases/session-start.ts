import { describe, expect, it } from 'vitest';
import { fails, group, hso, prints, type FamilyKit } from '../family.js';

/** Codex's tests of this event, shared by the openinterpreter and codex conformance suites (identical behaviour). */
export function sessionStartCases(kit: FamilyKit): void {
  const { run, runPrinted } = kit;

  describe('SessionStart and SubagentStart: codex-rs/hooks/src/events/session_start.rs tests', () => {
    // session_start.rs plain_stdout_becomes_model_context
    it('SessionStart plain stdout becomes trimmed model context', async () => {
      const outcome = await run('SessionStart', [group(undefined, prints('hello from hook\n'))]);
      expect(outcome).toMatchObject({ additionalContext: 'hello from hook', stop: false });
    });

    // session_start.rs continue_false_preserves_context_for_later_turns
    it('SessionStart continue:false stops and keeps the context', async () => {
      const outcome = await runPrinted('SessionStart', {
        continue: false,
        stopReason: 'pause',
        ...hso('SessionStart', { additionalContext: 'do not inject' }),
      });
      expect(outcome).toMatchObject({ stop: true, stopReason: 'pause', additionalContext: 'do not inject' });
      expect(outcome.runs[0]!.status).toBe('stopped');
    });

    // session_start.rs invalid_json_like_stdout_fails_instead_of_becoming_model_context
    it('JSON-looking stdout that does not parse fails instead of becoming context', async () => {
      const outcome = await run('SessionStart', [group(undefined, prints('{"hookSpecificOutput":{"hookEventName":"SessionStart"'))]);
      expect(outcome.additionalContext).toBeNull();
      expect(outcome.runs[0]!.error).toMatch(/^hook returned invalid session start JSON output: /);
    });

    // session_start.rs subagent_start_plain_stdout_becomes_model_context
    it('SubagentStart plain stdout becomes model context', async () => {
      const outcome = await run('SubagentStart', [group(undefined, prints('hello from subagent hook\n'))]);
      expect(outcome.additionalContext).toBe('hello from subagent hook');
    });

    // session_start.rs subagent_start_continue_false_is_ignored (issue 11 item 11)
    it('issue 11 item 11: SubagentStart continue:false is ignored; the context stays', async () => {
      const outcome = await runPrinted('SubagentStart', {
        continue: false,
        stopReason: 'skip child',
        ...hso('SubagentStart', { additionalContext: 'child context' }),
      });
      expect(outcome).toMatchObject({ stop: false, stopReason: null, additionalContext: 'child context' });
      expect(outcome.runs[0]!.status).toBe('completed');
    });

    it.each(['SessionStart', 'SubagentStart'])('%s: exit 2 has no meaning and fails with "hook exited with code 2"', async (event) => {
      const outcome = await run(event, [group(undefined, fails(2, 'stop'))]);
      expect(outcome).toMatchObject({ blocked: false, stop: false });
      expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'hook exited with code 2' });
    });

    it('SessionStart continue:false without stopReason has no stop text (Codex has no default here)', async () => {
      expect(await runPrinted('SessionStart', { continue: false })).toMatchObject({ stop: true, stopReason: null });
    });
  });
}
