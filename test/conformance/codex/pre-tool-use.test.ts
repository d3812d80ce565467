import { describe, expect, it } from 'vitest';
import { familyKit, fails, group, hso, prints } from '../family.js';

const { run, runPrinted } = familyKit('codex');
const pre = (fields: Record<string, unknown>) => hso('PreToolUse', fields);
const nothing = { decision: null, blocked: false, reason: null, updatedInput: null, updatedInputFrom: null, additionalContext: null };
const rewrite = (command: string) => prints(pre({ permissionDecision: 'allow', updatedInput: { command } }));

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
  it('allow with updatedInput rewrites the input; the rewriting run is named by its Codex key', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } }));
    expect(outcome).toMatchObject({ decision: 'allow', blocked: false, updatedInput: { command: 'echo rewritten' } });
    expect(outcome.updatedInputFrom).toMatch(/\/project\/\.codex\/hooks\.json:pre_tool_use:0:0$/);
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  // pre_tool_use.rs last_completed_updated_input_wins — SPEC-dialects 9.6, 9.9 item 7: the rewrite of the
  // handler that finished last wins, whatever its configured position (openinterpreter: the last configured).
  it('difference from openinterpreter: the rewrite of the last handler to finish wins', async () => {
    const outcome = await run('PreToolUse', [group(undefined, `sleep 0.4; ${rewrite('finished later')}`, rewrite('configured later'))]);
    expect(outcome).toMatchObject({ updatedInput: { command: 'finished later' } });
    expect(outcome.updatedInputFrom).toMatch(/:pre_tool_use:0:0$/);
  });

  // SPEC-dialects §10 `--rewrite-order configured`: the deterministic order, for tests.
  it('with rewriteOrder configured, the last handler in configured order wins instead', async () => {
    const outcome = await run('PreToolUse', [group(undefined, `sleep 0.4; ${rewrite('finished later')}`, rewrite('configured later'))], {}, { rewriteOrder: 'configured' });
    expect(outcome).toMatchObject({ updatedInput: { command: 'configured later' } });
    expect(outcome.updatedInputFrom).toMatch(/:pre_tool_use:0:1$/);
  });

  // pre_tool_use.rs permission_decision_allow_without_updated_input_fails_open — SPEC-dialects 9.9 item 6:
  // Codex fails the run (openinterpreter decides allow).
  it('difference from openinterpreter: allow without updatedInput fails the run and drops its context', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'allow', additionalContext: 'dropped' }));
    expect(outcome).toMatchObject(nothing);
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'PreToolUse hook returned unsupported permissionDecision:allow' });
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

  // pre_tool_use.rs unsupported_permission_decision_fails_open — SPEC-dialects 9.9 item 6/7: no `ask` outcome.
  it('difference from openinterpreter: permissionDecision ask fails the run; there is no ask outcome', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'ask', permissionDecisionReason: 'please confirm' }));
    expect(outcome).toMatchObject(nothing);
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'PreToolUse hook returned unsupported permissionDecision:ask' });
  });

  // pre_tool_use.rs deprecated_approve_decision_fails_open — SPEC-dialects 9.9 item 6.
  it('difference from openinterpreter: legacy approve fails the run', async () => {
    const outcome = await runPrinted('PreToolUse', { decision: 'approve' });
    expect(outcome).toMatchObject(nothing);
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'PreToolUse hook returned unsupported decision:approve' });
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

describe('PreToolUse: output_parser.rs parse_pre_tool_use rules, in Codex\'s order', () => {
  it.each([
    ['continue:false', { continue: false, ...pre({ permissionDecision: 'deny', permissionDecisionReason: 'no' }) }, 'PreToolUse hook returned unsupported continue:false'],
    ['stopReason', { stopReason: 'x' }, 'PreToolUse hook returned unsupported stopReason'],
    ['suppressOutput', { suppressOutput: true }, 'PreToolUse hook returned unsupported suppressOutput'],
    ['permissionDecisionReason without permissionDecision', pre({ permissionDecisionReason: 'why' }), 'PreToolUse hook returned permissionDecisionReason without permissionDecision'],
    ['reason without decision', { reason: 'why' }, 'PreToolUse hook returned reason without decision'],
    ['deny without a reason', pre({ permissionDecision: 'deny', permissionDecisionReason: '  ' }), 'PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason'],
    ['legacy block without a reason', { decision: 'block' }, 'PreToolUse hook returned decision:block without a non-empty reason'],
    ['updatedInput without a decision', pre({ updatedInput: { command: 'ls' } }), 'PreToolUse hook returned updatedInput without permissionDecision:allow'],
    ['ask with updatedInput', pre({ permissionDecision: 'ask', updatedInput: { command: 'ls' } }), 'PreToolUse hook returned updatedInput without permissionDecision:allow'],
    // unsupported_pre_tool_use_hook_specific_output checks updatedInput before the deny reason: Codex fails this run (fail open).
    ['deny with updatedInput (difference from openinterpreter: not a deny)', pre({ permissionDecision: 'deny', permissionDecisionReason: 'no', updatedInput: { command: 'ls' } }), 'PreToolUse hook returned updatedInput without permissionDecision:allow'],
    ['allow with updatedInput null (null is absent)', pre({ permissionDecision: 'allow', updatedInput: null }), 'PreToolUse hook returned unsupported permissionDecision:allow'],
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
    expect((await runPrinted('PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: '  no rm -rf \n' }))).reason).toBe('no rm -rf');
  });

  // events/pre_tool_use.rs run: no updated_input when any handler blocked.
  it('any deny suppresses every rewrite', async () => {
    const outcome = await run('PreToolUse', [group(undefined, rewrite('ls'), fails(2, 'no'))]);
    expect(outcome).toMatchObject({ decision: 'deny', updatedInput: null, updatedInputFrom: null });
  });

  it('exit 2 without stderr says a blocking reason was missing', async () => {
    expect((await run('PreToolUse', [group(undefined, fails(2))])).runs[0]!.error).toBe('PreToolUse hook exited with code 2 but did not write a blocking reason to stderr');
  });
});
