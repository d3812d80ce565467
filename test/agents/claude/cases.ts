import type { Decision } from '../../../src/kit/outcome.js';
import { EVENT_CASES } from './event-cases.js';
import { type AgentCase, type HookBehaviour, hookCommand } from './harness.js';

/**
 * The real-agent cases: given (settings layout, hook scripts, model script, flags) → want (what
 * the pinned Claude Code was observed to do; first written against 2.1.328). The test checks Claude
 * against `want`, then asks hookctl about the payload the hook really received and checks that it
 * says the same. HOOKCTL_CLAUDE_BIN holds them against another binary (harness.ts).
 */
export interface Want {
  /** The marker command (`echo ran > $ROOT/ran.txt`) ran. */
  readonly toolRan?: boolean;
  /** The tool_result the model got for the first tool call. */
  readonly toolResult?: { readonly text: string; readonly isError: boolean };
  /**
   * Texts Claude puts in front of the model for the hooks, exactly (`$CMD` = `sh $ROOT/hooks/g.sh`);
   * hookctl's `dialectOutput.modelFeedback` must hold the same texts.
   */
  readonly feedback?: readonly string[];
  /** Texts Claude puts in front of the model that hookctl does not model (Claude's side only). */
  readonly seen?: readonly string[];
  /** Texts that must not reach the model. */
  readonly unseen?: readonly string[];
  /** Hook name → how many times Claude ran it. */
  readonly calls?: Readonly<Record<string, number>>;
  /** hookctl's decision for the compared event. */
  readonly decision?: Decision | null;
  readonly blocked?: boolean;
  /** Claude ends the session (continue:false): hookctl `stop`. */
  readonly stop?: boolean;
  /** Stop/SubagentStop: Claude went on past the end of the script: hookctl reports a continuation. */
  readonly continues?: boolean;
  /** The final result text Claude printed. */
  readonly result?: string;
  /** hookctl's applied tool-output rewrite (null: none applied). */
  readonly updatedToolOutput?: unknown;
  /** hookctl's additionalContext (null: none). */
  readonly additionalContext?: string | null;
  /** False: Claude never fires the event here, so there is nothing to ask hookctl. */
  readonly fires?: false;
  /** hookctl's rewritten input. */
  readonly updatedInput?: unknown;
  /** hookctl's systemMessages. */
  readonly systemMessages?: readonly string[];
  /** The status of hookctl's first run. */
  readonly runStatus?: string;
  /** hookctl's matcher target for the real payload (the binary's match query). */
  readonly matcherTarget?: string | null;
  /** Fields hookctl's dialectOutput holds (worktreePath, an elicitation's action and content). */
  readonly dialectOutput?: Readonly<Record<string, unknown>>;
  /** How many main-conversation model requests Claude made. */
  readonly requests?: number;
  /** Texts Claude printed (its stream-json events and stderr). */
  readonly printed?: readonly string[];
  /** Hook name → the `cwd` of its first payload. */
  readonly cwdOf?: Readonly<Record<string, string>>;
  /**
   * Claude refused to start, printing this text and running nothing: hookctl's load must refuse too
   * (a fatal finding), so no dry-run shows a hook running.
   */
  readonly refusesStart?: string;
}

export interface Case {
  readonly name: string;
  /** Engine settings for the hookctl side (default: rewriteOrder "configured"). */
  readonly hookctl?: {
    readonly rewriteOrder?: 'completion' | 'configured';
    readonly settingsFlag?: string;
    readonly pluginDirs?: string[];
  };
  /** The event whose outcome hookctl is asked about (from the first captured payload of it). */
  readonly event: string;
  readonly given: AgentCase;
  readonly want: Want;
  /**
   * A known difference, not yet fixed: what hookctl says instead of `want` (the binary's answer),
   * with why. The hookctl side is checked against it, so fixing hookctl fails the case until the
   * entry is removed (docs/conformance.md lists each).
   */
  readonly hookctlDiffers?: { readonly want: Partial<Want>; readonly why: string };
  /** A race in the agent itself that a case cannot rule out: the case is tried again, up to `times`, with why. */
  readonly retry?: { readonly times: number; readonly why: string };
}

export const MARK = 'echo ran > $ROOT/ran.txt';
export const CMD = hookCommand('g');

const bash = (command: string) => ({ tools: [{ name: 'Bash', input: { command, description: 'run it' } }] });
export const script = (...turns: object[]) => ({ conversations: [{ turns: [...turns, { text: 'All done.' }] }] });
const hso = (event: string, fields: object) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
const handler = (name: string, extra: object = {}) => ({ type: 'command', command: hookCommand(name), ...extra });
const table = (event: string, names: readonly string[], matcher?: string, extra: object = {}) => ({
  [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: names.map((name) => handler(name, extra)) }],
});
const project = (hooks: object, more: object = {}) => ({ 'project/.claude/settings.json': { hooks, ...more } });

/** One hook `g` on `event` (matcher optional) in project settings, the model running the marker command. */
function one(event: string, behaviour: HookBehaviour, options: { matcher?: string; turns?: object[]; extra?: object } = {}): AgentCase {
  return {
    hooks: { g: behaviour },
    files: project(table(event, ['g'], options.matcher, options.extra)),
    script: script(...(options.turns ?? [bash(MARK)])),
  };
}

const pre = (fields: object) => ({ stdout: hso('PreToolUse', fields) });

const preToolUse: Case[] = [
  {
    name: 'exit 2 with empty stderr blocks with "No stderr output"',
    event: 'PreToolUse',
    given: one('PreToolUse', { exit: 2 }, { matcher: 'Bash' }),
    want: {
      toolRan: false,
      decision: 'deny',
      blocked: true,
      toolResult: { text: `PreToolUse:Bash hook error: [${CMD}]: No stderr output`, isError: true },
      feedback: [`PreToolUse:Bash hook error: [${CMD}]: No stderr output`],
    },
  },
  {
    name: 'exit 2 with stderr blocks with the command and stderr',
    event: 'PreToolUse',
    given: one('PreToolUse', { exit: 2, stderr: 'rm is not allowed\n' }, { matcher: 'Bash' }),
    want: {
      toolRan: false,
      decision: 'deny',
      toolResult: { text: `PreToolUse:Bash hook error: [${CMD}]: rm is not allowed\n`, isError: true },
      feedback: [`PreToolUse:Bash hook error: [${CMD}]: rm is not allowed\n`],
    },
  },
  {
    name: 'JSON deny: the reason after "hook error:"',
    event: 'PreToolUse',
    given: one('PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: 'no way' }), { matcher: 'Bash' }),
    want: {
      toolRan: false,
      decision: 'deny',
      blocked: true,
      toolResult: { text: 'PreToolUse:Bash hook error: no way', isError: true },
      feedback: ['PreToolUse:Bash hook error: no way'],
    },
  },
  {
    name: 'legacy decision "block" denies with its reason',
    event: 'PreToolUse',
    given: one('PreToolUse', { stdout: { decision: 'block', reason: 'legacy no' } }, { matcher: 'Bash' }),
    want: { toolRan: false, decision: 'deny', blocked: true, feedback: ['PreToolUse:Bash hook error: legacy no'] },
  },
  {
    name: 'JSON allow lets the tool run',
    event: 'PreToolUse',
    given: one('PreToolUse', pre({ permissionDecision: 'allow', permissionDecisionReason: 'fine' }), { matcher: 'Bash' }),
    want: { toolRan: true, decision: 'allow', blocked: false, toolResult: { text: '(Bash completed with no output)', isError: false } },
  },
  {
    name: 'ask in -p mode refuses; its bare reason reaches the model',
    event: 'PreToolUse',
    given: one('PreToolUse', pre({ permissionDecision: 'ask', permissionDecisionReason: 'check me' }), { matcher: 'Bash' }),
    want: { toolRan: false, decision: 'ask', toolResult: { text: 'check me', isError: true }, feedback: ['check me'] },
  },
  {
    name: 'ask in -p mode without --dangerously-skip-permissions refuses the same way',
    event: 'PreToolUse',
    given: {
      ...one('PreToolUse', pre({ permissionDecision: 'ask', permissionDecisionReason: 'check me' }), { matcher: 'Bash' }),
      skipPermissions: false,
    },
    want: { toolRan: false, decision: 'ask', toolResult: { text: 'check me', isError: true }, feedback: ['check me'] },
  },
  {
    name: 'continue:false does not stop the tool; the session ends after it',
    event: 'PreToolUse',
    given: one(
      'PreToolUse',
      { stdout: { continue: false, stopReason: 'halt now' } },
      { matcher: 'Bash', turns: [bash(MARK), bash('echo second')] },
    ),
    want: { toolRan: true, stop: true, decision: null, blocked: false, result: '' },
  },
  {
    name: 'updatedInput rewrites the command',
    event: 'PreToolUse',
    given: one('PreToolUse', pre({ permissionDecision: 'allow', updatedInput: { command: MARK, description: 'rewritten' } }), {
      matcher: 'Bash',
      turns: [bash('echo original')],
    }),
    want: { toolRan: true, decision: 'allow', updatedInput: { command: MARK, description: 'rewritten' } },
  },
  {
    name: 'a matcher that does not match leaves the hook out',
    event: 'PreToolUse',
    given: one('PreToolUse', { exit: 2, stderr: 'no' }, { matcher: 'Write' }),
    want: { toolRan: true, calls: { g: 0 } },
  },
  {
    name: 'exit 1 is a non-blocking error: the tool runs',
    event: 'PreToolUse',
    given: one('PreToolUse', { exit: 1, stderr: 'oops' }, { matcher: 'Bash' }),
    want: { toolRan: true, decision: null, blocked: false },
  },
  {
    name: 'additionalContext on PreToolUse reaches the model',
    event: 'PreToolUse',
    given: one('PreToolUse', pre({ additionalContext: 'pre ctx' }), { matcher: 'Bash' }),
    want: { toolRan: true, feedback: ['PreToolUse:Bash hook additional context: pre ctx'] },
  },
];

const post = (fields: object) => ({ stdout: hso('PostToolUse', fields) });

const postToolUse: Case[] = [
  {
    name: 'PostToolUse decision block: the reason as a blocking error after the result',
    event: 'PostToolUse',
    given: one('PostToolUse', { stdout: { decision: 'block', reason: 'bad output' } }, { matcher: 'Bash' }),
    want: { toolRan: true, blocked: true, feedback: [`PostToolUse:Bash hook blocking error from command: "${CMD}": bad output`] },
  },
  {
    name: 'PostToolUse exit 2: stderr as a blocking error',
    event: 'PostToolUse',
    given: one('PostToolUse', { exit: 2, stderr: 'post err' }, { matcher: 'Bash' }),
    want: { toolRan: true, blocked: true, feedback: [`PostToolUse:Bash hook blocking error from command: "${CMD}": [${CMD}]: post err`] },
  },
  {
    name: 'PostToolUse additionalContext',
    event: 'PostToolUse',
    given: one('PostToolUse', post({ additionalContext: 'ctx here' }), { matcher: 'Bash' }),
    want: { toolRan: true, blocked: false, feedback: ['PostToolUse:Bash hook additional context: ctx here'] },
  },
  {
    name: 'Bash updatedToolOutput as a plain string is ignored',
    event: 'PostToolUse',
    given: one('PostToolUse', post({ updatedToolOutput: 'REWRITTEN' }), { matcher: 'Bash', turns: [bash('echo hi')] }),
    want: { toolResult: { text: 'hi', isError: false }, updatedToolOutput: null },
  },
  {
    name: 'Bash updatedToolOutput in the tool result shape is applied',
    event: 'PostToolUse',
    given: one('PostToolUse', post({ updatedToolOutput: { stdout: 'REWRITTEN', stderr: '', interrupted: false, isImage: false } }), {
      matcher: 'Bash',
      turns: [bash('echo hi')],
    }),
    want: {
      toolResult: { text: 'REWRITTEN', isError: false },
      updatedToolOutput: { stdout: 'REWRITTEN', stderr: '', interrupted: false, isImage: false },
    },
  },
  {
    name: 'PostToolUseFailure fires for a failing command and its context reaches the model',
    event: 'PostToolUseFailure',
    given: one('PostToolUseFailure', { stdout: hso('PostToolUseFailure', { additionalContext: 'fail ctx' }) }, { turns: [bash('false')] }),
    want: { calls: { g: 1 }, feedback: ['PostToolUseFailure:Bash hook additional context: fail ctx'] },
  },
];

const prompt = (fields: object) => ({ stdout: hso('UserPromptSubmit', fields) });

const userPrompt: Case[] = [
  {
    name: 'UserPromptSubmit additionalContext',
    event: 'UserPromptSubmit',
    given: one('UserPromptSubmit', prompt({ additionalContext: 'ups ctx' }), { turns: [] }),
    want: { feedback: ['UserPromptSubmit hook additional context: ups ctx'] },
  },
  {
    name: 'UserPromptSubmit plain stdout is context, as "hook success"',
    event: 'UserPromptSubmit',
    given: one('UserPromptSubmit', { stdout: 'plain ups text' }, { turns: [] }),
    want: { feedback: ['UserPromptSubmit hook success: plain ups text'] },
  },
  {
    name: 'UserPromptSubmit block: no model call, the reason and the prompt as the result',
    event: 'UserPromptSubmit',
    given: one('UserPromptSubmit', { stdout: { decision: 'block', reason: 'prompt refused' } }, { turns: [] }),
    want: { blocked: true, result: 'UserPromptSubmit operation blocked by hook:\nprompt refused\n\nOriginal prompt: Do the task.' },
  },
];

const stopHook = (fields: object) => ({ stdout: fields, once: true });

const stop: Case[] = [
  {
    name: 'Stop block with a reason: Claude continues with the feedback',
    event: 'Stop',
    given: one('Stop', stopHook({ decision: 'block', reason: 'not yet' }), { turns: [] }),
    want: {
      continues: true,
      blocked: true,
      calls: { g: 2 },
      feedback: ['Stop hook feedback:\nnot yet', `Stop hook blocking error from command: "${CMD}": not yet`],
    },
  },
  {
    name: 'Stop block without a reason continues with "Blocked by hook"',
    event: 'Stop',
    given: one('Stop', stopHook({ decision: 'block' }), { turns: [] }),
    want: {
      continues: true,
      blocked: true,
      feedback: ['Stop hook feedback:\nBlocked by hook', `Stop hook blocking error from command: "${CMD}": Blocked by hook`],
    },
  },
  {
    name: 'Stop additionalContext makes Claude continue',
    event: 'Stop',
    given: one('Stop', stopHook(hso('Stop', { additionalContext: 'keep going' })), { turns: [] }),
    want: { continues: true, feedback: ['Stop hook additional context: keep going'] },
  },
  {
    name: 'Stop exit 2 continues with stderr',
    event: 'Stop',
    given: one('Stop', { exit: 2, stderr: 'run the tests', once: true }, { turns: [] }),
    want: { continues: true, blocked: true, feedback: [`Stop hook feedback:\n[${CMD}]: run the tests`] },
  },
  {
    name: 'Stop exit 0 without output ends the session',
    event: 'Stop',
    given: one('Stop', {}, { turns: [] }),
    want: { continues: false, blocked: false, calls: { g: 1 }, result: 'All done.' },
  },
];

const perm = (decision: object, sleep?: number): HookBehaviour => ({
  stdout: hso('PermissionRequest', { decision }),
  ...(sleep === undefined ? {} : { sleep }),
});
/** PermissionRequest hooks: Claude asks them only when it would ask the user, so no --dangerously-skip-permissions. */
const permCase = (hooks: Record<string, HookBehaviour>): AgentCase => ({
  skipPermissions: false,
  hooks,
  files: project(table('PermissionRequest', Object.keys(hooks))),
  script: script(bash(MARK)),
});

const permissionRequest: Case[] = [
  {
    name: 'the first hook to answer decides: a fast allow beats a slow deny',
    event: 'PermissionRequest',
    hookctl: { rewriteOrder: 'completion' },
    given: permCase({ a: perm({ behavior: 'allow' }), d: perm({ behavior: 'deny', message: 'slow deny' }, 2) }),
    want: { toolRan: true, decision: 'allow', blocked: false, calls: { a: 1, d: 1 } },
  },
  {
    name: 'the first hook to answer decides: a fast deny beats a slow allow',
    event: 'PermissionRequest',
    hookctl: { rewriteOrder: 'completion' },
    given: permCase({ a: perm({ behavior: 'allow' }, 2), d: perm({ behavior: 'deny', message: 'fast deny' }) }),
    want: { toolRan: false, decision: 'deny', blocked: true, toolResult: { text: 'fast deny', isError: true } },
  },
  {
    name: 'a deny message is the tool result',
    event: 'PermissionRequest',
    given: permCase({ g: perm({ behavior: 'deny', message: 'not this one' }) }),
    want: { toolRan: false, decision: 'deny', toolResult: { text: 'not this one', isError: true } },
  },
  {
    name: 'allow lets a command run that -p mode would refuse',
    event: 'PermissionRequest',
    given: permCase({ g: perm({ behavior: 'allow' }) }),
    want: { toolRan: true, decision: 'allow' },
  },
  {
    name: 'allow with updatedInput runs the rewritten command',
    event: 'PermissionRequest',
    // A command that writes: a read-only one Claude allows by itself, without asking.
    given: {
      ...permCase({ g: perm({ behavior: 'allow', updatedInput: { command: MARK, description: 'x' } }) }),
      script: script(bash('echo orig > $ROOT/orig.txt')),
    },
    want: { toolRan: true, decision: 'allow', updatedInput: { command: MARK, description: 'x' } },
  },
  {
    name: 'not asked under --dangerously-skip-permissions',
    event: 'PermissionRequest',
    given: { ...permCase({ g: perm({ behavior: 'deny', message: 'no' }) }), skipPermissions: true },
    want: { toolRan: true, calls: { g: 0 }, fires: false },
  },
];

const guard = { exit: 2, stderr: 'guarded' };
const guardText = `PreToolUse:Bash hook error: [${CMD}]: guarded`;
const guarded = (files: Record<string, unknown>, extra: Partial<AgentCase> = {}): AgentCase => ({
  hooks: { g: guard },
  files,
  script: script(bash(MARK)),
  ...extra,
});
const guardTable = table('PreToolUse', ['g'], 'Bash');

const layers: Case[] = [
  {
    name: 'user settings ($CLAUDE_CONFIG_DIR/settings.json)',
    event: 'PreToolUse',
    given: guarded({ 'config/settings.json': { hooks: guardTable } }),
    want: { toolRan: false, decision: 'deny', feedback: [guardText] },
  },
  {
    name: 'local project settings (.claude/settings.local.json)',
    event: 'PreToolUse',
    given: guarded({ 'project/.claude/settings.local.json': { hooks: guardTable } }),
    want: { toolRan: false, decision: 'deny', feedback: [guardText] },
  },
  {
    name: '--settings file',
    event: 'PreToolUse',
    hookctl: { settingsFlag: '$ROOT/flag.json' },
    given: guarded({ 'flag.json': { hooks: guardTable } }, { args: ['--settings', '$ROOT/flag.json'] }),
    want: { toolRan: false, decision: 'deny', feedback: [guardText] },
  },
  {
    name: '--settings inline JSON',
    event: 'PreToolUse',
    hookctl: { settingsFlag: JSON.stringify({ hooks: guardTable }) },
    given: guarded({}, { args: ['--settings', JSON.stringify({ hooks: guardTable })] }),
    want: { toolRan: false, decision: 'deny', feedback: [guardText] },
  },
  {
    name: '--plugin-dir plugin hooks/hooks.json',
    event: 'PreToolUse',
    hookctl: { pluginDirs: ['$ROOT/plugin'] },
    given: guarded(
      { 'plugin/.claude-plugin/plugin.json': { name: 'guard-plugin', version: '1.0.0' }, 'plugin/hooks/hooks.json': { hooks: guardTable } },
      { args: ['--plugin-dir', '$ROOT/plugin'] },
    ),
    want: { toolRan: false, decision: 'deny', feedback: [guardText] },
  },
  {
    name: 'the same command in project and user settings runs once',
    event: 'PreToolUse',
    given: {
      hooks: { g: {} },
      files: { ...project(table('PreToolUse', ['g'], 'Bash')), 'config/settings.json': { hooks: table('PreToolUse', ['g'], 'Bash') } },
      script: script(bash(MARK)),
    },
    want: { toolRan: true, calls: { g: 1 } },
  },
  {
    name: 'disableAllHooks in project settings also turns off --settings hooks',
    event: 'PreToolUse',
    hookctl: { settingsFlag: '$ROOT/flag.json' },
    given: guarded(
      { 'project/.claude/settings.json': { disableAllHooks: true }, 'flag.json': { hooks: guardTable } },
      {
        args: ['--settings', '$ROOT/flag.json'],
      },
    ),
    want: { toolRan: true, calls: { g: 0 }, decision: null, blocked: false },
  },
  {
    name: 'disableAllHooks in --settings turns off project hooks',
    event: 'PreToolUse',
    hookctl: { settingsFlag: JSON.stringify({ disableAllHooks: true }) },
    given: guarded(
      { 'project/.claude/settings.json': { hooks: guardTable } },
      { args: ['--settings', JSON.stringify({ disableAllHooks: true })] },
    ),
    want: { toolRan: true, calls: { g: 0 }, decision: null, blocked: false },
  },
  {
    name: 'disableAllHooks in local settings turns off user hooks',
    event: 'PreToolUse',
    given: guarded({ 'project/.claude/settings.local.json': { disableAllHooks: true }, 'config/settings.json': { hooks: guardTable } }),
    want: { toolRan: true, calls: { g: 0 }, decision: null },
  },
];

/** What Claude prints when it will not start for its managed policy. */
const UNREADABLE_POLICY = 'Unable to read managed policy settings';
const managedGuard = { matcher: 'Bash', hooks: [handler('m')] };
const brokenGuardEntry = { matcher: 'Bash', hooks: [{ type: 'command' }] };

/** Managed policy at /etc/claude-code, shown to Claude through an overlay (harness.ts, `managed`). */
const managed: Case[] = [
  {
    name: 'managed settings (/etc/claude-code/managed-settings.json)',
    event: 'PreToolUse',
    given: guarded({}, { managed: { 'managed-settings.json': { hooks: guardTable } } }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 }, feedback: [guardText] },
  },
  {
    name: 'a managed-settings.d drop-in',
    event: 'PreToolUse',
    given: guarded({}, { managed: { 'managed-settings.json': {}, 'managed-settings.d/10-guard.json': { hooks: guardTable } } }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 }, feedback: [guardText] },
  },
  {
    name: 'disableAllHooks in project settings leaves managed hooks running',
    event: 'PreToolUse',
    given: guarded(project({}, { disableAllHooks: true }), { managed: { 'managed-settings.json': { hooks: guardTable } } }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  {
    name: 'allowManagedHooksOnly: the project guard does not run, the managed hook does',
    event: 'PreToolUse',
    given: {
      hooks: { g: guard, m: {} },
      files: project(guardTable),
      managed: { 'managed-settings.json': { allowManagedHooksOnly: true, hooks: table('PreToolUse', ['m'], 'Bash') } },
      script: script(bash(MARK)),
    },
    want: { toolRan: true, decision: null, calls: { g: 0, m: 1 } },
  },
  {
    name: 'disableAllHooks in managed settings turns off every hook',
    event: 'PreToolUse',
    given: guarded(project(guardTable), { managed: { 'managed-settings.json': { disableAllHooks: true } } }),
    want: { toolRan: true, decision: null, calls: { g: 0 } },
  },
];

/**
 * Server-managed settings (issue 36 item 6): the copy Claude Code caches in its config directory
 * (`$CLAUDE_CONFIG_DIR/remote-settings.json`). The binary reads it only where the session is
 * eligible for server-managed settings; an ANTHROPIC_BASE_URL that is not the Anthropic API (the
 * scripted model's loopback URL here) is not, so Claude ignores the cached copy, and so must hookctl.
 */
const remote: Case[] = [
  {
    name: 'allowManagedHooksOnly in a cached remote-settings.json under a custom ANTHROPIC_BASE_URL: ignored, the guard runs',
    event: 'PreToolUse',
    given: guarded({ ...project(guardTable), 'config/remote-settings.json': { allowManagedHooksOnly: true } }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  {
    name: 'a hook in a cached remote-settings.json under a custom ANTHROPIC_BASE_URL does not run',
    event: 'PreToolUse',
    given: guarded({ 'config/remote-settings.json': { hooks: guardTable } }),
    want: { toolRan: true, decision: null, calls: { g: 0 } },
  },
  // The eligible path: a first-party session (the model served as https://api.anthropic.com, the
  // settings server unavailable), where Claude applies its cached copy as managed policy.
  {
    name: 'first-party session: allowManagedHooksOnly in the cached remote-settings.json keeps the project guard from running',
    event: 'PreToolUse',
    given: guarded({ ...project(guardTable), 'config/remote-settings.json': { allowManagedHooksOnly: true } }, { firstParty: true }),
    want: { toolRan: true, decision: null, calls: { g: 0 } },
  },
  {
    name: "first-party session: the cached remote-settings.json's hook runs as a managed hook",
    event: 'PreToolUse',
    given: guarded({ 'config/remote-settings.json': { hooks: guardTable } }, { firstParty: true }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 }, feedback: [guardText] },
  },
  {
    name: 'first-party session: first wins: the cached copy holds policy, so managed-settings.json and its guard are not read',
    event: 'PreToolUse',
    given: {
      hooks: { m: guard, r: {} },
      files: { 'config/remote-settings.json': { hooks: table('PreToolUse', ['r'], 'Bash') } },
      managed: { 'managed-settings.json': { hooks: { PreToolUse: [managedGuard] } } },
      firstParty: true,
      script: script(bash(MARK)),
    },
    want: { toolRan: true, decision: null, calls: { m: 0, r: 1 } },
  },
  {
    name: 'first-party session: "managedSourcesBehavior": "merge" in the cached copy keeps managed-settings.json: its guard runs too',
    event: 'PreToolUse',
    given: {
      hooks: { m: guard, r: {} },
      files: { 'config/remote-settings.json': { managedSourcesBehavior: 'merge', hooks: table('PreToolUse', ['r'], 'Bash') } },
      managed: { 'managed-settings.json': { hooks: { PreToolUse: [managedGuard] } } },
      firstParty: true,
      script: script(bash(MARK)),
    },
    want: { toolRan: false, decision: 'deny', calls: { m: 1, r: 1 } },
  },
  {
    name: 'a remote-settings.json in the project .claude directory is not read',
    event: 'PreToolUse',
    given: guarded({ ...project(guardTable), 'project/.claude/remote-settings.json': { allowManagedHooksOnly: true } }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
];

/** A Stop hook `s` beside the broken entry: Stop fires once at the end of every `-p` session. */
const stopSibling = (extra: object = {}) => ({ ...handler('s'), ...extra });
const stopRan = (runs: boolean): Want => ({ calls: { s: runs ? 1 : 0 } });

/**
 * Broken entries (issue 36, item 5), each proven on the pinned binary. Claude Code repairs a
 * settings file entry by entry, except where the entry is on a guard event (PreToolUse,
 * PermissionRequest, PreSkillShellCommand): a guard it cannot load skips the whole file (every hook
 * of it, its settings too). A settings value of the wrong type skips the file as well.
 */
/**
 * Broken entries in managed settings: Claude repairs a managed file value by value; a guard entry it
 * cannot load turns off every hook of that file, and with no managed policy left Claude refuses to
 * start (src/dialects/claude/managed-policy.ts).
 */
const brokenManaged: Case[] = [
  {
    name: 'managed: a Stop handler without "command" is dropped alone; the managed guard runs',
    event: 'PreToolUse',
    given: guarded({}, { managed: { 'managed-settings.json': { hooks: { ...guardTable, Stop: [{ hooks: [{ type: 'command' }] }] } } } }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  {
    // Claude exits before the session: "Unable to read managed policy settings … nothing it sits in
    // is applied until the entry is fixed or removed" (fail closed). hookctl's load refuses too.
    name: 'managed: a broken PreToolUse entry beside a managed guard: Claude refuses to start',
    event: 'PreToolUse',
    given: guarded(
      {},
      {
        managed: {
          'managed-settings.json': {
            hooks: { PreToolUse: [...(guardTable.PreToolUse ?? []), { matcher: 'Bash', hooks: [{ type: 'command' }] }] },
          },
        },
      },
    ),
    want: { fires: false, toolRan: false, calls: { g: 0 }, refusesStart: UNREADABLE_POLICY },
  },
  {
    name: "managed: a broken PreToolUse entry keeps the managed file's settings: its allowManagedHooksOnly holds",
    event: 'PreToolUse',
    given: guarded(project(guardTable), {
      managed: {
        'managed-settings.json': {
          allowManagedHooksOnly: true,
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' }] }] },
        },
      },
    }),
    want: { toolRan: true, decision: null, calls: { g: 0 } },
  },
  ...managedRefusals(),
  {
    name: 'managed: allowManagedHooksOnly beside a broken PreToolUse entry: no hook of that file runs, its working guard included',
    event: 'PreToolUse',
    given: {
      hooks: { g: guard, m: guard },
      files: project(guardTable),
      managed: { 'managed-settings.json': { allowManagedHooksOnly: true, hooks: { PreToolUse: [managedGuard, brokenGuardEntry] } } },
      script: script(bash(MARK)),
    },
    want: { toolRan: true, decision: null, calls: { g: 0, m: 0 }, printed: ['PreToolUse/PermissionRequest hooks that are NOT loaded'] },
  },
  {
    name: "managed: another setting beside a broken PreToolUse entry: Claude starts, the file's guard is off, the project guard runs",
    event: 'PreToolUse',
    given: {
      hooks: { g: guard, m: guard },
      files: project(guardTable),
      managed: { 'managed-settings.json': { cleanupPeriodDays: 30, hooks: { PreToolUse: [managedGuard, brokenGuardEntry] } } },
      script: script(bash(MARK)),
    },
    want: { toolRan: false, decision: 'deny', calls: { g: 1, m: 0 }, feedback: [guardText] },
  },
  {
    name: 'managed: a drop-in with only a broken PreToolUse entry: managed-settings.json still holds policy, its guard runs',
    event: 'PreToolUse',
    given: {
      hooks: { m: guard },
      managed: {
        'managed-settings.json': { hooks: { PreToolUse: [managedGuard] } },
        'managed-settings.d/10-broken.json': { hooks: { PreToolUse: [brokenGuardEntry] } },
      },
      script: script(bash(MARK)),
    },
    want: { toolRan: false, decision: 'deny', calls: { m: 1 }, printed: ['policies from the failed source are NOT in effect'] },
  },
];

/** Shapes of a managed file with nothing but hooks that Claude refuses to start with (each one proven). */
function managedRefusals(): Case[] {
  const shapes: readonly (readonly [string, Record<string, unknown>])[] = [
    ['PreToolUse that is not a list', { 'managed-settings.json': { hooks: { PreToolUse: managedGuard } } }],
    ['"hooks" a list holding an object', { 'managed-settings.json': { hooks: [{ PreToolUse: [managedGuard] }] } }],
    ['"hooks" a single matcher group', { 'managed-settings.json': { hooks: managedGuard } }],
    [
      'only an empty "env" beside a broken PreToolUse entry',
      { 'managed-settings.json': { env: {}, hooks: { PreToolUse: [managedGuard, brokenGuardEntry] } } },
    ],
    [
      'a managed-settings.json that is not JSON, even beside a drop-in guard',
      { 'managed-settings.json': '{ "hooks": ', 'managed-settings.d/10-guard.json': { hooks: { PreToolUse: [managedGuard] } } },
    ],
  ];
  return shapes.map(([shape, managed]) => ({
    name: `managed: ${shape}: Claude refuses to start`,
    event: 'PreToolUse',
    given: { hooks: { m: guard }, managed, script: script(bash(MARK)) },
    want: {
      fires: false,
      toolRan: false,
      calls: { m: 0 },
      refusesStart: shape.includes('not JSON') ? 'could not be parsed as a JSON object' : UNREADABLE_POLICY,
    },
  }));
}

const broken: Case[] = [
  {
    name: 'a Stop entry without "command" leaves the same file\'s PreToolUse guard running',
    event: 'PreToolUse',
    given: guarded(project({ ...guardTable, Stop: [{ hooks: [{ type: 'command' }] }] })),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 }, feedback: [guardText] },
  },
  {
    name: 'a PreToolUse entry without "command" drops the file\'s other PreToolUse hooks',
    event: 'PreToolUse',
    given: guarded(project({ PreToolUse: [...(guardTable.PreToolUse ?? []), { matcher: 'Bash', hooks: [{ type: 'command' }] }] })),
    want: { toolRan: true, calls: { g: 0 }, decision: null },
  },
  {
    name: 'a settings file that is not JSON loses its hooks; other files still run',
    event: 'PreToolUse',
    given: {
      hooks: { g: guard, w: {} },
      files: { 'project/.claude/settings.json': '{ "hooks": ', 'config/settings.json': { hooks: table('PreToolUse', ['w'], 'Bash') } },
      script: script(bash(MARK)),
    },
    want: { toolRan: true, calls: { g: 0, w: 1 }, decision: null },
  },
  ...(
    [
      ['an object matcher', [{ matcher: { tool: 'x' }, hooks: [{ type: 'command', command: 'true' }] }]],
      ['a string timeout', [{ hooks: [{ type: 'command', command: 'true', timeout: '5' }] }]],
      ['a group without hooks', [{ matcher: '' }]],
      ['an unknown handler type', [{ hooks: [{ type: 'script', command: 'true' }] }]],
      ['a blank command', [{ hooks: [{ type: 'command', command: '' }] }]],
      ['an object instead of a list', { hooks: [{ type: 'command', command: 'true' }] }],
    ] as const
  ).map(
    ([shape, stop]): Case => ({
      name: `a Stop entry with ${shape} leaves the same file's PreToolUse guard running`,
      event: 'PreToolUse',
      given: guarded(project({ ...guardTable, Stop: stop })),
      want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
    }),
  ),
  // A broken handler of a non-guard event costs that handler only: its group's other handler runs.
  ...(
    [
      ['without "command"', { type: 'command' }],
      ['without "url"', { type: 'http' }],
      ['of an unknown type', { type: 'script', command: 'true' }],
      ['without "type"', { command: 'true' }],
      ['with a string timeout', { type: 'command', command: 'true', timeout: '5' }],
      ['with a zero timeout', { type: 'command', command: 'true', timeout: 0 }],
      ['with a string "async"', { type: 'command', command: 'true', async: 'yes' }],
      ['with a number "statusMessage"', { type: 'command', command: 'true', statusMessage: 5 }],
      ['with an unknown "shell"', { type: 'command', command: 'true', shell: 'fish' }],
      ['that is a string', 'true'],
    ] as const
  ).map(
    ([shape, bad]): Case => ({
      name: `a Stop handler ${shape} is dropped alone: the next handler of its group runs`,
      event: 'Stop',
      given: { hooks: { s: {} }, files: project({ Stop: [{ hooks: [bad, stopSibling()] }] }), script: script(bash(MARK)) },
      want: stopRan(true),
    }),
  ),
  // A broken matcher group of a non-guard event costs that group only.
  ...(
    [
      ['an object matcher', { matcher: { tool: 'x' }, hooks: [{ type: 'command', command: 'true' }] }],
      ['no "hooks"', { matcher: '' }],
      ['"hooks" that is not a list', { hooks: { type: 'command', command: 'true' } }],
      ['a string in place of the group', 'true'],
    ] as const
  ).map(
    ([shape, bad]): Case => ({
      name: `a Stop group with ${shape} is dropped alone: the next group runs`,
      event: 'Stop',
      given: { hooks: { s: {} }, files: project({ Stop: [bad, { hooks: [stopSibling()] }] }), script: script(bash(MARK)) },
      want: stopRan(true),
    }),
  ),
  {
    name: 'a blank PreToolUse command loads: the guard beside it still runs',
    event: 'PreToolUse',
    given: guarded(
      project({ PreToolUse: [...(guardTable.PreToolUse ?? []), { matcher: 'Bash', hooks: [{ type: 'command', command: '' }] }] }),
    ),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  // A guard-event entry Claude cannot load skips the whole file: its Stop hook does not run either.
  ...(
    [
      ['a handler without "command"', { matcher: 'Bash', hooks: [{ type: 'command' }] }],
      ['an object matcher', { matcher: { tool: 'x' }, hooks: [{ type: 'command', command: 'true' }] }],
      ['a string timeout', { matcher: 'Bash', hooks: [{ type: 'command', command: 'true', timeout: '5' }] }],
      ['a group without hooks', { matcher: 'Bash' }],
    ] as const
  ).map(
    ([shape, entry]): Case => ({
      name: `a PreToolUse entry with ${shape} skips the file: its Stop hook does not run`,
      event: 'Stop',
      given: { hooks: { s: {} }, files: project({ PreToolUse: [entry], Stop: [{ hooks: [stopSibling()] }] }), script: script(bash(MARK)) },
      want: stopRan(false),
    }),
  ),
  {
    name: 'a broken PreToolUse entry in project settings leaves the user settings guard running',
    event: 'PreToolUse',
    given: {
      hooks: { g: guard },
      files: {
        ...project({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' }] }] }),
        'config/settings.json': { hooks: guardTable },
      },
      script: script(bash(MARK)),
    },
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  {
    name: "a broken PreToolUse entry skips the file's disableAllHooks too: the user settings guard runs",
    event: 'PreToolUse',
    given: {
      hooks: { g: guard },
      files: {
        ...project({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' }] }] }, { disableAllHooks: true }),
        'config/settings.json': { hooks: guardTable },
      },
      script: script(bash(MARK)),
    },
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  ...(
    [
      ['an object matcher', { matcher: { tool: 'x' }, hooks: [{ type: 'command', command: 'true' }] }],
      ['a string timeout', { matcher: 'Bash', hooks: [{ type: 'command', command: 'true', timeout: '5' }] }],
    ] as const
  ).map(
    ([shape, entry]): Case => ({
      name: `a PreToolUse entry with ${shape} drops the file's other PreToolUse hooks`,
      event: 'PreToolUse',
      given: guarded(project({ PreToolUse: [...(guardTable.PreToolUse ?? []), entry] })),
      want: { toolRan: true, calls: { g: 0 }, decision: null },
    }),
  ),
  // A hook-gating setting of the wrong type.
  {
    name: 'disableAllHooks: "no" skips the file: its guard does not run',
    event: 'PreToolUse',
    given: guarded(project(guardTable, { disableAllHooks: 'no' })),
    want: { toolRan: true, calls: { g: 0 }, decision: null },
  },
  {
    name: 'disableAllHooks: "yes" in project settings: the user settings guard still runs',
    event: 'PreToolUse',
    given: guarded({ ...project({}, { disableAllHooks: 'yes' }), 'config/settings.json': { hooks: guardTable } }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  {
    name: 'allowedHttpHookUrls that is not a list skips the file: its guard does not run',
    event: 'PreToolUse',
    given: guarded(project(guardTable, { allowedHttpHookUrls: 'http://127.0.0.1:*' })),
    want: { toolRan: true, calls: { g: 0 }, decision: null },
  },
  {
    name: '"hooks" that is a string: the file\'s hooks are dropped, its settings stay',
    event: 'PreToolUse',
    given: {
      hooks: { g: guard },
      files: { ...project('none' as unknown as object, { disableAllHooks: true }), 'config/settings.json': { hooks: guardTable } },
      script: script(bash(MARK)),
    },
    want: { toolRan: true, calls: { g: 0 }, decision: null },
  },
  {
    name: '"hooks" a list of strings: the file\'s hooks are dropped, its disableAllHooks applies',
    event: 'PreToolUse',
    given: {
      hooks: { g: guard },
      files: { ...project(['x'] as unknown as object, { disableAllHooks: true }), 'config/settings.json': { hooks: guardTable } },
      script: script(bash(MARK)),
    },
    want: { toolRan: true, calls: { g: 0 }, decision: null },
  },
  {
    name: '"hooks" a list holding an object skips the whole file: its disableAllHooks does not apply, the user guard runs',
    event: 'PreToolUse',
    given: {
      hooks: { g: guard },
      files: { ...project([{ Stop: [] }] as unknown as object, { disableAllHooks: true }), 'config/settings.json': { hooks: guardTable } },
      script: script(bash(MARK)),
    },
    want: { toolRan: false, calls: { g: 1 }, decision: 'deny', feedback: [guardText] },
  },
  {
    name: '"onFailure": "fail" (not continue or block) is rejected: on PreToolUse the file is skipped, its guard does not run',
    event: 'PreToolUse',
    given: guarded(project(table('PreToolUse', ['g'], 'Bash', { onFailure: 'fail' }))),
    want: { toolRan: true, calls: { g: 0 }, decision: null },
  },
  {
    name: 'a prompt hook with a blank "prompt" loads: the PreToolUse guard of its file runs',
    event: 'PreToolUse',
    given: guarded(
      project({ PreToolUse: [...(guardTable.PreToolUse ?? []), { matcher: 'Write', hooks: [{ type: 'prompt', prompt: '' }] }] }),
    ),
    want: { toolRan: false, calls: { g: 1 }, decision: 'deny', feedback: [guardText] },
  },
  {
    name: '"hooks" set twice: the last value is used and the file loads',
    event: 'PreToolUse',
    given: guarded({ 'project/.claude/settings.json': `{ "hooks": {}, "hooks": ${JSON.stringify(guardTable)} }` }),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  {
    name: 'an unknown event is skipped; the rest of the file runs',
    event: 'PreToolUse',
    given: guarded(project({ ...guardTable, NoSuchEvent: [{ hooks: [{ type: 'command', command: 'true' }] }] })),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
];

const matchers: Case[] = [
  ...(
    [
      ['Bash|Write', true],
      ['Ba.*', true],
      ['*', true],
      ['', true],
      ['bash', false],
      ['Write', false],
    ] as const
  ).map(
    ([matcher, runs]): Case => ({
      name: `matcher ${JSON.stringify(matcher)} ${runs ? 'selects' : 'does not select'} Bash`,
      event: 'PreToolUse',
      given: { ...guarded(project(table('PreToolUse', ['g'], matcher))) },
      want: runs ? { toolRan: false, decision: 'deny', calls: { g: 1 } } : { toolRan: true, decision: null, calls: { g: 0 } },
    }),
  ),
  {
    name: '"if": "Bash(rm *)" leaves out an echo',
    event: 'PreToolUse',
    given: guarded(project(table('PreToolUse', ['g'], 'Bash', { if: 'Bash(rm *)' }))),
    want: { toolRan: true, calls: { g: 0 }, decision: null },
  },
  {
    name: '"if": "Bash(echo *)" selects the echo',
    event: 'PreToolUse',
    given: guarded(project(table('PreToolUse', ['g'], 'Bash', { if: 'Bash(echo *)' }))),
    want: { toolRan: false, calls: { g: 1 }, decision: 'deny' },
  },
];

const handlers: Case[] = [
  {
    name: 'a hook past its timeout is a non-blocking error; the tool runs',
    event: 'PreToolUse',
    given: guarded(project(table('PreToolUse', ['g'], 'Bash', { timeout: 1 })), { hooks: { g: { sleep: 4, exit: 2, stderr: 'late' } } }),
    want: { toolRan: true, calls: { g: 1 } },
  },
  {
    name: 'an async hook cannot block',
    event: 'PreToolUse',
    given: guarded(project(table('PreToolUse', ['g'], 'Bash', { async: true }))),
    want: { toolRan: true, calls: { g: 1 }, decision: null, blocked: false },
  },
  {
    name: 'exec form (command + args) runs without a shell and blocks',
    event: 'PreToolUse',
    given: guarded(project({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh', args: ['$ROOT/hooks/g.sh'] }] }] })),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  {
    name: 'an http hook that denies',
    event: 'PreToolUse',
    given: {
      hookServer: {
        port: 18765,
        routes: { '/deny': { body: hso('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'http says no' }) } },
      },
      files: project({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url: 'http://127.0.0.1:18765/deny' }] }] }),
      script: script(bash(MARK)),
      hooks: { w: {} },
    },
    want: { toolRan: false, toolResult: { text: 'PreToolUse:Bash hook error: http says no', isError: true } },
  },
  {
    name: 'two hooks on one event both run; a deny wins over an allow',
    event: 'PreToolUse',
    given: {
      hooks: { a: pre({ permissionDecision: 'allow' }), g: pre({ permissionDecision: 'deny', permissionDecisionReason: 'no' }) },
      files: project(table('PreToolUse', ['a', 'g'], 'Bash')),
      script: script(bash(MARK)),
    },
    want: { toolRan: false, decision: 'deny', calls: { a: 1, g: 1 }, feedback: ['PreToolUse:Bash hook error: no'] },
  },
];

const lifecycle: Case[] = [
  {
    name: 'SessionStart additionalContext',
    event: 'SessionStart',
    given: one('SessionStart', { stdout: hso('SessionStart', { additionalContext: 'ss ctx' }) }, { turns: [] }),
    want: { calls: { g: 1 }, feedback: ['SessionStart hook additional context: ss ctx'] },
  },
  {
    // Whether the model sees it races with the first model request in -p mode (seen in one run of
    // the suite, missing in another): only the run and hookctl's documented reading are checked.
    name: 'SessionStart plain stdout runs; hookctl reads it as context, as documented',
    event: 'SessionStart',
    given: one('SessionStart', { stdout: 'ss plain' }, { turns: [] }),
    want: { calls: { g: 1 }, additionalContext: 'ss plain' },
  },
  {
    name: 'SessionEnd runs once at the end',
    event: 'SessionEnd',
    given: one('SessionEnd', {}, { turns: [] }),
    want: { calls: { g: 1 } },
  },
  {
    name: 'CwdChanged fires when a command changes directory',
    event: 'CwdChanged',
    given: one('CwdChanged', {}, { turns: [bash('cd /tmp && true')] }),
    want: { calls: { g: 1 } },
  },
  {
    name: 'InstructionsLoaded fires for CLAUDE.md',
    event: 'InstructionsLoaded',
    given: {
      ...one('InstructionsLoaded', {}, { turns: [] }),
      files: { ...project(table('InstructionsLoaded', ['g'])), 'project/CLAUDE.md': 'Be brief.' },
    },
    want: { calls: { g: 1 } },
  },
  {
    name: 'MessageDisplay fires for the final text',
    event: 'MessageDisplay',
    given: one('MessageDisplay', {}, { turns: [] }),
    want: { calls: { g: 1 } },
  },
  {
    name: 'PostToolBatch fires after each batch',
    event: 'PostToolBatch',
    given: one('PostToolBatch', {}, { turns: [bash('echo a'), bash('echo b')] }),
    want: { calls: { g: 2 } },
  },
  {
    name: 'SubagentStart and SubagentStop fire for a Task',
    event: 'SubagentStart',
    given: {
      hooks: { g: {}, s: {} },
      files: project({ ...table('SubagentStart', ['g']), ...table('SubagentStop', ['s']) }),
      script: {
        conversations: [
          { when: 'SUBTASK', turns: [{ text: 'sub done' }] },
          {
            turns: [
              { tools: [{ name: 'Task', input: { description: 'sub', prompt: 'SUBTASK', subagent_type: 'general-purpose' } }] },
              { text: 'All done.' },
            ],
          },
        ],
      },
    },
    want: { calls: { g: 1, s: 1 } },
  },
  {
    name: 'UserPromptExpansion fires for a slash command',
    event: 'UserPromptExpansion',
    given: {
      ...one('UserPromptExpansion', {}, { turns: [] }),
      prompt: '/greet',
      files: { ...project(table('UserPromptExpansion', ['g'])), 'project/.claude/commands/greet.md': 'Say hello.' },
    },
    want: { calls: { g: 1 } },
  },
  {
    name: 'UserPromptSubmit exit 2 blocks the prompt with stderr',
    event: 'UserPromptSubmit',
    given: one('UserPromptSubmit', { exit: 2, stderr: 'no prompts today' }, { turns: [] }),
    want: { blocked: true, calls: { g: 1 } },
  },
  {
    name: 'Stop continue:false ends the session',
    event: 'Stop',
    given: one('Stop', { stdout: { continue: false, stopReason: 'enough' } }, { turns: [] }),
    want: { continues: false, stop: true, calls: { g: 1 } },
  },
];

/**
 * `onFailure` on a handler (Claude Code 2.1.295+): "block" turns a failed, timed-out or
 * non-blocking-exit run into the event's block, worded `[<command>]: <failed|timed out>; blocking
 * because onFailure is "block"` plus stderr on a new line; Stop, SubagentStop, TaskCompleted and
 * TeammateIdle ignore it.
 */
const failBlock = (extra: object = {}) => ({ matcher: 'Bash', extra: { onFailure: 'block', ...extra } });
const onFailure: Case[] = [
  {
    name: 'onFailure "block": exit 1 denies the call with the failure and stderr',
    event: 'PreToolUse',
    given: one('PreToolUse', { exit: 1, stderr: 'boom' }, failBlock()),
    want: {
      toolRan: false,
      decision: 'deny',
      blocked: true,
      feedback: [`PreToolUse:Bash hook error: [${CMD}]: failed; blocking because onFailure is "block"\nboom`],
    },
  },
  {
    name: 'onFailure "block": a timeout denies the call',
    event: 'PreToolUse',
    given: one('PreToolUse', { sleep: 4 }, failBlock({ timeout: 1 })),
    want: {
      toolRan: false,
      decision: 'deny',
      blocked: true,
      feedback: [`PreToolUse:Bash hook error: [${CMD}]: timed out; blocking because onFailure is "block"`],
    },
  },
  {
    name: 'onFailure "block": exit 2 blocks as it always does',
    event: 'PreToolUse',
    given: one('PreToolUse', { exit: 2, stderr: 'no' }, failBlock()),
    want: { toolRan: false, decision: 'deny', blocked: true, feedback: [`PreToolUse:Bash hook error: [${CMD}]: no`] },
  },
  {
    name: 'onFailure "block": exit 0 without output lets the call run',
    event: 'PreToolUse',
    given: one('PreToolUse', {}, failBlock()),
    want: { toolRan: true, decision: null, blocked: false },
  },
  {
    name: 'onFailure "continue": exit 1 lets the call run',
    event: 'PreToolUse',
    given: one('PreToolUse', { exit: 1, stderr: 'boom' }, { matcher: 'Bash', extra: { onFailure: 'continue' } }),
    want: { toolRan: true, decision: null, blocked: false, unseen: ['onFailure'] },
  },
  {
    name: 'onFailure "continue": a timeout lets the call run',
    event: 'PreToolUse',
    given: one('PreToolUse', { sleep: 4 }, { matcher: 'Bash', extra: { onFailure: 'continue', timeout: 1 } }),
    want: { toolRan: true, decision: null, blocked: false },
  },
  {
    name: 'onFailure "block": exit 1 blocks the prompt',
    event: 'UserPromptSubmit',
    given: one('UserPromptSubmit', { exit: 1, stderr: 'boom' }, { extra: { onFailure: 'block' }, turns: [] }),
    want: { blocked: true, calls: { g: 1 } },
  },
  {
    name: 'onFailure "block": exit 1 denies the permission with the failure text',
    event: 'PermissionRequest',
    given: {
      skipPermissions: false,
      hooks: { g: { exit: 1, stderr: 'boom' } },
      files: project(table('PermissionRequest', ['g'], undefined, { onFailure: 'block' })),
      script: script(bash(MARK)),
    },
    want: {
      toolRan: false,
      decision: 'deny',
      blocked: true,
      toolResult: { text: `[${CMD}]: failed; blocking because onFailure is "block"\nboom`, isError: true },
    },
  },
  {
    name: 'onFailure "block" is ignored on Stop: exit 1 ends the session',
    event: 'Stop',
    given: one('Stop', { exit: 1, stderr: 'boom' }, { extra: { onFailure: 'block' }, turns: [] }),
    want: { continues: false, blocked: false, calls: { g: 1 }, result: 'All done.' },
  },
  {
    name: 'decision "approve" with a systemMessage is a success: the session ends',
    event: 'Stop',
    given: one('Stop', { stdout: { decision: 'approve', systemMessage: 'hi' } }, { turns: [] }),
    want: { continues: false, blocked: false, calls: { g: 1 }, result: 'All done.', systemMessages: ['hi'], runStatus: 'completed' },
  },
];

/**
 * PreSkillShellCommand (Claude Code 2.1.332): a `!`…`` line of a custom command runs while the
 * command expands; a hook that denies (exit 2, deny, ask, defer, any updatedInput) keeps it from running.
 */
const skillCommand = (behaviour: HookBehaviour, extra: object = {}): AgentCase => ({
  hooks: { g: behaviour },
  prompt: '/mark',
  files: {
    ...project(table('PreSkillShellCommand', ['g'], 'Bash', extra)),
    'project/.claude/commands/mark.md': `Mark it: !\`${MARK}\`\n`,
  },
  script: script(),
});
const skillShell: Case[] = [
  {
    name: "exit 0: the skill's shell command runs",
    event: 'PreSkillShellCommand',
    given: skillCommand({}),
    want: { toolRan: true, calls: { g: 1 }, decision: null, blocked: false },
  },
  {
    name: "exit 2 keeps the skill's shell command from running",
    event: 'PreSkillShellCommand',
    given: skillCommand({ exit: 2, stderr: 'not here' }),
    want: { toolRan: false, calls: { g: 1 }, decision: 'deny', blocked: true },
  },
  {
    name: "deny keeps the skill's shell command from running",
    event: 'PreSkillShellCommand',
    given: skillCommand({ stdout: hso('PreSkillShellCommand', { permissionDecision: 'deny', permissionDecisionReason: 'no' }) }),
    want: { toolRan: false, calls: { g: 1 }, decision: 'deny', blocked: true },
  },
  {
    name: 'allow adds nothing: the command runs',
    event: 'PreSkillShellCommand',
    given: skillCommand({ stdout: hso('PreSkillShellCommand', { permissionDecision: 'allow' }) }),
    want: { toolRan: true, calls: { g: 1 }, decision: 'allow', blocked: false },
  },
  {
    name: 'ask keeps the command from running',
    event: 'PreSkillShellCommand',
    given: skillCommand({ stdout: hso('PreSkillShellCommand', { permissionDecision: 'ask' }) }),
    want: { toolRan: false, calls: { g: 1 }, decision: 'ask', blocked: true },
  },
  {
    name: 'onFailure "block": exit 1 keeps the command from running',
    event: 'PreSkillShellCommand',
    given: skillCommand({ exit: 1, stderr: 'boom' }, { onFailure: 'block' }),
    want: { toolRan: false, calls: { g: 1 }, decision: 'deny', blocked: true },
  },
  {
    name: 'exit 1 without onFailure: the command runs',
    event: 'PreSkillShellCommand',
    given: skillCommand({ exit: 1, stderr: 'boom' }),
    want: { toolRan: true, calls: { g: 1 }, decision: null, blocked: false },
  },
];

export const CASES: readonly Case[] = [
  ...skillShell,
  ...onFailure,
  ...preToolUse,
  ...postToolUse,
  ...userPrompt,
  ...stop,
  ...permissionRequest,
  ...layers,
  ...managed,
  ...remote,
  ...brokenManaged,
  ...broken,
  ...matchers,
  ...handlers,
  ...lifecycle,
  ...EVENT_CASES,
];
