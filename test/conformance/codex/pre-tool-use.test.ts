import { describe, expect, it } from 'vitest';
import { preToolUseCases } from '../cases/pre-tool-use.js';
import { familyKit, group, hso, prints } from '../family.js';

const kit = familyKit('codex');
const { run, runPrinted } = kit;
const pre = (fields: Record<string, unknown>) => hso('PreToolUse', fields);
const nothing = { decision: null, blocked: false, reason: null, updatedInput: null, updatedInputFrom: null, additionalContext: null };
const rewrite = (command: string) => prints(pre({ permissionDecision: 'allow', updatedInput: { command } }));

preToolUseCases(kit);

describe('PreToolUse as Codex reads it: the differences from openinterpreter (SPEC-dialects 9.9 items 6, 7)', () => {
  // pre_tool_use.rs last_completed_updated_input_wins — SPEC-dialects 9.6, 9.9 item 7: the rewrite of the
  // handler that finished last wins, whatever its configured position (openinterpreter: the last configured).
  it('difference from openinterpreter: the rewrite of the last handler to finish wins', async () => {
    const outcome = await run('PreToolUse', [group(undefined, `sleep 0.4; ${rewrite('finished later')}`, rewrite('configured later'))]);
    expect(outcome).toMatchObject({ updatedInput: { command: 'finished later' } });
    expect(outcome.updatedInputFrom).toMatch(/:pre_tool_use:0:0$/);
  });

  // SPEC-dialects §10 `--rewrite-order configured`: the deterministic order, for tests.
  it('with rewriteOrder configured, the last handler in configured order wins instead', async () => {
    const outcome = await run(
      'PreToolUse',
      [group(undefined, `sleep 0.4; ${rewrite('finished later')}`, rewrite('configured later'))],
      {},
      { rewriteOrder: 'configured' },
    );
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

  // output_parser.rs unsupported_pre_tool_use_hook_specific_output checks updatedInput before the deny
  // reason, so Codex fails this run and nothing is denied (openinterpreter denies: fail closed).
  it('deny with updatedInput fails the run: not a deny', async () => {
    const outcome = await runPrinted(
      'PreToolUse',
      pre({ permissionDecision: 'deny', permissionDecisionReason: 'no', updatedInput: { command: 'ls' } }),
    );
    expect(outcome).toMatchObject(nothing);
    expect(outcome.runs[0]).toMatchObject({
      status: 'failed',
      error: 'PreToolUse hook returned updatedInput without permissionDecision:allow',
    });
  });

  // schema.rs PreToolUseHookSpecificOutputWire: updatedInput is an Option, so null is absent.
  it('allow with updatedInput null is a bare allow, which fails', async () => {
    const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'allow', updatedInput: null }));
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'PreToolUse hook returned unsupported permissionDecision:allow' });
  });
});
