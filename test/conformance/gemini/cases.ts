/**
 * The differential cases: each is one event, one payload and the hook definitions of a settings
 * file, whose commands are scripted hooks (`sh <dir>/<name>.sh`) with a fixed behaviour. Both
 * Gemini CLI's hook code and hookctl run exactly these commands.
 */

/** What a scripted hook does: print to stdout and stderr (verbatim), sleep, exit. */
export interface Behaviour {
  readonly stdout?: string;
  readonly stderr?: string;
  readonly exit?: number;
  readonly sleepSeconds?: number;
}

export interface HookSpec {
  readonly hook: string;
  readonly name?: string;
  readonly timeout?: number;
  /** Written as `async: true`: a key Gemini CLI does not know (its hooks never run asynchronously). */
  readonly async?: boolean;
}

export interface DefinitionSpec {
  readonly matcher?: string;
  readonly sequential?: boolean;
  readonly hooks: readonly HookSpec[];
}

export interface Case {
  readonly id: string;
  readonly event: string;
  readonly payload: Record<string, unknown>;
  readonly definitions: readonly DefinitionSpec[];
  readonly behaviours: Readonly<Record<string, Behaviour>>;
}

const json = (value: unknown) => JSON.stringify(value);
const hso = (event: string, fields: Record<string, unknown>) => json({ hookSpecificOutput: { hookEventName: event, ...fields } });

/** Single-hook output forms, valid for every event (their meaning differs by event; the merge decides). */
function forms(event: string): Record<string, Behaviour> {
  return {
    silent: {},
    'text-exit-0': { stdout: 'plain text on stdout\n' },
    'text-exit-1': { stdout: 'a warning\n', exit: 1 },
    'stderr-exit-2': { stderr: 'denied by exit 2\n', exit: 2 },
    'stdout-preferred-exit-2': { stdout: 'stdout reason\n', stderr: 'stderr reason\n', exit: 2 },
    'text-exit-3': { stdout: 'exit three\n', exit: 3 },
    'json-deny': { stdout: json({ decision: 'deny', reason: 'policy says no' }) },
    'json-block-exit-2': { stdout: json({ decision: 'block', reason: 'blocked in JSON' }), exit: 2 },
    'json-deny-no-reason': { stdout: json({ decision: 'deny' }) },
    'json-ask': { stdout: json({ decision: 'ask', reason: 'please confirm' }) },
    'json-allow-message': { stdout: json({ decision: 'allow', systemMessage: 'all good' }) },
    'json-approve': { stdout: json({ decision: 'approve' }) },
    'json-stop': { stdout: json({ continue: false, stopReason: 'stop now' }) },
    'json-stop-no-reason': { stdout: json({ continue: false }) },
    'json-stop-and-deny': { stdout: json({ continue: false, decision: 'deny', reason: 'both' }) },
    'json-context': { stdout: hso(event, { additionalContext: 'use <b>care</b> & caution' }) },
    'json-on-stderr-exit-2': { stderr: json({ decision: 'deny', reason: 'from stderr JSON' }), exit: 2 },
    'json-on-stderr-exit-0': { stderr: json({ systemMessage: 'stderr JSON when stdout is empty' }) },
    'json-string-encoded': { stdout: json(json({ decision: 'deny', reason: 'encoded twice' })) },
    'json-number': { stdout: '42' },
    'json-array': { stdout: '[1, 2]' },
    'broken-json': { stdout: '{"decision": "deny"', exit: 2 },
    'json-exit-1': { stdout: json({ decision: 'deny', reason: 'JSON wins over exit 1' }), exit: 1 },
    'unknown-decision': { stdout: json({ decision: 'maybe', reason: 'unknown word' }) },
    'json-padded': { stdout: `\n\n   ${json({ decision: 'deny', reason: 'padded' })}   \n` },
  };
}

const EVENT_PAYLOADS: Readonly<Record<string, Record<string, unknown>>> = {
  BeforeTool: { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf build', description: 'Clean' } },
  AfterTool: {
    tool_name: 'run_shell_command',
    tool_input: { command: 'ls' },
    tool_response: { llmContent: 'a\nb\n', returnDisplay: 'a\nb\n' },
  },
  BeforeAgent: { prompt: 'fix the bug' },
  AfterAgent: { prompt: 'fix the bug', prompt_response: 'Done.', stop_hook_active: false },
  BeforeModel: { llm_request: { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'hello' }], config: { temperature: 1 } } },
  AfterModel: {
    llm_request: { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'hello' }] },
    llm_response: { text: 'Hi', candidates: [{ content: { role: 'model', parts: ['Hi'] }, finishReason: 'STOP' }] },
  },
  BeforeToolSelection: { llm_request: { model: 'gemini-2.5-pro', messages: [{ role: 'user', content: 'hello' }] } },
  SessionStart: { source: 'startup' },
  SessionEnd: { reason: 'exit' },
  PreCompress: { trigger: 'auto' },
  Notification: { notification_type: 'ToolPermission', message: 'Tool needs confirmation', details: { type: 'exec' } },
};

export const EVENTS = Object.keys(EVENT_PAYLOADS);

/** The single-hook forms every event gets (the tool events get them all). */
const CORE_FORMS: ReadonlySet<string> = new Set([
  'silent',
  'text-exit-0',
  'text-exit-1',
  'stdout-preferred-exit-2',
  'json-block-exit-2',
  'json-deny-no-reason',
  'json-ask',
  'json-stop',
  'json-context',
  'json-on-stderr-exit-2',
  'json-string-encoded',
  'json-number',
]);

export function payloadFor(event: string, cwd: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: 'differential-session',
    transcript_path: `${cwd}/transcript.json`,
    cwd,
    hook_event_name: event,
    timestamp: '2026-12-02T04:00:00.000Z',
    ...EVENT_PAYLOADS[event],
    ...extra,
  };
}

/** Every case, for a project at `cwd`. */
export function buildCases(cwd: string): Case[] {
  const cases: Case[] = [];
  const one = (event: string, id: string, behaviour: Behaviour, extra: Partial<Case> = {}) =>
    cases.push({
      id: `${event}/${id}`,
      event,
      payload: payloadFor(event, cwd),
      definitions: [{ hooks: [{ hook: 'a' }] }],
      behaviours: { a: behaviour },
      ...extra,
    });
  for (const event of EVENTS) {
    // Every form on the tool events; the forms whose reading differs by merge strategy on the others.
    const all = Object.entries(forms(event));
    const chosen = event === 'BeforeTool' || event === 'AfterTool' ? all : all.filter(([id]) => CORE_FORMS.has(id));
    for (const [id, behaviour] of chosen) one(event, id, behaviour);
    // Two hooks at once: reasons and contexts of both are joined; a deny beats an ask.
    const pair = (id: string, a: Behaviour, b: Behaviour) =>
      cases.push({
        id: `${event}/${id}`,
        event,
        payload: payloadFor(event, cwd),
        definitions: [{ hooks: [{ hook: 'a' }, { hook: 'b' }] }],
        behaviours: { a, b },
      });
    const f = forms(event);
    pair('deny+allow', f['json-deny']!, f['json-allow-message']!);
    pair('ask+deny', f['json-ask']!, f['stderr-exit-2']!);
    pair('deny+ask', f['json-deny']!, f['json-ask']!);
    pair('context+context', f['json-context']!, { stdout: hso(event, { additionalContext: 'second <context>' }) });
    pair('stop+deny', f['json-stop']!, f['json-deny']!);
    pair('message+warning', f['text-exit-0']!, f['text-exit-1']!);
  }
  toolCases(cases, cwd);
  modelCases(cases, cwd);
  planCases(cases, cwd);
  return cases;
}

/** BeforeTool rewrites, alone, together and chained; AfterTool context and tail calls. */
function toolCases(cases: Case[], cwd: string): void {
  const rewrite = (input: Record<string, unknown>) => ({ stdout: hso('BeforeTool', { tool_input: input }) });
  const add = (id: string, definitions: DefinitionSpec[], behaviours: Record<string, Behaviour>, extra: Record<string, unknown> = {}) =>
    cases.push({ id: `BeforeTool/${id}`, event: 'BeforeTool', payload: payloadFor('BeforeTool', cwd, extra), definitions, behaviours });
  add('rewrite', [{ hooks: [{ hook: 'a' }] }], { a: rewrite({ command: 'rm -rf build --dry-run' }) });
  add('rewrite-partial-replaces', [{ hooks: [{ hook: 'a' }] }], { a: rewrite({ command: 'echo safe' }) });
  add('rewrite-not-object', [{ hooks: [{ hook: 'a' }] }], { a: { stdout: hso('BeforeTool', { tool_input: 'echo' }) } });
  add('rewrite-array', [{ hooks: [{ hook: 'a' }] }], { a: { stdout: hso('BeforeTool', { tool_input: ['x'] }) } });
  add('rewrite-and-deny', [{ hooks: [{ hook: 'a' }] }], {
    a: { stdout: json({ decision: 'deny', reason: 'no', hookSpecificOutput: { tool_input: { command: 'x' } } }) },
  });
  add('rewrite-exit-1', [{ hooks: [{ hook: 'a' }] }], { a: { ...rewrite({ command: 'after exit 1' }), exit: 1 } });
  add('two-rewrites-last-wins', [{ hooks: [{ hook: 'a' }, { hook: 'b' }] }], {
    a: rewrite({ command: 'first' }),
    b: rewrite({ command: 'second' }),
  });
  add('two-rewrites-second-silent', [{ hooks: [{ hook: 'a' }, { hook: 'b' }] }], { a: rewrite({ command: 'first' }), b: {} });
  add('sequential-chain', [{ sequential: true, hooks: [{ hook: 'a' }, { hook: 'b' }] }], {
    a: rewrite({ command: 'first', added: 1 }),
    b: { stdout: hso('BeforeTool', { additionalContext: 'saw the chain' }) },
  });
  add('sequential-chain-two-rewrites', [{ sequential: true, hooks: [{ hook: 'a' }, { hook: 'b' }, { hook: 'c' }] }], {
    a: rewrite({ command: 'first' }),
    b: rewrite({ extra: true }),
    c: {},
  });
  add('sequential-failed-rewrite-not-fed', [{ sequential: true, hooks: [{ hook: 'a' }, { hook: 'b' }] }], {
    a: { ...rewrite({ command: 'not fed' }), exit: 1 },
    b: rewrite({ fed: false }),
  });
  add('sequential-one-definition-makes-all', [{ hooks: [{ hook: 'a' }] }, { sequential: true, hooks: [{ hook: 'b' }] }], {
    a: rewrite({ command: 'from a' }),
    b: {},
  });
  // Issue 41: Gemini CLI knows no `async` key; the hook runs and its deny stands (hookctl once dropped it).
  add('async-key-ignored-deny-stands', [{ hooks: [{ hook: 'a', async: true }] }], {
    a: { stdout: json({ decision: 'deny', reason: 'async is not a gemini key' }) },
  });
  add('sequential-deny-does-not-end', [{ sequential: true, hooks: [{ hook: 'a' }, { hook: 'b' }] }], {
    a: { stdout: json({ decision: 'deny', reason: 'first denies' }) },
    b: { stdout: json({ decision: 'allow', reason: 'second allows' }) },
  });
  add(
    'mcp-tool-regex',
    [{ matcher: '^mcp_github_.*', hooks: [{ hook: 'a' }] }],
    { a: { stdout: json({ decision: 'deny', reason: 'no github' }) } },
    {
      tool_name: 'mcp_github_create_issue',
      tool_input: { title: 't' },
      mcp_context: { server_name: 'github', tool_name: 'create_issue' },
    },
  );
  cases.push({
    id: 'AfterTool/tail-call',
    event: 'AfterTool',
    payload: payloadFor('AfterTool', cwd),
    definitions: [{ hooks: [{ hook: 'a' }] }],
    behaviours: {
      a: { stdout: hso('AfterTool', { tailToolCallRequest: { name: 'read_file', args: { file_path: 'x' } }, additionalContext: 'tail' }) },
    },
  });
  cases.push({
    id: 'BeforeAgent/sequential-context-appended-to-prompt',
    event: 'BeforeAgent',
    payload: payloadFor('BeforeAgent', cwd),
    definitions: [{ sequential: true, hooks: [{ hook: 'a' }, { hook: 'b' }] }],
    behaviours: { a: { stdout: hso('BeforeAgent', { additionalContext: 'raw <ctx>' }) }, b: {} },
  });
  cases.push({
    id: 'AfterAgent/clear-context',
    event: 'AfterAgent',
    payload: payloadFor('AfterAgent', cwd),
    definitions: [{ hooks: [{ hook: 'a' }, { hook: 'b' }] }],
    behaviours: { a: { stdout: hso('AfterAgent', { clearContext: true }) }, b: { stdout: hso('AfterAgent', { clearContext: false }) } },
  });
}

/** Model events: later fields replace earlier ones; tool selection unions names, NONE wins. */
function modelCases(cases: Case[], cwd: string): void {
  const add = (event: string, id: string, definitions: DefinitionSpec[], behaviours: Record<string, Behaviour>) =>
    cases.push({ id: `${event}/${id}`, event, payload: payloadFor(event, cwd), definitions, behaviours });
  const two = [{ hooks: [{ hook: 'a' }, { hook: 'b' }] }];
  add('BeforeModel', 'later-reason-replaces', two, {
    a: { stdout: json({ decision: 'deny', reason: 'first' }) },
    b: { stdout: json({ reason: 'second' }) },
  });
  add('BeforeModel', 'later-decision-replaces', two, {
    a: { stdout: json({ decision: 'deny', reason: 'first' }) },
    b: { stdout: json({ decision: 'allow' }) },
  });
  add('BeforeModel', 'sequential-request-merge', [{ sequential: true, hooks: [{ hook: 'a' }, { hook: 'b' }] }], {
    a: { stdout: hso('BeforeModel', { llm_request: { config: { temperature: 0 } } }) },
    b: {},
  });
  add('AfterModel', 'context-replaced', two, {
    a: { stdout: hso('AfterModel', { additionalContext: 'first' }) },
    b: { stdout: hso('AfterModel', { additionalContext: 'second' }) },
  });
  const selection = (config: Record<string, unknown>) => ({ stdout: hso('BeforeToolSelection', { toolConfig: config }) });
  add('BeforeToolSelection', 'union-any', two, {
    a: selection({ mode: 'ANY', allowedFunctionNames: ['read_file', 'glob'] }),
    b: selection({ mode: 'AUTO', allowedFunctionNames: ['glob', 'write_file'] }),
  });
  add('BeforeToolSelection', 'none-wins', two, {
    a: selection({ mode: 'NONE' }),
    b: selection({ mode: 'ANY', allowedFunctionNames: ['glob'] }),
  });
  add('BeforeToolSelection', 'auto-default', two, { a: selection({ allowedFunctionNames: ['b_tool', 'a_tool'] }), b: {} });
  add('BeforeToolSelection', 'deny-ignored', two, {
    a: { stdout: json({ decision: 'deny', reason: 'ignored' }) },
    b: selection({ mode: 'ANY' }),
  });
  add('SessionEnd', 'later-keys-replace', two, {
    a: { stdout: json({ decision: 'deny', reason: 'a' }) },
    b: { stdout: json({ systemMessage: 'b' }) },
  });
  add('Notification', 'later-keys-replace', two, {
    a: { stdout: json({ systemMessage: 'a' }) },
    b: { stdout: json({ systemMessage: 'b' }) },
  });
}

/** Matchers, deduplication and timeouts: which hooks run at all. */
function planCases(cases: Case[], cwd: string): void {
  const deny = { stdout: json({ decision: 'deny', reason: 'matched' }) };
  const tool = (id: string, matcher: string, toolName: string) =>
    cases.push({
      id: `BeforeTool/matcher ${id}`,
      event: 'BeforeTool',
      payload: payloadFor('BeforeTool', cwd, { tool_name: toolName }),
      definitions: [{ matcher, hooks: [{ hook: 'a' }] }],
      behaviours: { a: deny },
    });
  tool('regex-prefix', 'run_shell.*', 'run_shell_command');
  tool('unanchored', 'shell', 'run_shell_command');
  tool('anchored-miss', '^shell', 'run_shell_command');
  tool('alternation', 'write_file|replace', 'replace');
  tool('alternation-miss', 'write_file|replace', 'read_file');
  tool('invalid-regex-literal-hit', 'read_file(', 'read_file(');
  tool('invalid-regex-literal-miss', 'read_file(', 'read_file');
  tool('star', '*', 'glob');
  tool('empty', '', 'glob');
  tool('trimmed', '  glob  ', 'glob');
  tool('case-sensitive', 'Run_Shell_Command', 'run_shell_command');
  tool('claude-name', 'Bash', 'run_shell_command');
  const trigger = (event: string, id: string, matcher: string, extra: Record<string, unknown>) =>
    cases.push({
      id: `${event}/matcher ${id}`,
      event,
      payload: payloadFor(event, cwd, extra),
      definitions: [{ matcher, hooks: [{ hook: 'a' }] }],
      behaviours: { a: { stdout: json({ systemMessage: 'ran' }) } },
    });
  trigger('SessionStart', 'exact-hit', 'startup', { source: 'startup' });
  trigger('SessionStart', 'exact-miss', 'startup', { source: 'resume' });
  trigger('SessionStart', 'no-regex', 'start.*', { source: 'startup' });
  trigger('SessionEnd', 'exact-hit', 'exit', { reason: 'exit' });
  trigger('SessionEnd', 'alternation-is-literal', 'exit|clear', { reason: 'exit' });
  trigger('PreCompress', 'exact-hit', 'manual', { trigger: 'manual' });
  trigger('PreCompress', 'exact-miss', 'manual', { trigger: 'auto' });
  trigger('BeforeAgent', 'ignored', 'nothing-matches-this', {});
  trigger('Notification', 'ignored', 'nothing-matches-this', {});
  const dedup = (id: string, definitions: DefinitionSpec[]) =>
    cases.push({
      id: `BeforeTool/dedup ${id}`,
      event: 'BeforeTool',
      payload: payloadFor('BeforeTool', cwd),
      definitions,
      behaviours: { a: { stdout: json({ decision: 'deny', reason: 'once?' }) } },
    });
  dedup('same command twice', [{ hooks: [{ hook: 'a' }] }, { matcher: 'run_.*', hooks: [{ hook: 'a' }] }]);
  dedup('same name and command', [
    {
      hooks: [
        { hook: 'a', name: 'guard' },
        { hook: 'a', name: 'guard' },
      ],
    },
  ]);
  dedup('different names run twice', [
    {
      hooks: [
        { hook: 'a', name: 'one' },
        { hook: 'a', name: 'two' },
      ],
    },
  ]);
  dedup('unmatched copy does not count', [{ matcher: 'nope', hooks: [{ hook: 'a' }] }, { hooks: [{ hook: 'a' }] }]);
  const timeout = (id: string, hooks: HookSpec[], behaviours: Record<string, Behaviour>) =>
    cases.push({
      id: `BeforeTool/timeout ${id}`,
      event: 'BeforeTool',
      payload: payloadFor('BeforeTool', cwd),
      definitions: [{ hooks }],
      behaviours,
    });
  // 1.5 s: long enough for the hook to record its stdin on a loaded machine before either side kills it.
  timeout('alone', [{ hook: 'a', timeout: 1500 }], { a: { stdout: json({ decision: 'deny', reason: 'too late' }), sleepSeconds: 4 } });
  timeout('beside a deny', [{ hook: 'a', timeout: 1500 }, { hook: 'b' }], {
    a: { sleepSeconds: 4 },
    b: { stdout: json({ decision: 'deny', reason: 'in time' }) },
  });
}
