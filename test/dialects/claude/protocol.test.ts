import { describe, expect, it } from 'vitest';
import type { AsyncRunResult } from '../../../src/index.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

/** A hook that prints `stdout` (JSON for objects), `stderr`, and exits with `exit`. */
function hook(stdout: unknown, options: { stderr?: string; exit?: number } = {}) {
  const out = stdout === undefined ? '' : typeof stdout === 'string' ? stdout : JSON.stringify(stdout);
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  return `printf '%s' ${quote(out)}; printf '%s' ${quote(options.stderr ?? '')} >&2; exit ${options.exit ?? 0}`;
}

/** One hook on `event`; returns the outcome of one dispatch. */
async function one(event: string, text: string, extra: Record<string, unknown> = {}, handler: Record<string, unknown> = {}) {
  const box = makeClaudeSandbox();
  box.settings('project/.claude/settings.json', hooks({ [event]: [group([command(text, handler)])] }));
  return dispatchOnce(box, event, extra);
}

const hso = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });

describe('claude: reading stdout (SPEC-dialects 8.5.1, 8.5.2)', () => {
  it.each([
    ['{not json', 'invalid JSON'],
    ['[1, 2]', 'an array'],
    ['"quoted"', 'a quoted string'],
    ['hello world', 'text'],
  ])('%s (%s) is plain text: context on SessionStart', async (stdout) => {
    const outcome = await one('SessionStart', hook(stdout));
    expect(outcome).toMatchObject({ additionalContext: stdout, blocked: false });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  it.each(['Stop', 'PreToolUse', 'SubagentStart', 'Setup', 'PostToolUse'])(
    'plain text on %s is ignored, never a failure',
    async (event) => {
      const outcome = await one(event, hook('just some text'));
      expect(outcome).toMatchObject({ additionalContext: null, blocked: false, decision: null });
      expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
    },
  );

  it.each(['UserPromptSubmit', 'UserPromptExpansion'])('plain text on %s is context', async (event) => {
    expect(await one(event, hook('  note for the model \n'))).toMatchObject({ additionalContext: 'note for the model' });
  });

  it('a JSON object that fails the schema is a failed run with the validation message, and nothing applies', async () => {
    const outcome = await one('PreToolUse', hook(hso('PreToolUse', { permissionDecision: 'maybe', additionalContext: 'x' })));
    expect(outcome).toMatchObject({ decision: null, additionalContext: null });
    expect(outcome.runs[0]).toMatchObject({
      status: 'failed',
      error: 'PreToolUse hook error: /hookSpecificOutput/permissionDecision must be one of "allow", "deny", "ask", "defer"',
    });
  });

  it('a hookEventName that is not the event fails the run', async () => {
    const outcome = await one('PreToolUse', hook(hso('PostToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'no' })));
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]).toMatchObject({
      status: 'failed',
      error: 'PreToolUse hook error: /hookSpecificOutput/hookEventName must be "PreToolUse"',
    });
  });

  it('unknown keys are dropped with a warning and the rest applies (§11.3)', async () => {
    const outcome = await one(
      'PreToolUse',
      hook({ extra: 1, ...hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'no', note: 'x' }) }),
    );
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'no', blocked: true });
    expect(outcome.warnings).toEqual(
      expect.arrayContaining([
        'hook project:.claude/settings.json:PreToolUse:0:0: unknown key /extra in the PreToolUse output is ignored',
        'hook project:.claude/settings.json:PreToolUse:0:0: unknown key /hookSpecificOutput/note in the PreToolUse output is ignored',
      ]),
    );
  });

  it('top-level additionalContext is ignored with a warning (cc guide: "Claude Code silently ignores it")', async () => {
    const outcome = await one('SessionStart', hook({ additionalContext: 'misplaced' }));
    expect(outcome.additionalContext).toBeNull();
    expect(outcome.warnings).toContainEqual(
      expect.stringContaining('unknown key /additionalContext in the SessionStart output is ignored'),
    );
  });

  it('a Stop block without a reason is no failure: Claude continues with "Blocked by hook" (warned)', async () => {
    const outcome = await one('Stop', hook({ decision: 'block' }));
    expect(outcome.blocked).toBe(true);
    expect(outcome.runs[0]!.status).toBe('blocked');
    expect(outcome.warnings).toContainEqual(expect.stringContaining('without a reason: Claude continues with "Blocked by hook"'));
  });
});

describe('claude: exit codes (SPEC-dialects 8.5.3, 8.5.4)', () => {
  it('JSON is read on any exit code: a valid deny on exit 1 denies, and the run is not an error', async () => {
    const outcome = await one(
      'PreToolUse',
      hook(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'policy' }), { exit: 1 }),
    );
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'policy' });
    expect(outcome.runs[0]).toMatchObject({ status: 'blocked', exitCode: 1, error: null });
  });

  it('another non-zero exit without JSON is a non-blocking error with the first stderr line', async () => {
    const outcome = await one('PreToolUse', hook('', { stderr: 'first line\nsecond line', exit: 1 }));
    expect(outcome).toMatchObject({ decision: null, blocked: false });
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'Failed with non-blocking status code: first line' });
  });

  it('says "No stderr output" when there is none', async () => {
    const outcome = await one('Stop', hook('', { exit: 3 }));
    expect(outcome.runs[0]!.error).toBe('Failed with non-blocking status code: No stderr output');
  });

  it('a missing script is the same non-blocking error, with the shell’s words (cc hooks: exit 127)', async () => {
    const outcome = await one('PreToolUse', './hooks/missing.sh');
    expect(outcome.decision).toBeNull();
    expect(outcome.runs[0]).toMatchObject({
      status: 'failed',
      exitCode: 127,
      error: expect.stringMatching(/^Failed with non-blocking status code: .*missing\.sh.*not found/),
    });
  });

  it('exit 2 on PreToolUse denies with stderr; a JSON allow cannot cancel it', async () => {
    const outcome = await one(
      'PreToolUse',
      hook(hso('PreToolUse', { permissionDecision: 'allow' }), { stderr: 'rm is not allowed\n', exit: 2 }),
    );
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'rm is not allowed' });
    expect(outcome.runs[0]).toMatchObject({ status: 'blocked', error: null });
  });

  it('exit 2 takes the JSON’s own blocking reason when it makes one', async () => {
    const outcome = await one(
      'PreToolUse',
      hook(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'from JSON' }), { stderr: 'from stderr', exit: 2 }),
    );
    expect(outcome.reason).toBe('from JSON');
  });

  it('exit 2 with schema-invalid JSON still blocks, with stderr (v2.1.214)', async () => {
    const outcome = await one('PreToolUse', hook({ continue: 'no' }, { stderr: 'blocked anyway', exit: 2 }));
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'blocked anyway' });
  });

  it('exit 2 without stderr still blocks, with Claude\'s "No stderr output" and a warning', async () => {
    const outcome = await one('PreToolUse', hook('', { exit: 2 }));
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'No stderr output' });
    expect(outcome.warnings).toContainEqual(expect.stringContaining('exited with code 2 without a reason on stderr'));
  });

  it('exit 2 keeps the other JSON fields: UserPromptSubmit is blocked and its context kept', async () => {
    const outcome = await one(
      'UserPromptSubmit',
      hook(hso('UserPromptSubmit', { additionalContext: 'kept' }), { stderr: 'secret in prompt', exit: 2 }),
    );
    expect(outcome).toMatchObject({ blocked: true, reason: 'secret in prompt', additionalContext: 'kept' });
  });

  it.each([
    ['UserPromptExpansion', {}],
    ['Stop', {}],
    ['SubagentStop', {}],
    ['TeammateIdle', {}],
    ['TaskCreated', {}],
    ['TaskCompleted', {}],
    ['ConfigChange', {}],
    ['PreCompact', {}],
    ['PostToolUse', {}],
    ['PostToolUseFailure', {}],
  ])('exit 2 on %s has its block effect, with stderr as the reason', async (event, extra) => {
    const outcome = await one(event, hook('', { stderr: 'because', exit: 2 }), extra);
    expect(outcome).toMatchObject({ blocked: true, reason: 'because', decision: null });
  });

  it('exit 2 on PostToolBatch stops the loop', async () => {
    expect(await one('PostToolBatch', hook('', { stderr: 'stop here', exit: 2 }))).toMatchObject({
      blocked: true,
      stop: true,
      stopReason: 'stop here',
    });
  });

  it.each(['SessionStart', 'Setup', 'SubagentStart', 'SessionEnd', 'CwdChanged', 'FileChanged', 'PostCompact', 'MessageDisplay'])(
    'exit 2 on %s only reports: a failed run with the stderr text, no effect',
    async (event) => {
      const outcome = await one(event, hook(hso(event, { additionalContext: 'no' }), { stderr: 'shown to the user', exit: 2 }));
      expect(outcome).toMatchObject({ blocked: false, stop: false, additionalContext: null });
      expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'shown to the user' });
    },
  );

  it.each(['Notification', 'PermissionDenied', 'StopFailure', 'WorktreeRemove'])('exit 2 on %s is ignored', async (event) => {
    const outcome = await one(event, hook('', { stderr: 'ignored', exit: 2 }));
    expect(outcome.blocked).toBe(false);
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  // Not awaited (SPEC-dialects 8.4), so exit 2 cannot block: the run finishes after the outcome, as an error-free completion.
  it.each(['InstructionsLoaded', 'DirectoryAdded'])('exit 2 on %s is ignored: it runs detached and completes', async (event) => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ [event]: [group([command('echo ignored >&2; exit 2')])] }));
    const engine = await box.engine();
    const finished: AsyncRunResult[] = [];
    const outcome = await engine.dispatch(event as never, (await box.payload(event)) as never, {
      onAsyncEnd: (result) => finished.push(result),
    });
    await engine.close();
    expect(outcome.blocked).toBe(false);
    expect(finished.map((result) => result.report)).toMatchObject([{ status: 'completed', exitCode: 2, error: null }]);
  });

  it('exit 2 is not honoured on PermissionRequest: without JSON the run completes and stderr is discarded', async () => {
    const outcome = await one('PermissionRequest', hook('', { stderr: 'no', exit: 2 }));
    expect(outcome).toMatchObject({ decision: null, blocked: false });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', error: null });
  });

  it('exit 2 on Elicitation declines and ignores hookSpecificOutput', async () => {
    const outcome = await one(
      'Elicitation',
      hook(hso('Elicitation', { action: 'accept', content: { a: 1 } }), { stderr: 'nope', exit: 2 }),
    );
    expect(outcome).toMatchObject({ blocked: true, dialectOutput: { action: 'decline' } });
    expect(outcome.dialectOutput).not.toHaveProperty('content');
  });

  // SPEC-dialects 8.5.8: "elicitation declined" is a block effect, whether by exit 2 or by JSON; a
  // cancel refuses the request too (hookctl's choice; docs/claude.md).
  it.each([
    ['Elicitation', 'decline'],
    ['Elicitation', 'cancel'],
    ['ElicitationResult', 'decline'],
    ['ElicitationResult', 'cancel'],
  ])('%s: a JSON action "%s" blocks, exactly as exit 2 does', async (event, action) => {
    const outcome = await one(event, hook(hso(event, { action })));
    expect(outcome).toMatchObject({ blocked: true, reason: null, dialectOutput: { action } });
    expect(outcome.runs[0]).toMatchObject({ status: 'blocked', error: null });
  });

  it.each(['Elicitation', 'ElicitationResult'])('%s: a JSON action "accept" does not block', async (event) => {
    const outcome = await one(event, hook(hso(event, { action: 'accept', content: { project: 'hookctl' } })));
    expect(outcome).toMatchObject({ blocked: false, dialectOutput: { action: 'accept', content: { project: 'hookctl' } } });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed' });
  });

  it('a timeout is timed_out with no decision: the action proceeds', async () => {
    const outcome = await one(
      'PreToolUse',
      `sleep 5; ${hook(hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'late' }))}`,
      {},
      { timeout: 0.3 },
    );
    expect(outcome).toMatchObject({ decision: null, blocked: false });
    expect(outcome.runs[0]!.status).toBe('timed_out');
  });
});

describe('claude: fields per event (SPEC-dialects 8.4, 8.5.7)', () => {
  it.each([
    ['allow', { tag: 'rewritten' }],
    ['ask', { tag: 'rewritten' }],
    [undefined, { tag: 'rewritten' }],
    ['deny', null],
    ['defer', null],
  ])('PreToolUse %s with updatedInput: the rewrite applies %s', async (decision, expected) => {
    const fields = {
      ...(decision ? { permissionDecision: decision, permissionDecisionReason: 'r' } : {}),
      updatedInput: { tag: 'rewritten' },
    };
    const outcome = await one('PreToolUse', hook(hso('PreToolUse', fields)));
    expect(outcome.updatedInput).toEqual(expected);
    expect(outcome.decision).toBe(decision ?? null);
  });

  it.each([
    ['approve', 'allow', false],
    ['block', 'deny', true],
  ])('legacy PreToolUse decision %s means %s', async (legacy, decision, blocked) => {
    expect(await one('PreToolUse', hook({ decision: legacy, reason: 'legacy' }))).toMatchObject({ decision, blocked, reason: 'legacy' });
  });

  it('PermissionRequest allow carries updatedInput and updatedPermissions', async () => {
    const permissions = [
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm test' }], behavior: 'allow', destination: 'localSettings' },
    ];
    const outcome = await one(
      'PermissionRequest',
      hook(
        hso('PermissionRequest', {
          decision: { behavior: 'allow', updatedInput: { command: 'npm test' }, updatedPermissions: permissions },
        }),
      ),
    );
    expect(outcome).toMatchObject({
      decision: 'allow',
      blocked: false,
      updatedInput: { command: 'npm test' },
      dialectOutput: { updatedPermissions: permissions },
    });
  });

  it('PermissionRequest deny with interrupt stops', async () => {
    const outcome = await one(
      'PermissionRequest',
      hook(hso('PermissionRequest', { decision: { behavior: 'deny', message: 'never', interrupt: true } })),
    );
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'never', stop: true, dialectOutput: { interrupt: true } });
  });

  it('continue:false stops, with its stopReason', async () => {
    expect(await one('PostToolUse', hook({ continue: false, stopReason: 'enough' }))).toMatchObject({ stop: true, stopReason: 'enough' });
  });

  it.each([
    ['Notification', { systemMessage: 'hi' }, ['systemMessage']],
    ['TaskCreated', { continue: false }, ['continue']],
    ['SessionEnd', { systemMessage: 'bye', continue: false }, ['systemMessage', 'continue']],
    ['PreCompact', { systemMessage: 'x', stopReason: 'y' }, ['systemMessage', 'stopReason']],
  ])('%s discards %j, with a warning per field', async (event, output, fields) => {
    const outcome = await one(event, hook(output));
    expect(outcome).toMatchObject({ stop: false, systemMessages: [] });
    for (const field of fields) expect(outcome.warnings).toContainEqual(expect.stringContaining(`${field} is discarded on ${event}`));
  });

  it('StopFailure drops everything but terminalSequence (cc hooks §Exit code output)', async () => {
    const outcome = await one('StopFailure', hook({ terminalSequence: '\u001b]9;rate limited\u0007' }));
    expect(outcome.dialectOutput).toEqual({ terminalSequences: ['\u001b]9;rate limited\u0007'] });
    expect(outcome.warnings.filter((warning) => warning.includes('discarded'))).toEqual([]);
  });

  it('Notification accepts hookSpecificOutput.additionalContext and applies nothing (§11.4)', async () => {
    const outcome = await one('Notification', hook(hso('Notification', { additionalContext: 'x' })));
    expect(outcome.additionalContext).toBeNull();
    expect(outcome.warnings).toContainEqual(expect.stringContaining('additionalContext is discarded on Notification'));
  });

  it('PostToolUseFailure accepts decision "block" as feedback (§11.5)', async () => {
    expect(await one('PostToolUseFailure', hook({ decision: 'block', reason: 'try again differently' }))).toMatchObject({
      blocked: true,
      reason: 'try again differently',
    });
  });

  it('systemMessage is collected for the user', async () => {
    expect(await one('PreToolUse', hook({ systemMessage: 'heads up' }))).toMatchObject({ systemMessages: ['heads up'] });
  });

  it('SessionStart extras go to dialectOutput', async () => {
    const outcome = await one(
      'SessionStart',
      hook(
        hso('SessionStart', {
          additionalContext: 'ctx',
          sessionTitle: 'Fix bug',
          initialUserMessage: 'go',
          watchPaths: ['/a'],
          reloadSkills: true,
        }),
      ),
    );
    expect(outcome).toMatchObject({
      additionalContext: 'ctx',
      dialectOutput: { sessionTitle: 'Fix bug', initialUserMessage: 'go', watchPaths: ['/a'], reloadSkills: true },
    });
  });

  it('WorktreeCreate: the last non-empty stdout line, ANSI stripped, is the path (no JSON)', async () => {
    const outcome = await one('WorktreeCreate', `printf 'creating...\\n\\033[32m/tmp/wt/feature\\033[0m\\n\\n'`);
    expect(outcome).toMatchObject({ blocked: false, dialectOutput: { worktreePath: '/tmp/wt/feature' } });
  });

  it('WorktreeCreate fails creation on any non-zero exit, whatever the output', async () => {
    const outcome = await one('WorktreeCreate', hook('/tmp/wt/feature', { exit: 1, stderr: 'git failed' }));
    expect(outcome).toMatchObject({ blocked: true, reason: 'WorktreeCreate hook exited with code 1: git failed' });
    expect(outcome.runs[0]!.status).toBe('failed');
  });

  it('Stop hookSpecificOutput.additionalContext continues the turn, as a block does (Claude Code 2.1.328)', async () => {
    expect(await one('Stop', hook(hso('Stop', { additionalContext: 'also run the linter' })))).toMatchObject({
      additionalContext: 'also run the linter',
      blocked: true,
      dialectOutput: { continues: true, modelFeedback: ['Stop hook additional context: also run the linter'] },
    });
  });

  it('Stop decision "block" without a reason continues with "Blocked by hook"', async () => {
    const outcome = await one('Stop', hook({ decision: 'block' }));
    expect(outcome).toMatchObject({ blocked: true, reason: 'Blocked by hook', dialectOutput: { continues: true } });
    expect(outcome.runs[0]!.status).toBe('blocked');
  });
});
