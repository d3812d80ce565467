import { describe, expect, it } from 'vitest';
import { fails, group, hso, prints, run, runPrinted } from './harness.js';

const pre = (fields: Record<string, unknown>) => hso('PreToolUse', fields);
const nothing = { decision: null, blocked: false, reason: null, updatedInput: null, updatedInputFrom: null, additionalContext: null };

describe('PreToolUse: codex-rs/hooks/src/events/pre_tool_use.rs tests', () => {
  // pre_tool_use.rs command_input_uses_request_tool_name
  it('the hook receives the canonical tool name on stdin, not the alias that selected it', async () => {
    const outcome = await run('PreToolUse', [group('Write', 'cat')], { tool_name: 'apply_patch' });
    expect(JSON.parse(outcome.runs[0]!.stdout)).toMatchObject({ tool_name: 'apply_patch', hook_event_name: 'PreToolUse' });
  });

  // pre_tool_use.rs permission_decision_deny_blocks_processing
  it('permissionDecision deny blocks with its reason', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: 'do not run that' }));
    expect(outcome).toMatchObject({ ...nothing, decision: 'deny', blocked: true, reason: 'do not run that' });
    expect(outcome.runs[0]).toMatchObject({ status: 'blocked', error: null });
  });

  // pre_tool_use.rs permission_decision_allow_can_update_input
  it('allow with updatedInput rewrites the input', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } }));
    expect(outcome).toMatchObject({ decision: 'allow', blocked: false, updatedInput: { command: 'echo rewritten' }, updatedInputFrom: 'project:PreToolUse:0:0' });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  // pre_tool_use.rs last_completed_updated_input_wins — DELIBERATE DIFFERENCE (SPEC 2.9): hookctl takes the
  // rewrite of the last handler in configured order, not the last to finish, so the result is deterministic.
  it('deliberate difference: the rewrite of the last handler in configured order wins, even when it finishes first', async () => {
    const rewrite = (command: string) => prints(pre({ permissionDecision: 'allow', updatedInput: { command } }));
    const outcome = await run('PreToolUse', [group(undefined, { command: `sleep 0.3; ${rewrite('finished later')}`, id: 'first' }, { command: rewrite('configured later'), id: 'second' })]);
    expect(outcome).toMatchObject({ updatedInput: { command: 'configured later' }, updatedInputFrom: 'second' });
  });

  // pre_tool_use.rs permission_decision_allow_without_updated_input_fails_open — DELIBERATE DIFFERENCE
  // (SPEC 2.5/2.6/2.9): hookctl gives `allow` a meaning (the aggregate decision is allow); Codex fails the run.
  it('deliberate difference: allow without updatedInput decides allow and keeps its context', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'allow', additionalContext: 'preserved' }));
    expect(outcome).toMatchObject({ decision: 'allow', additionalContext: 'preserved' });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  // pre_tool_use.rs deprecated_block_decision_blocks_processing
  it('legacy decision block blocks with its reason', async () => {
    const outcome = await runPrinted('PreToolUse', { decision: 'block', reason: 'do not run that' });
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'do not run that' });
    expect(outcome.runs[0]!.status).toBe('blocked');
  });

  // pre_tool_use.rs deprecated_block_decision_with_additional_context_blocks_processing
  it('legacy block keeps the additionalContext of the same output', async () => {
    const outcome = await runPrinted('PreToolUse', { decision: 'block', reason: 'do not run that', ...pre({ additionalContext: 'remember this' }) });
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'do not run that', additionalContext: 'remember this' });
  });

  // pre_tool_use.rs unsupported_permission_decision_fails_open — DELIBERATE DIFFERENCE (SPEC 2.9): ask has meaning.
  it('deliberate difference: permissionDecision ask hands the decision back (decision ask), not a failed run', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'ask', permissionDecisionReason: 'please confirm' }));
    expect(outcome).toMatchObject({ decision: 'ask', blocked: false, reason: 'please confirm' });
    expect(outcome.runs[0]!.status).toBe('completed');
  });

  // pre_tool_use.rs deprecated_approve_decision_fails_open — DELIBERATE DIFFERENCE (SPEC 2.9): legacy approve = allow.
  it('deliberate difference: legacy approve decides allow', async () => {
    const outcome = await runPrinted('PreToolUse', { decision: 'approve' });
    expect(outcome).toMatchObject({ decision: 'allow' });
    expect(outcome.runs[0]!.status).toBe('completed');
  });

  // pre_tool_use.rs additional_context_is_recorded
  it('a deny keeps its additionalContext', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: 'do not run that', additionalContext: 'nope' }));
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'do not run that', additionalContext: 'nope' });
  });

  // pre_tool_use.rs plain_stdout_is_ignored
  it('plain stdout is ignored', async () => {
    const outcome = await run('PreToolUse', [group(undefined, prints('hook ran successfully\n'))]);
    expect(outcome).toMatchObject(nothing);
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  // pre_tool_use.rs invalid_json_like_stdout_fails_instead_of_becoming_noop
  it('JSON-looking stdout that does not parse fails the run', async () => {
    const outcome = await run('PreToolUse', [group(undefined, prints('{"decision":\n'))]);
    expect(outcome).toMatchObject(nothing);
    expect(outcome.runs[0]!.status).toBe('failed');
    expect(outcome.runs[0]!.error).toMatch(/^hook returned invalid pre-tool-use JSON output: /);
  });

  // pre_tool_use.rs exit_code_two_blocks_processing
  it('exit 2 blocks with trimmed stderr', async () => {
    const outcome = await run('PreToolUse', [group(undefined, fails(2, 'blocked by policy\n'))]);
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'blocked by policy' });
  });
});

describe('PreToolUse: output_parser.rs parse_pre_tool_use rules', () => {
  it.each([
    ['continue:false', { continue: false, ...pre({ permissionDecision: 'deny', permissionDecisionReason: 'no' }) }, 'PreToolUse hook returned unsupported continue:false'],
    ['stopReason', { stopReason: 'x' }, 'PreToolUse hook returned unsupported stopReason'],
    ['suppressOutput', { suppressOutput: true }, 'PreToolUse hook returned unsupported suppressOutput'],
    ['permissionDecisionReason without permissionDecision', pre({ permissionDecisionReason: 'why' }), 'PreToolUse hook returned permissionDecisionReason without permissionDecision'],
    ['reason without decision', { reason: 'why' }, 'PreToolUse hook returned reason without decision'],
    ['deny without a reason', pre({ permissionDecision: 'deny', permissionDecisionReason: '  ' }), 'PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason'],
    ['legacy block without a reason', { decision: 'block' }, 'PreToolUse hook returned decision:block without a non-empty reason'],
  ])('%s fails the run with the agent\'s words', async (_name, output, error) => {
    const outcome = await runPrinted('PreToolUse', output);
    expect(outcome).toMatchObject(nothing);
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error });
  });

  it('hookSpecificOutput decision fields take precedence over a legacy decision in the same output', async () => {
    const outcome = await runPrinted('PreToolUse', { decision: 'block', reason: 'legacy', ...pre({ permissionDecision: 'allow', updatedInput: { command: 'ls' } }) });
    expect(outcome).toMatchObject({ decision: 'allow', blocked: false, updatedInput: { command: 'ls' } });
  });

  it('a deny reason is trimmed', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: '  no rm -rf \n' }));
    expect(outcome.reason).toBe('no rm -rf');
  });
});

describe('issue 11 item 10: updatedInput needs permissionDecision allow (output_parser.rs unsupported_pre_tool_use_hook_specific_output)', () => {
  it.each([
    ['no decision', pre({ updatedInput: { command: 'rm -rf /tmp/x' } })],
    ['ask', pre({ permissionDecision: 'ask', updatedInput: { command: 'rm -rf /tmp/x' } })],
  ])('with %s the run fails and nothing is rewritten', async (_name, output) => {
    const outcome = await runPrinted('PreToolUse', output);
    expect(outcome).toMatchObject({ decision: null, updatedInput: null, updatedInputFrom: null });
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'PreToolUse hook returned updatedInput without permissionDecision:allow' });
  });

  // DELIBERATE DIFFERENCE (SPEC 2.9): Codex fails this run (failing open); hookctl denies (failing closed).
  it('deliberate difference: deny plus updatedInput denies', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: 'no', updatedInput: { command: 'ls' } }));
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'no', updatedInput: null });
  });

  it('any deny suppresses every rewrite (events/pre_tool_use.rs run: no updated_input when blocked)', async () => {
    const outcome = await run('PreToolUse', [
      group(undefined, prints(pre({ permissionDecision: 'allow', updatedInput: { command: 'ls' } })), fails(2, 'no')),
    ]);
    expect(outcome).toMatchObject({ decision: 'deny', updatedInput: null, updatedInputFrom: null });
  });
});
