import type { Decision } from '../../../src/kit/outcome.js';
import { type AgentCase, type HookBehaviour, hookCommand } from './harness.js';

/**
 * The real-agent cases: given (settings layout, hook scripts, model script, flags) → want (what
 * Claude Code 2.1.328 was observed to do). The test checks Claude against `want`, then asks hookctl
 * about the payload the hook really received and checks that it says the same.
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
  /** hookctl's rewritten input. */
  readonly updatedInput?: unknown;
}

export interface Case {
  readonly name: string;
  /** The event whose outcome hookctl is asked about (from the first captured payload of it). */
  readonly event: string;
  readonly given: AgentCase;
  readonly want: Want;
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

export const CASES: readonly Case[] = [...preToolUse, ...postToolUse, ...userPrompt, ...stop];
