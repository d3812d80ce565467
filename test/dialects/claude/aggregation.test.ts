import { describe, expect, it } from 'vitest';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, printJson } from './sandbox.js';

const hso = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });

/** Several hooks on `event`, in configured order; each is a shell command. */
async function many(event: string, commands: string[], options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const box = makeClaudeSandbox();
  box.settings('project/.claude/settings.json', hooks({ [event]: [group(commands.map((text) => command(text)))] }));
  return dispatchOnce(box, event, extra, options);
}

const decide = (decision: string, reason: string) =>
  printJson(hso('PreToolUse', { permissionDecision: decision, permissionDecisionReason: reason }));

describe('claude aggregation (SPEC-dialects 8.6)', () => {
  it('all hooks run to completion: one deny does not stop its siblings', async () => {
    const outcome = await many('PreToolUse', [decide('deny', 'no'), 'sleep 0.2; echo done >&2']);
    expect(outcome.runs.map((run) => run.status)).toEqual(['blocked', 'completed']);
  });

  it.each([
    [['allow', 'ask', 'defer', 'deny'], 'deny'],
    [['allow', 'defer', 'ask'], 'defer'],
    [['allow', 'ask', 'allow'], 'ask'],
    [['allow', 'allow'], 'allow'],
  ])('deny > defer > ask > allow: %j gives %s', async (decisions, winner) => {
    const outcome = await many(
      'PreToolUse',
      decisions.map((decision, index) => decide(decision, `${decision} ${index}`)),
    );
    expect(outcome.decision).toBe(winner);
    expect(outcome.reason).toBe(`${winner} ${decisions.indexOf(winner)}`);
    expect(outcome.blocked).toBe(winner === 'deny');
  });

  const rewrite = (tag: string, delay: number) => `sleep ${delay}; ${printJson(hso('PreToolUse', { updatedInput: { command: tag } }))}`;

  it('updatedInput comes from the hook that finished last; updatedInputFrom names it', async () => {
    const outcome = await many('PreToolUse', [rewrite('slow', 0.5), rewrite('fast', 0)]);
    expect(outcome).toMatchObject({ updatedInput: { command: 'slow' }, updatedInputFrom: 'project:.claude/settings.json:PreToolUse:0:0' });
  });

  it('rewriteOrder "configured" takes the last rewrite in configured order instead', async () => {
    const outcome = await many('PreToolUse', [rewrite('slow', 0.5), rewrite('fast', 0)], { rewriteOrder: 'configured' });
    expect(outcome).toMatchObject({ updatedInput: { command: 'fast' }, updatedInputFrom: 'project:.claude/settings.json:PreToolUse:0:1' });
  });

  it('a rewrite does not apply when the call is denied or deferred', async () => {
    expect((await many('PreToolUse', [rewrite('x', 0), decide('deny', 'no')])).updatedInput).toBeNull();
    expect((await many('PreToolUse', [rewrite('x', 0), decide('defer', 'later')])).updatedInput).toBeNull();
    expect((await many('PreToolUse', [rewrite('x', 0), decide('ask', 'check')])).updatedInput).toEqual({ command: 'x' });
  });

  const verdict = (decision: Record<string, unknown>, delay = 0) => `sleep ${delay}; ${printJson(hso('PermissionRequest', { decision }))}`;

  it('PermissionRequest: the first hook to answer decides, as in Claude (a fast allow beats a slow deny)', async () => {
    const outcome = await many('PermissionRequest', [
      verdict({ behavior: 'deny', message: 'slow deny' }, 0.6),
      verdict({ behavior: 'allow', updatedInput: { command: 'safe' } }),
    ]);
    expect(outcome).toMatchObject({ decision: 'allow', blocked: false, updatedInput: { command: 'safe' }, stop: false });
  });

  it('PermissionRequest: a fast deny beats a slow allow, with its message', async () => {
    const outcome = await many('PermissionRequest', [
      verdict({ behavior: 'allow', updatedInput: { command: 'safe' } }, 0.6),
      verdict({ behavior: 'deny', message: 'fast deny' }),
    ]);
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'fast deny', updatedInput: null });
  });

  it('PermissionRequest: rewriteOrder "configured" lets the first hook in configured order decide', async () => {
    const outcome = await many(
      'PermissionRequest',
      [verdict({ behavior: 'deny', message: 'slow deny' }, 0.4), verdict({ behavior: 'allow' })],
      { rewriteOrder: 'configured' },
    );
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'slow deny' });
  });

  it('PermissionRequest: a hook that answers nothing does not decide', async () => {
    const outcome = await many('PermissionRequest', ['true', verdict({ behavior: 'deny', message: 'no' }, 0.3)]);
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'no' });
  });

  it('PermissionRequest: updatedPermissions of every allow, concatenated in configured order', async () => {
    const rule = (content: string) => ({
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: content }],
      behavior: 'allow',
      destination: 'session',
    });
    const verdict = (content: string) =>
      printJson(hso('PermissionRequest', { decision: { behavior: 'allow', updatedPermissions: [rule(content)] } }));
    const outcome = await many('PermissionRequest', [verdict('a'), verdict('b')]);
    expect(outcome.dialectOutput).toEqual({ updatedPermissions: [rule('a'), rule('b')] });
  });

  it('every additionalContext is kept, joined with a blank line in configured order', async () => {
    const context = (text: string, delay: number) => `sleep ${delay}; ${printJson(hso('UserPromptSubmit', { additionalContext: text }))}`;
    const outcome = await many('UserPromptSubmit', [context('first', 0.3), 'echo plain second', context('third', 0)]);
    expect(outcome.additionalContext).toBe('first\n\nplain second\n\nthird');
  });

  it('Stop block reasons are joined with a blank line; UserPromptSubmit keeps the first', async () => {
    const block = (reason: string) => printJson({ decision: 'block', reason });
    expect((await many('Stop', [block('fix tests'), block('update docs')])).reason).toBe('fix tests\n\nupdate docs');
    expect((await many('UserPromptSubmit', [block('first'), block('second')])).reason).toBe('first');
  });

  it('on Stop any continue:false stops and overrides a block; the first stopReason wins', async () => {
    const outcome = await many('Stop', [
      printJson({ decision: 'block', reason: 'keep going' }),
      printJson({ continue: false, stopReason: 'halt' }),
      printJson({ continue: false, stopReason: 'later' }),
    ]);
    expect(outcome).toMatchObject({ stop: true, stopReason: 'halt', blocked: false });
  });

  it('systemMessages are all kept, in configured order', async () => {
    const message = (text: string, delay: number) => `sleep ${delay}; ${printJson({ systemMessage: text })}`;
    expect((await many('Stop', [message('one', 0.2), message('two', 0)])).systemMessages).toEqual(['one', 'two']);
  });
});

describe('claude dialectOutput (SPEC-dialects 8.6 table)', () => {
  it('sessionTitle: last in configured order; initialUserMessage: joined; watchPaths: union in order; reloadSkills: any', async () => {
    const start = (fields: Record<string, unknown>) => printJson(hso('SessionStart', fields));
    const outcome = await many('SessionStart', [
      start({ sessionTitle: 'one', initialUserMessage: 'a', watchPaths: ['/x', '/y'], reloadSkills: false }),
      start({ sessionTitle: 'two', initialUserMessage: 'b', watchPaths: ['/y', '/z'] }),
      start({ reloadSkills: true }),
    ]);
    expect(outcome.dialectOutput).toEqual({
      sessionTitle: 'two',
      initialUserMessage: 'a\n\nb',
      watchPaths: ['/x', '/y', '/z'],
      reloadSkills: true,
      envFileContent: '',
    });
  });

  it('updatedToolOutput: the last to finish; the loser’s classifierContext is dropped; the rest concatenated and capped', async () => {
    const post = (fields: Record<string, unknown>, delay: number) => `sleep ${delay}; ${printJson(hso('PostToolUse', fields))}`;
    const outcome = await many('PostToolUse', [
      post({ updatedToolOutput: { stdout: 'slow' }, classifierContext: 'slow note' }, 0.5),
      post({ updatedToolOutput: { stdout: 'fast' }, classifierContext: 'fast note' }, 0),
      post({ classifierContext: 'x'.repeat(3000) }, 0),
    ]);
    expect(outcome.dialectOutput!.updatedToolOutput).toEqual({ stdout: 'slow' });
    expect(outcome.dialectOutput!.classifierContext).toBe(`slow note\n${'x'.repeat(2000 - 'slow note\n'.length)}`);
  });

  it('a Bash updatedToolOutput that is not the result object is reported ignored, never applied (Claude ignores it)', async () => {
    const outcome = await many('PostToolUse', [printJson(hso('PostToolUse', { updatedToolOutput: 'plain text' }))]);
    expect(outcome.dialectOutput!.updatedToolOutput).toBeUndefined();
    expect(outcome.dialectOutput!.updatedToolOutputIgnored).toMatch(/^Claude ignores this Bash updatedToolOutput/);
  });

  it('retry: true if any PermissionDenied hook says so', async () => {
    const retry = (value: boolean) => printJson(hso('PermissionDenied', { retry: value }));
    expect((await many('PermissionDenied', [retry(false), retry(true)])).dialectOutput).toEqual({ retry: true });
  });

  it('displayContent: last in configured order', async () => {
    const show = (text: string, delay: number) => `sleep ${delay}; ${printJson(hso('MessageDisplay', { displayContent: text }))}`;
    expect((await many('MessageDisplay', [show('a', 0.2), show('b', 0)])).dialectOutput).toEqual({ displayContent: 'b' });
  });

  it('Elicitation action: cancel > decline > accept; content from the accepting hook that finished last', async () => {
    const answer = (action: string, content: unknown, delay: number) =>
      `sleep ${delay}; ${printJson(hso('Elicitation', { action, ...(content ? { content } : {}) }))}`;
    expect((await many('Elicitation', [answer('accept', { v: 1 }, 0.3), answer('accept', { v: 2 }, 0)])).dialectOutput).toEqual({
      action: 'accept',
      content: { v: 1 },
    });
    const declined = await many('Elicitation', [answer('accept', { v: 1 }, 0), answer('decline', null, 0)]);
    expect(declined).toMatchObject({ blocked: true, dialectOutput: { action: 'decline' } });
    expect(declined.dialectOutput).toEqual({ action: 'decline' });
    const outcome = await many('Elicitation', [answer('decline', null, 0), answer('cancel', null, 0)]);
    expect(outcome).toMatchObject({ blocked: true });
    expect(outcome.dialectOutput).toEqual({ action: 'cancel' });
  });

  it('worktreePath: the first in configured order; a failing hook blocks creation', async () => {
    expect((await many('WorktreeCreate', ['sleep 0.2; echo /first', 'echo /second'])).dialectOutput).toEqual({ worktreePath: '/first' });
    expect(await many('WorktreeCreate', ['echo /first', 'exit 1'])).toMatchObject({
      blocked: true,
      dialectOutput: { worktreePath: '/first' },
    });
  });

  it('terminalSequences: all, in configured order; suppressOriginalPrompt: any', async () => {
    const out = (fields: Record<string, unknown>) => printJson(fields);
    const outcome = await many('UserPromptSubmit', [
      out({ terminalSequence: '\u0007' }),
      out({ terminalSequence: '\u001b]0;title\u0007', ...hso('UserPromptSubmit', { suppressOriginalPrompt: true }) }),
    ]);
    expect(outcome.dialectOutput).toEqual({ terminalSequences: ['\u0007', '\u001b]0;title\u0007'], suppressOriginalPrompt: true });
  });
});
