import { describe, expect, it } from 'vitest';
import { fails, group, hso, prints, type FamilyKit } from '../family.js';

/**
 * Codex's PreToolUse tests where openinterpreter and codex agree (the two suites add what differs:
 * `allow` without a rewrite, `ask`, legacy `approve`, deny plus `updatedInput`, which rewrite wins).
 */
export function preToolUseCases(kit: FamilyKit): void {
  const { run, runPrinted } = kit;
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
    it('allow with updatedInput rewrites the input; the rewriting run is named', async () => {
      const outcome = await runPrinted('PreToolUse', pre({ permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } }));
      expect(outcome).toMatchObject({
        decision: 'allow',
        blocked: false,
        updatedInput: { command: 'echo rewritten' },
        updatedInputFrom: outcome.runs[0]!.id,
      });
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
      const outcome = await runPrinted('PreToolUse', {
        decision: 'block',
        reason: 'do not run that',
        ...pre({ additionalContext: 'remember this' }),
      });
      expect(outcome).toMatchObject({ decision: 'deny', reason: 'do not run that', additionalContext: 'remember this' });
    });

    // pre_tool_use.rs additional_context_is_recorded
    it('a deny keeps its additionalContext', async () => {
      const outcome = await runPrinted(
        'PreToolUse',
        pre({ permissionDecision: 'deny', permissionDecisionReason: 'do not run that', additionalContext: 'nope' }),
      );
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
    it('exit 2 blocks with trimmed stderr; without stderr it fails saying a blocking reason was missing', async () => {
      const outcome = await run('PreToolUse', [group(undefined, fails(2, 'blocked by policy\n'))]);
      expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'blocked by policy' });
      expect((await run('PreToolUse', [group(undefined, fails(2))])).runs[0]!.error).toBe(
        'PreToolUse hook exited with code 2 but did not write a blocking reason to stderr',
      );
    });
  });

  describe('PreToolUse: output_parser.rs parse_pre_tool_use rules', () => {
    it.each([
      [
        'continue:false',
        { continue: false, ...pre({ permissionDecision: 'deny', permissionDecisionReason: 'no' }) },
        'PreToolUse hook returned unsupported continue:false',
      ],
      ['stopReason', { stopReason: 'x' }, 'PreToolUse hook returned unsupported stopReason'],
      ['suppressOutput', { suppressOutput: true }, 'PreToolUse hook returned unsupported suppressOutput'],
      [
        'permissionDecisionReason without permissionDecision',
        pre({ permissionDecisionReason: 'why' }),
        'PreToolUse hook returned permissionDecisionReason without permissionDecision',
      ],
      ['reason without decision', { reason: 'why' }, 'PreToolUse hook returned reason without decision'],
      [
        'deny without a reason',
        pre({ permissionDecision: 'deny', permissionDecisionReason: '  ' }),
        'PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason',
      ],
      ['legacy block without a reason', { decision: 'block' }, 'PreToolUse hook returned decision:block without a non-empty reason'],
      // issue 11 item 10 (output_parser.rs unsupported_pre_tool_use_hook_specific_output): updatedInput needs allow.
      [
        'updatedInput without a decision',
        pre({ updatedInput: { command: 'rm -rf /tmp/x' } }),
        'PreToolUse hook returned updatedInput without permissionDecision:allow',
      ],
      [
        'ask with updatedInput',
        pre({ permissionDecision: 'ask', updatedInput: { command: 'rm -rf /tmp/x' } }),
        'PreToolUse hook returned updatedInput without permissionDecision:allow',
      ],
    ])("%s fails the run with the agent's words, and nothing is rewritten", async (_name, output, error) => {
      const outcome = await runPrinted('PreToolUse', output);
      expect(outcome).toMatchObject(nothing);
      expect(outcome.runs[0]).toMatchObject({ status: 'failed', error });
    });

    it('hookSpecificOutput decision fields take precedence over a legacy decision in the same output', async () => {
      const outcome = await runPrinted('PreToolUse', {
        decision: 'block',
        reason: 'legacy',
        ...pre({ permissionDecision: 'allow', updatedInput: { command: 'ls' } }),
      });
      expect(outcome).toMatchObject({ decision: 'allow', blocked: false, updatedInput: { command: 'ls' } });
    });

    it('a deny reason is trimmed', async () => {
      expect((await runPrinted('PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: '  no rm -rf \n' }))).reason).toBe(
        'no rm -rf',
      );
    });

    // events/pre_tool_use.rs run: no updated_input when any handler blocked.
    it('any deny suppresses every rewrite', async () => {
      const outcome = await run('PreToolUse', [
        group(undefined, prints(pre({ permissionDecision: 'allow', updatedInput: { command: 'ls' } })), fails(2, 'no')),
      ]);
      expect(outcome).toMatchObject({ decision: 'deny', updatedInput: null, updatedInputFrom: null });
    });
  });
}
