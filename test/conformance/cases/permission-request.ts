import { describe, expect, it } from 'vitest';
import { fails, group, hso, prints, type FamilyKit } from '../family.js';

/** Codex's tests of this event, shared by the openinterpreter and codex conformance suites (identical behaviour). */
export function permissionRequestCases(kit: FamilyKit): void {
  const { run, runPrinted } = kit;

  const answer = (decision: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    ...extra,
    ...hso('PermissionRequest', { decision }),
  });

  describe('PermissionRequest: codex-rs/hooks/src/events/permission_request.rs tests', () => {
    // permission_request.rs permission_request_deny_overrides_earlier_allow
    it('a deny overrides an earlier allow', async () => {
      const outcome = await run('PermissionRequest', [
        group(undefined, prints(answer({ behavior: 'allow' })), prints(answer({ behavior: 'deny', message: 'repo deny' }))),
      ]);
      expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'repo deny' });
    });

    // permission_request.rs permission_request_returns_allow_when_no_handler_denies
    it('allow when no handler denies', async () => {
      const outcome = await run('PermissionRequest', [
        group(undefined, prints(answer({ behavior: 'allow' })), prints(answer({ behavior: 'allow' }))),
      ]);
      expect(outcome).toMatchObject({ decision: 'allow', blocked: false, reason: null });
    });

    // permission_request.rs permission_request_returns_none_when_no_handler_decides
    it('no decision when no handler decides', async () => {
      const outcome = await run('PermissionRequest', [group(undefined, prints({}), 'true')]);
      expect(outcome).toMatchObject({ decision: null, blocked: false });
    });
  });

  describe('PermissionRequest: codex-rs/hooks/src/engine/output_parser.rs tests', () => {
    // output_parser.rs permission_request_rejects_reserved_updated_input_field, …_updated_permissions_field,
    // …_interrupt_field
    it.each([
      ['updatedInput', { behavior: 'allow', updatedInput: {} }, 'PermissionRequest hook returned unsupported updatedInput'],
      [
        'updatedPermissions',
        { behavior: 'allow', updatedPermissions: {} },
        'PermissionRequest hook returned unsupported updatedPermissions',
      ],
      ['interrupt:true', { behavior: 'allow', interrupt: true }, 'PermissionRequest hook returned unsupported interrupt:true'],
    ])('reserved %s fails the run', async (_name, decision, error) => {
      const outcome = await runPrinted('PermissionRequest', answer(decision, { continue: true }));
      expect(outcome).toMatchObject({ decision: null });
      expect(outcome.runs[0]).toMatchObject({ status: 'failed', error });
    });
  });

  describe('issue 11 item 3: PermissionRequest interrupt (schema.rs PermissionRequestDecisionWire.interrupt: bool)', () => {
    it('interrupt:false is accepted, so the deny stands', async () => {
      const outcome = await runPrinted('PermissionRequest', answer({ behavior: 'deny', message: 'not on main', interrupt: false }));
      expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'not on main' });
    });
  });

  describe('issue 11 item 11: PermissionRequest texts and continue:false (output_parser.rs, events/permission_request.rs)', () => {
    it("a deny without a message gets the agent's default reason; a message is trimmed", async () => {
      expect((await runPrinted('PermissionRequest', answer({ behavior: 'deny' }))).reason).toBe('PermissionRequest hook denied approval');
      expect((await runPrinted('PermissionRequest', answer({ behavior: 'deny', message: '  not here \n' }))).reason).toBe('not here');
    });

    it('continue:false fails the run (unsupported_permission_request_universal), the deny in it is not applied', async () => {
      const outcome = await runPrinted('PermissionRequest', answer({ behavior: 'deny', message: 'x' }, { continue: false }));
      expect(outcome).toMatchObject({ decision: null, stop: false });
      expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'PermissionRequest hook returned unsupported continue:false' });
    });

    it('exit 2 without stderr says a denial reason was missing', async () => {
      const outcome = await run('PermissionRequest', [group(undefined, fails(2))]);
      expect(outcome.runs[0]!.error).toBe('PermissionRequest hook exited with code 2 but did not write a denial reason to stderr');
    });

    it('exit 2 denies with stderr as the message', async () => {
      expect(await run('PermissionRequest', [group(undefined, fails(2, ' not on main\n'))])).toMatchObject({
        decision: 'deny',
        reason: 'not on main',
      });
    });
  });
}
