import { describe, expect, it } from 'vitest';
import { preToolUseCases } from '../cases/pre-tool-use.js';
import { familyKit, group, hso, prints } from '../family.js';

const kit = familyKit('openinterpreter');
const { run, runPrinted } = kit;
const pre = (fields: Record<string, unknown>) => hso('PreToolUse', fields);

preToolUseCases(kit);

describe('PreToolUse: the deliberate differences of SPEC 2.9 (codex-rs/hooks/src/events/pre_tool_use.rs)', () => {
  // pre_tool_use.rs last_completed_updated_input_wins — DELIBERATE DIFFERENCE (SPEC 2.9): hookctl takes the
  // rewrite of the last handler in configured order, not the last to finish, so the result is deterministic.
  it('the rewrite of the last handler in configured order wins, even when it finishes first', async () => {
    const rewrite = (command: string) => prints(pre({ permissionDecision: 'allow', updatedInput: { command } }));
    const outcome = await run('PreToolUse', [
      group(
        undefined,
        { command: `sleep 0.3; ${rewrite('finished later')}`, id: 'first' },
        { command: rewrite('configured later'), id: 'second' },
      ),
    ]);
    expect(outcome).toMatchObject({ updatedInput: { command: 'configured later' }, updatedInputFrom: 'second' });
  });

  // pre_tool_use.rs permission_decision_allow_without_updated_input_fails_open — DELIBERATE DIFFERENCE
  // (SPEC 2.5/2.6/2.9): hookctl gives `allow` a meaning (the aggregate decision is allow); Codex fails the run.
  it('allow without updatedInput decides allow and keeps its context', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'allow', additionalContext: 'preserved' }));
    expect(outcome).toMatchObject({ decision: 'allow', additionalContext: 'preserved' });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  // pre_tool_use.rs unsupported_permission_decision_fails_open — DELIBERATE DIFFERENCE (SPEC 2.9): ask has meaning.
  it('permissionDecision ask hands the decision back (decision ask), not a failed run', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'ask', permissionDecisionReason: 'please confirm' }));
    expect(outcome).toMatchObject({ decision: 'ask', blocked: false, reason: 'please confirm' });
    expect(outcome.runs[0]!.status).toBe('completed');
  });

  // pre_tool_use.rs deprecated_approve_decision_fails_open — DELIBERATE DIFFERENCE (SPEC 2.9): legacy approve = allow.
  it('legacy approve decides allow', async () => {
    const outcome = await runPrinted('PreToolUse', { decision: 'approve' });
    expect(outcome).toMatchObject({ decision: 'allow' });
    expect(outcome.runs[0]!.status).toBe('completed');
  });

  // DELIBERATE DIFFERENCE (SPEC 2.9): Codex fails this run (failing open); hookctl denies (failing closed).
  it('deny plus updatedInput denies', async () => {
    const outcome = await runPrinted(
      'PreToolUse',
      pre({ permissionDecision: 'deny', permissionDecisionReason: 'no', updatedInput: { command: 'ls' } }),
    );
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'no', updatedInput: null });
  });
});
