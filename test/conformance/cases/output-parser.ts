import { describe, expect, it } from 'vitest';
import { hso, type FamilyKit } from '../family.js';

/** output_parser.rs tests and null tolerance, shared by the openinterpreter and codex conformance suites (identical behaviour). */
export function outputParserCases(kit: FamilyKit): void {
  const { runPrinted } = kit;
  describe('output parsing: codex-rs/hooks/src/engine/output_parser.rs tests', () => {
    // output_parser.rs structured_output_rejects_invalid_shapes_and_types
    it.each([
      ['[]'],
      ['{"systemMessage":123}'],
      ['{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":123}}'],
      ['{"hookSpecificOutput":{"additionalContext":"missing event name"}}'],
      ['{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","updatedInput":{}}}'],
      ['{"unexpectedField":true}'],
      ['{'],
    ])('UserPromptSubmit output %s fails the run', async (stdout) => {
      const outcome = await runPrinted('UserPromptSubmit', stdout);
      expect(outcome.runs[0]!.status).toBe('failed');
      expect(outcome.runs[0]!.error).toMatch(/^hook returned invalid user prompt submit JSON output: /);
      expect(outcome.additionalContext).toBeNull();
    });
  });

  describe('issue 11 item 1: optional output fields set to null are absent (schema.rs: Option<…> wire fields)', () => {
    it('a deny next to "systemMessage": null still denies', async () => {
      const outcome = await runPrinted('PreToolUse', {
        systemMessage: null,
        stopReason: null,
        decision: null,
        reason: null,
        ...hso('PreToolUse', {
          permissionDecision: 'deny',
          permissionDecisionReason: 'no rm -rf',
          updatedInput: null,
          additionalContext: null,
        }),
      });
      expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'no rm -rf', systemMessages: [] });
      expect(outcome.runs[0]!.error).toBeNull();
    });

    it.each([
      ['PreToolUse', { hookSpecificOutput: null }],
      [
        'UserPromptSubmit',
        { decision: null, reason: null, hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: null } },
      ],
      ['PostToolUse', { decision: null, reason: null, hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: null } }],
      ['PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: null } }],
      ['Stop', { decision: null, reason: null, stopReason: null }],
      ['SessionStart', { systemMessage: null, hookSpecificOutput: null }],
    ])('%s: %j reads as an empty output', async (event, output) => {
      const outcome = await runPrinted(event, output);
      expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
    });

    it('PermissionRequest: null message, updatedInput and updatedPermissions are absent; the deny gets the default reason', async () => {
      const outcome = await runPrinted(
        'PermissionRequest',
        hso('PermissionRequest', { decision: { behavior: 'deny', message: null, updatedInput: null, updatedPermissions: null } }),
      );
      expect(outcome).toMatchObject({ decision: 'deny', reason: 'PermissionRequest hook denied approval' });
    });

    it.each([
      ['continue', { continue: null }, '/continue: must be boolean'],
      ['suppressOutput', { suppressOutput: null }, '/suppressOutput: must be boolean'],
    ])('a required-type field such as %s is not nullable: the run fails', async (_name, output, detail) => {
      const outcome = await runPrinted('SessionStart', output);
      expect(outcome.runs[0]!.error).toBe(`hook returned invalid session start JSON output: ${detail}`);
    });

    it('a null field the event does not have is still an unknown field', async () => {
      const outcome = await runPrinted('SessionStart', { decision: null });
      expect(outcome.runs[0]!.error).toBe('hook returned invalid session start JSON output: /decision: unknown property "decision"');
    });
  });
}
