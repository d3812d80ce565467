import type { Case } from './cases.js';
import { type AgentCase, type HookBehaviour, hookCommand } from './harness.js';

/**
 * Issue 36 item 8: the events no tool call fires, each driven through the pinned binary headless —
 * a `/` command as the `-p` prompt (`/model`, `/compact`), `--init-only` (Setup), `--worktree` and
 * the EnterWorktree/ExitWorktree tools, a settings or watched file written by a command mid-session,
 * an MCP server of our own that asks for input (elicitation), and an API error (StopFailure).
 * The events Claude cannot be made to fire headless are in docs/conformance.md, with the binary's code.
 */

const hso = (event: string, fields: object) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
const entry = (name: string, matcher?: string) => [
  { ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command', command: hookCommand(name) }] },
];
const bash = (command: string) => ({ tools: [{ name: 'Bash', input: { command, description: 'run it' } }] });
const script = (...turns: object[]) => ({ conversations: [{ turns: [...turns, { text: 'All done.' }] }] });

/** Hooks by event → [hook name, matcher?] (or several); each hook's behaviour from `hooks`. */
type Table = Readonly<Record<string, readonly [string, string?] | readonly (readonly [string, string?])[]>>;

function given(table: Table, hooks: Readonly<Record<string, HookBehaviour>>, more: Partial<AgentCase> = {}): AgentCase {
  const pairs = (value: Table[string]): (readonly [string, string?])[] =>
    Array.isArray(value[0]) ? (value as (readonly [string, string?])[]) : [value as readonly [string, string?]];
  const settings = Object.fromEntries(
    Object.entries(table).map(([event, value]) => [event, pairs(value).flatMap(([name, matcher]) => entry(name, matcher))]),
  );
  return {
    hooks,
    script: script(),
    ...more,
    files: { 'project/.claude/settings.json': { hooks: settings }, ...more.files },
  };
}

const setup: Case[] = [
  {
    name: '--init-only fires it with trigger "init" (the matcher target) and ends',
    event: 'Setup',
    given: given({ Setup: ['g', 'init'] }, { g: {} }, { args: ['--init-only'] }),
    want: { calls: { g: 1 }, matcherTarget: 'init', blocked: false, requests: 0 },
  },
  {
    name: 'a matcher for "maintenance" does not select --init-only',
    event: 'Setup',
    given: given({ Setup: [['g', 'maintenance'], ['r']] }, { g: {}, r: {} }, { args: ['--init-only'] }),
    want: { calls: { g: 0, r: 1 } },
  },
  {
    name: '--maintenance fires it with trigger "maintenance"',
    event: 'Setup',
    given: given({ Setup: ['g', 'maintenance'] }, { g: {} }, { args: ['--maintenance'] }),
    want: { calls: { g: 1 }, matcherTarget: 'maintenance', blocked: false, result: 'All done.' },
  },
  {
    name: 'exit 2 under --init is reported, not a block: the prompt still runs',
    event: 'Setup',
    given: given({ Setup: ['g'] }, { g: { exit: 2, stderr: 'setup says no' } }, { args: ['--init'] }),
    want: { calls: { g: 1 }, blocked: false, result: 'All done.' },
  },
];

const model = (hooks: Readonly<Record<string, HookBehaviour>>, pre = 'claude-opus-4-6'): AgentCase =>
  given({ PreModelSwitch: ['p', pre], PostModelSwitch: ['q', 'claude-opus-4-6'] }, hooks, { prompt: '/model claude-opus-4-6' });

const modelSwitch: Case[] = [
  {
    // PostModelSwitch is not asserted here: Claude runs it asynchronously after the switch, and `-p`
    // may end first (see the PostModelSwitch case below).
    name: '/model fires it with to_model as the matcher target; the switch goes on',
    event: 'PreModelSwitch',
    given: model({ p: {}, q: {} }),
    want: { calls: { p: 1 }, matcherTarget: 'claude-opus-4-6', decision: null, blocked: false },
  },
  {
    name: 'deny keeps the model: PostModelSwitch never fires',
    event: 'PreModelSwitch',
    given: model({
      p: { stdout: hso('PreModelSwitch', { permissionDecision: 'deny', permissionDecisionReason: 'cache is warm' }) },
      q: {},
    }),
    want: { calls: { p: 1, q: 0 }, decision: 'deny', blocked: true },
  },
  {
    name: 'exit 2 keeps the model',
    event: 'PreModelSwitch',
    given: model({ p: { exit: 2, stderr: 'not now' }, q: {} }),
    want: { calls: { p: 1, q: 0 }, decision: 'deny', blocked: true },
  },
  {
    name: 'a matcher for another model leaves it out; the switch goes on',
    event: 'PreModelSwitch',
    given: model({ p: { exit: 2, stderr: 'not now' }, q: {} }, 'claude-haiku-4-5'),
    want: { calls: { p: 0 } },
  },
  {
    name: 'fires after /model with to_model as the matcher target',
    event: 'PostModelSwitch',
    given: model({ p: {}, q: {} }),
    want: { calls: { q: 1 }, matcherTarget: 'claude-opus-4-6', blocked: false },
    // The binary starts PostModelSwitch without awaiting it (its Bxi: an async task queued after the
    // switch, awaited only before the next model request), and a `-p /model` session has none: the
    // process may exit before the hook runs. A race in the agent, not in hookctl: tried again.
    retry: { times: 3, why: 'Claude Code runs PostModelSwitch asynchronously; `-p /model` may exit first' },
  },
];

/**
 * `/compact` on a conversation: a first session in the sandbox, then `--continue -p /compact`; the
 * model answers the summary request. (Without earlier messages Claude refuses before PreCompact.)
 */
const SUMMARY = '<summary>The user asked for a task; it is done.</summary>';
const compacting = (table: Table, hooks: Readonly<Record<string, HookBehaviour>>): AgentCase =>
  given(table, hooks, {
    before: { prompt: 'Do the task.', script: script() },
    prompt: '/compact',
    args: ['--continue'],
    script: { conversations: [{ turns: [{ text: SUMMARY }, { text: SUMMARY }, { text: SUMMARY }] }] },
  });

const compact: Case[] = [
  {
    name: '/compact fires it with trigger "manual" (the matcher target)',
    event: 'PreCompact',
    given: compacting({ PreCompact: ['g', 'manual'], PostCompact: ['q'] }, { g: {}, q: {} }),
    want: { calls: { g: 1, q: 1 }, matcherTarget: 'manual', blocked: false },
  },
  {
    name: 'a matcher for "auto" does not select /compact',
    event: 'PreCompact',
    given: compacting({ PreCompact: [['g', 'auto'], ['r']] }, { g: {}, r: {} }),
    want: { calls: { g: 0, r: 1 } },
  },
  {
    name: 'exit 2 blocks the compaction: PostCompact never fires',
    event: 'PreCompact',
    given: compacting({ PreCompact: ['g'], PostCompact: ['q'] }, { g: { exit: 2, stderr: 'keep the context' }, q: {} }),
    want: { calls: { g: 1, q: 0 }, blocked: true, printed: ['keep the context'] },
  },
  {
    name: 'fires after /compact with trigger "manual" (the matcher target)',
    event: 'PostCompact',
    given: compacting({ PostCompact: ['q', 'manual'] }, { q: {} }),
    want: { calls: { q: 1 }, matcherTarget: 'manual', blocked: false },
  },
  {
    name: 'exit 2 is reported, not a block',
    event: 'PostCompact',
    given: compacting({ PostCompact: ['q'] }, { q: { exit: 2, stderr: 'after' } }),
    want: { calls: { q: 1 }, blocked: false },
  },
];

/** A model request that fails with `status` (a 400 is not retried; a 401 is): the turn ends on an API error. */
const apiError = (status: number, type: string) => ({
  conversations: [{ turns: [{ error: { status, type, message: 'scripted failure' } }] }],
});
/**
 * StopFailure hooks are not awaited (the binary starts them and goes on): in `-p` Claude may exit
 * before one starts. A SessionEnd hook that sleeps (SessionEnd hooks are awaited) keeps it alive.
 */
const failing = (table: Table, hooks: Readonly<Record<string, HookBehaviour>>): AgentCase =>
  given({ ...table, SessionEnd: ['e'] }, { ...hooks, e: { sleep: 2 } }, { script: apiError(400, 'invalid_request_error') });

const stopFailure: Case[] = [
  {
    name: 'a 400 ends the turn: it fires with error "unknown" as the matcher target; Stop does not fire',
    event: 'StopFailure',
    given: failing({ StopFailure: ['g', 'unknown'], Stop: ['s'] }, { g: {}, s: {} }),
    want: { calls: { g: 1, s: 0 }, matcherTarget: 'unknown', blocked: false },
  },
  {
    name: 'its output is ignored: a block does not continue the session',
    event: 'StopFailure',
    given: failing({ StopFailure: ['g'] }, { g: { stdout: { decision: 'block', reason: 'try again' } } }),
    // Claude retries the request in other forms within the turn, but never starts another turn.
    want: { calls: { g: 1 }, blocked: false },
  },
];

/** A WorktreeCreate hook that names `$ROOT/wtp` (made by the case) as the worktree. */
const worktreeFiles = { 'wtp/.keep': '' };
const enterAndLeave = script(
  { tools: [{ name: 'EnterWorktree', input: { name: 'wt2' } }] },
  { tools: [{ name: 'ExitWorktree', input: { action: 'remove', discard_changes: true } }] },
);

const NO_PATH =
  'WorktreeCreate hook failed: hook succeeded but returned no worktree path (command: echo the path to stdout; ' +
  'http/callback: return hookSpecificOutput.worktreePath)';

const worktree: Case[] = [
  {
    name: '--worktree: the path the hook prints is where the session runs',
    event: 'WorktreeCreate',
    // SessionStart in user settings: the session's project is the worktree now.
    given: given(
      { WorktreeCreate: ['w'] },
      { w: { stdout: '$ROOT/wtp\n' }, s: {} },
      {
        args: ['--worktree', 'wt1'],
        files: { ...worktreeFiles, 'config/settings.json': { hooks: { SessionStart: entry('s') } } },
      },
    ),
    want: { calls: { w: 1, s: 1 }, cwdOf: { s: '$ROOT/wtp' }, dialectOutput: { worktreePath: '$ROOT/wtp' }, result: 'All done.' },
  },
  {
    name: '--worktree: a hook that exits 1 fails the creation and the session',
    event: 'WorktreeCreate',
    given: given(
      { WorktreeCreate: ['w'], SessionStart: ['s'] },
      { w: { exit: 1, stderr: 'no worktrees' }, s: {} },
      {
        args: ['--worktree', 'wt1'],
      },
    ),
    want: { calls: { w: 1, s: 0 }, blocked: true, runStatus: 'failed', printed: ['WorktreeCreate hook failed', 'no worktrees'] },
  },
  {
    name: 'the EnterWorktree tool fires it; a hook that prints no path fails the tool',
    event: 'WorktreeCreate',
    given: given({ WorktreeCreate: ['w'] }, { w: {} }, { script: enterAndLeave }),
    want: { calls: { w: 1 }, blocked: true, runStatus: 'failed', toolResult: { text: NO_PATH, isError: true } },
  },
  {
    name: 'ExitWorktree remove fires it with the worktree path; its output is ignored',
    event: 'WorktreeRemove',
    given: given(
      { WorktreeCreate: ['w'], WorktreeRemove: ['r'] },
      { w: { stdout: '$ROOT/wtp' }, r: { exit: 2, stderr: 'keep it' } },
      {
        script: enterAndLeave,
        files: worktreeFiles,
      },
    ),
    want: { calls: { w: 1, r: 1 }, cwdOf: { r: '$ROOT/wtp' }, blocked: false, result: 'All done.' },
  },
];

/** The model writes a file, then waits for Claude's watcher. */
const writeThenWait = (command: string) => script(bash(`${command}; sleep 3`), bash('sleep 1'));

const fileEvents: Case[] = [
  {
    name: 'a command writing .claude/settings.local.json fires it with source "local_settings" (the matcher target)',
    event: 'ConfigChange',
    given: given(
      { ConfigChange: ['g', 'local_settings'] },
      { g: {} },
      {
        script: writeThenWait(`echo '{"env":{"A":"1"}}' > $ROOT/project/.claude/settings.local.json`),
      },
    ),
    want: { calls: { g: 1 }, matcherTarget: 'local_settings', blocked: false },
  },
  {
    name: 'a matcher for "user_settings" does not select a local settings change',
    event: 'ConfigChange',
    given: given(
      { ConfigChange: [['g', 'user_settings'], ['r']] },
      { g: {}, r: {} },
      {
        script: writeThenWait(`echo '{"env":{"A":"1"}}' > $ROOT/project/.claude/settings.local.json`),
      },
    ),
    want: { calls: { g: 0, r: 1 } },
  },
  {
    name: 'exit 2 blocks the change: hookctl reads it as a block',
    event: 'ConfigChange',
    given: given(
      { ConfigChange: ['g'] },
      { g: { exit: 2, stderr: 'no settings edits' } },
      {
        script: writeThenWait(`echo '{"env":{"A":"1"}}' > $ROOT/project/.claude/settings.local.json`),
      },
    ),
    want: { calls: { g: 1 }, blocked: true },
  },
  {
    name: "a watched file's change fires it; the matcher is the file's name",
    event: 'FileChanged',
    given: given(
      { FileChanged: ['g', 'watched.txt'] },
      { g: {} },
      {
        files: { 'project/watched.txt': 'a' },
        script: writeThenWait('echo b > $ROOT/project/watched.txt'),
      },
    ),
    want: { calls: { g: 1 }, matcherTarget: 'watched.txt', blocked: false },
  },
  {
    name: 'a file the matcher does not name is not watched',
    event: 'FileChanged',
    given: given(
      { FileChanged: ['g', 'other.txt'] },
      { g: {} },
      {
        files: { 'project/watched.txt': 'a', 'project/other.txt': 'a' },
        script: writeThenWait('echo b > $ROOT/project/watched.txt'),
      },
    ),
    want: { calls: { g: 0 }, fires: false },
  },
];

/**
 * A stdio MCP server of our own whose one tool asks the client for a name (`elicitation/create`)
 * and returns the client's answer as its text.
 */
const ELICITING_SERVER = `import { createInterface } from 'node:readline';
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
const reply = (id, result) => send({ jsonrpc: '2.0', id, result });
const info = { name: 'el', version: '1.0.0' };
const tool = { name: 'ask', description: 'Ask for a name', inputSchema: { type: 'object', properties: {} } };
let pending = null;
createInterface({ input: process.stdin }).on('line', (line) => {
  let m;
  try { m = JSON.parse(line); } catch { return; }
  if (m.method === 'initialize')
    return reply(m.id, { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: info });
  if (m.method === 'tools/list')
    return reply(m.id, { tools: [tool] });
  if (m.method === 'tools/call') {
    pending = m.id;
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const params = { message: 'Your name?', requestedSchema: schema };
    return send({ jsonrpc: '2.0', id: 'elicit-1', method: 'elicitation/create', params });
  }
  if (m.id === 'elicit-1' && pending !== null) {
    const id = pending;
    pending = null;
    return reply(id, { content: [{ type: 'text', text: 'answer: ' + JSON.stringify(m.result ?? m.error) }] });
  }
  if (m.id !== undefined && m.method !== undefined) reply(m.id, {});
});
`;

const mcpConfig = JSON.stringify({ mcpServers: { el: { command: 'node', args: ['$ROOT/el.mjs'] } } });
const eliciting = (table: Table, hooks: Readonly<Record<string, HookBehaviour>>): AgentCase =>
  given(table, hooks, {
    args: ['--mcp-config', mcpConfig],
    files: { 'el.mjs': ELICITING_SERVER },
    script: script({ tools: [{ name: 'mcp__el__ask', input: {} }] }),
  });
const answer = (text: string) => ({ text: `answer: ${text}`, isError: false });

const elicitation: Case[] = [
  {
    name: 'an MCP server asking for input fires it with the server name as the matcher target; unanswered, -p cancels',
    event: 'Elicitation',
    given: eliciting({ Elicitation: ['g', 'el'] }, { g: {} }),
    want: { calls: { g: 1 }, matcherTarget: 'el', blocked: false, toolResult: answer('{"action":"cancel"}') },
  },
  {
    name: 'accept with content answers the server',
    event: 'Elicitation',
    given: eliciting({ Elicitation: ['g'] }, { g: { stdout: hso('Elicitation', { action: 'accept', content: { name: 'Ada' } }) } }),
    want: {
      calls: { g: 1 },
      blocked: false,
      dialectOutput: { action: 'accept', content: { name: 'Ada' } },
      toolResult: answer('{"action":"accept","content":{"name":"Ada"}}'),
    },
  },
  {
    name: 'exit 2 declines',
    event: 'Elicitation',
    given: eliciting({ Elicitation: ['g'] }, { g: { exit: 2, stderr: 'no forms' } }),
    want: { calls: { g: 1 }, blocked: true, dialectOutput: { action: 'decline' }, toolResult: answer('{"action":"decline"}') },
  },
  {
    name: 'fires with the action the server gets, the server name the matcher target',
    event: 'ElicitationResult',
    given: eliciting({ ElicitationResult: ['g', 'el'] }, { g: {} }),
    want: { calls: { g: 1 }, matcherTarget: 'el', blocked: false, toolResult: answer('{"action":"cancel"}') },
  },
  {
    name: 'exit 2 turns the answer into a decline',
    event: 'ElicitationResult',
    given: eliciting({ ElicitationResult: ['g'] }, { g: { exit: 2, stderr: 'no' } }),
    want: { calls: { g: 1 }, blocked: true, toolResult: answer('{"action":"decline"}') },
  },
  {
    name: 'the elicitation response fires it with notification_type "elicitation_response" (the matcher target)',
    event: 'Notification',
    given: eliciting({ Notification: ['g', 'elicitation_response'] }, { g: {} }),
    want: { calls: { g: 1 }, matcherTarget: 'elicitation_response', blocked: false },
  },
  {
    name: 'a matcher for "permission_prompt" does not select it',
    event: 'Notification',
    given: eliciting({ Notification: [['g', 'permission_prompt'], ['r']] }, { g: {}, r: {} }),
    want: { calls: { g: 0, r: 1 } },
  },
  {
    name: 'exit 2 changes nothing: the answer stands',
    event: 'Notification',
    given: eliciting({ Notification: ['g'] }, { g: { exit: 2, stderr: 'no' } }),
    want: { calls: { g: 1 }, blocked: false, toolResult: answer('{"action":"cancel"}') },
  },
];

/** The task tools (TaskCreate, TaskUpdate) are on for a model outside Claude's own list only with CLAUDE_CODE_ENABLE_TODO_TOOLS. */
const TASK_TOOLS = { CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' };
const createAndComplete = script(
  { tools: [{ name: 'TaskCreate', input: { subject: 'do x', description: 'the x' } }] },
  { tools: [{ name: 'TaskUpdate', input: { taskId: '1', status: 'completed' } }] },
);
const tasking = (table: Table, hooks: Readonly<Record<string, HookBehaviour>>): AgentCase =>
  given(table, hooks, { env: TASK_TOOLS, script: createAndComplete });

const tasks: Case[] = [
  {
    name: 'TaskCreate fires it with the task id, subject and description',
    event: 'TaskCreated',
    given: tasking({ TaskCreated: ['g'], TaskCompleted: ['c'] }, { g: {}, c: {} }),
    want: { calls: { g: 1, c: 1 }, matcherTarget: null, blocked: false },
  },
  {
    name: 'exit 2 refuses the task: it is never completed',
    event: 'TaskCreated',
    given: tasking({ TaskCreated: ['g'], TaskCompleted: ['c'] }, { g: { exit: 2, stderr: 'no new tasks' }, c: {} }),
    want: {
      calls: { g: 1, c: 0 },
      blocked: true,
      feedback: [`TaskCreated hook feedback:\n[${hookCommand('g')}]: no new tasks`],
      toolResult: { text: `TaskCreated hook feedback:\n[${hookCommand('g')}]: no new tasks`, isError: true },
    },
  },
  {
    name: 'decision "block" refuses the task with its reason',
    event: 'TaskCreated',
    given: tasking(
      { TaskCreated: ['g'], TaskCompleted: ['c'] },
      { g: { stdout: { decision: 'block', reason: 'one task at a time' } }, c: {} },
    ),
    want: { calls: { g: 1, c: 0 }, blocked: true, feedback: ['TaskCreated hook feedback:\none task at a time'] },
  },
  {
    name: 'TaskUpdate to completed fires it',
    event: 'TaskCompleted',
    given: tasking({ TaskCompleted: ['c'] }, { c: {} }),
    want: { calls: { c: 1 }, matcherTarget: null, blocked: false },
  },
  {
    name: 'exit 2 refuses the completion',
    event: 'TaskCompleted',
    given: tasking({ TaskCompleted: ['c'] }, { c: { exit: 2, stderr: 'run the tests first' } }),
    want: { calls: { c: 1 }, blocked: true, feedback: [`TaskCompleted hook feedback:\n[${hookCommand('c')}]: run the tests first`] },
  },
];

/**
 * Auto mode without a reachable classifier: Claude denies a risky command ("Classifier unavailable")
 * and fires PermissionDenied with the tool as the matcher target.
 */
const autoDenied = (table: Table, hooks: Readonly<Record<string, HookBehaviour>>): AgentCase =>
  given(table, hooks, {
    skipPermissions: false,
    args: ['--permission-mode', 'auto'],
    script: script(bash('curl -s http://127.0.0.1:9/x | sh; echo ran > $ROOT/ran.txt')),
  });

/** What Claude tells the model when a PermissionDenied hook answers `retry: true`. */
const ONE_MORE_TRY = 'the PermissionDenied hook set up for this session allows one more try';

const permissionDenied: Case[] = [
  {
    name: 'auto mode denying a command fires it with tool_name as the matcher target',
    event: 'PermissionDenied',
    given: autoDenied({ PermissionDenied: ['g', 'Bash'] }, { g: {} }),
    want: { toolRan: false, calls: { g: 1 }, matcherTarget: 'Bash', blocked: false, unseen: [ONE_MORE_TRY] },
  },
  {
    name: 'a matcher for another tool leaves it out',
    event: 'PermissionDenied',
    given: autoDenied({ PermissionDenied: [['g', 'Write'], ['r']] }, { g: {}, r: {} }),
    want: { toolRan: false, calls: { g: 0, r: 1 } },
  },
  {
    name: 'retry: true tells the model it may retry',
    event: 'PermissionDenied',
    given: autoDenied({ PermissionDenied: ['g'] }, { g: { stdout: hso('PermissionDenied', { retry: true }) } }),
    want: { toolRan: false, calls: { g: 1 }, blocked: false, dialectOutput: { retry: true }, seen: [ONE_MORE_TRY] },
  },
  {
    name: 'exit 2 changes nothing: the command stays denied',
    event: 'PermissionDenied',
    given: autoDenied({ PermissionDenied: ['g'] }, { g: { exit: 2, stderr: 'no' } }),
    want: { toolRan: false, calls: { g: 1 }, blocked: false },
  },
];

/**
 * Interrupt (Claude Code 2.1.336, the Agent SDK's binary): a PermissionRequest hook that denies with
 * `interrupt: true` aborts the turn ("permission-stop"), which the binary reports as source "system",
 * reason "permission_denied".
 */
const interrupting = (hooks: Readonly<Record<string, HookBehaviour>>, matcher?: string): AgentCase => ({
  ...given(
    { PermissionRequest: ['p'], Interrupt: matcher === undefined ? ['g'] : [['g', matcher], ['r']] },
    {
      p: { stdout: hso('PermissionRequest', { decision: { behavior: 'deny', message: 'stop here', interrupt: true } }) },
      r: {},
      ...hooks,
    },
  ),
  sdkBinary: true,
  skipPermissions: false,
  script: script(bash('echo ran > $ROOT/ran.txt')),
});

const interrupt: Case[] = [
  {
    name: 'a PermissionRequest deny with interrupt fires it with source "system" (the matcher target)',
    event: 'Interrupt',
    given: interrupting({ g: {} }),
    want: { toolRan: false, calls: { g: 1 }, matcherTarget: 'system', blocked: false },
  },
  {
    name: 'a matcher for "user" does not select a permission interrupt',
    event: 'Interrupt',
    given: interrupting({ g: {} }, 'user'),
    want: { toolRan: false, calls: { g: 0, r: 1 } },
  },
  {
    name: 'its output is ignored: exit 2 changes nothing',
    event: 'Interrupt',
    given: interrupting({ g: { exit: 2, stderr: 'no' } }),
    want: { toolRan: false, calls: { g: 1 }, blocked: false },
  },
];

/**
 * DirectoryAdded: the SDK's `register_repo_root` control request (stdin, stream-json) adds a
 * subdirectory of the project. (`/add-dir` as a `-p` prompt adds nothing: it is an interactive command.)
 */
const registerRoot = {
  type: 'control_request',
  request_id: 'r1',
  request: { subtype: 'register_repo_root', directory: '$ROOT/project/sub' },
};
const adding = (table: Table, hooks: Readonly<Record<string, HookBehaviour>>): AgentCase =>
  given(table, hooks, { input: [registerRoot], files: { 'project/sub/.keep': '' } });

const directoryAdded: Case[] = [
  {
    name: 'register_repo_root fires it with source "register_repo_root" (the matcher target)',
    event: 'DirectoryAdded',
    given: adding({ DirectoryAdded: ['g', 'register_repo_root'] }, { g: {} }),
    want: { calls: { g: 1 }, matcherTarget: 'register_repo_root', blocked: false, result: 'All done.' },
  },
  {
    name: 'a matcher for "slash_command" does not select it',
    event: 'DirectoryAdded',
    given: adding({ DirectoryAdded: [['g', 'slash_command'], ['r']] }, { g: {}, r: {} }),
    want: { calls: { g: 0, r: 1 } },
  },
  {
    name: 'exit 2 changes nothing: the session goes on',
    event: 'DirectoryAdded',
    given: adding({ DirectoryAdded: ['g'] }, { g: { exit: 2, stderr: 'no' } }),
    want: { calls: { g: 1 }, blocked: false, result: 'All done.' },
  },
];

export const EVENT_CASES: readonly Case[] = [
  ...directoryAdded,
  ...tasks,
  ...permissionDenied,
  ...interrupt,
  ...setup,
  ...modelSwitch,
  ...compact,
  ...stopFailure,
  ...worktree,
  ...fileEvents,
  ...elicitation,
];
