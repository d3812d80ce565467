import { describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/index.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, printJson } from './sandbox.js';

/**
 * `hookctl serve --http` answers Claude's http hook with the served hooks' outcome in Claude's wire
 * form (DialectProtocol.httpAnswer). What a served hook printed must act as it would have as a
 * command hook: the outcome of the hook's own output and the outcome of the answer hookctl sends
 * back are the same, event-specific results included.
 */
const hso = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });

const CASES: [string, string, Record<string, unknown>, Record<string, unknown>?][] = [
  ['PreToolUse deny', 'PreToolUse', hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'no rm -rf' })],
  ['PreToolUse ask', 'PreToolUse', hso('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'sure?' })],
  ['PreToolUse rewrite', 'PreToolUse', hso('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'ls' } })],
  [
    'SessionStart title, context, watch paths, skills',
    'SessionStart',
    hso('SessionStart', {
      additionalContext: 'ctx',
      sessionTitle: 'Fix the build',
      initialUserMessage: 'hello',
      watchPaths: ['/tmp/a'],
      reloadSkills: true,
    }),
  ],
  ['UserPromptSubmit block', 'UserPromptSubmit', { decision: 'block', reason: 'not that' }],
  ['UserPromptSubmit title', 'UserPromptSubmit', hso('UserPromptSubmit', { sessionTitle: 'T', suppressOriginalPrompt: true })],
  ['PostToolUse classifier note', 'PostToolUse', hso('PostToolUse', { additionalContext: 'c', classifierContext: 'note' })],
  [
    'PermissionRequest deny and interrupt',
    'PermissionRequest',
    hso('PermissionRequest', {
      decision: { behavior: 'deny', message: 'never', interrupt: true },
    }),
  ],
  [
    'PermissionRequest allow with rules',
    'PermissionRequest',
    hso('PermissionRequest', {
      decision: { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] },
    }),
  ],
  ['PermissionDenied retry', 'PermissionDenied', hso('PermissionDenied', { retry: true })],
  ['Elicitation accept', 'Elicitation', hso('Elicitation', { action: 'accept', content: { name: 'x' } })],
  ['Stop block', 'Stop', { decision: 'block', reason: 'tests fail' }],
  ['stop and system message', 'UserPromptSubmit', { continue: false, stopReason: 'bye', systemMessage: 'hi' }],
];

/** The parts of an outcome a served hook's answer must keep (timings, runs and commands differ). */
function effect(outcome: Outcome) {
  const { decision, blocked, reason, stop, stopReason, additionalContext, updatedInput, systemMessages, dialectOutput } = outcome;
  return { decision, blocked, reason, stop, stopReason, additionalContext, updatedInput, systemMessages, dialectOutput };
}

describe('the http answer acts as the served hooks did', () => {
  it.each(CASES)('%s', async (_name, event, output) => {
    const dialect = await loadDialect('claude');
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ [event]: [group([command(printJson(output))])] }));
    const served = await dispatchOnce(box, event);
    const answer = dialect.protocol.httpAnswer!(served);

    const again = makeClaudeSandbox();
    again.settings('project/.claude/settings.json', hooks({ [event]: [group([command(printJson(answer))])] }));
    const answered = await dispatchOnce(again, event);
    expect(answered.runs.map((run) => run.status)).toEqual(served.runs.map((run) => run.status));
    expect(effect(answered)).toEqual(effect(served));
    expect(served.decision !== null || served.blocked || served.dialectOutput !== null || served.stop).toBe(true);
  });
});
