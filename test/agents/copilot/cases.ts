import { type AgentCase, type HookBehaviour, hookCommand } from './harness.js';

/**
 * The real-Copilot-CLI cases: given (hooks files, hook scripts, model turns) → want (what Copilot CLI
 * 1.0.102 was observed to do). The test checks Copilot against `want`, then asks hookctl about the
 * payload the hook really received and checks that it says the same.
 */
export interface Want {
  /** The marker command (`echo ran > $ROOT/ran.txt`) ran, and what it wrote. */
  readonly ran: string | null;
  /** The tool result text the model got contains this (a deny's reason). */
  readonly modelSees?: string;
  /** Texts that must not reach the model. */
  readonly unseen?: readonly string[];
  /** Hook name → how many times Copilot ran it. */
  readonly calls?: Readonly<Record<string, number>>;
  /** hookctl's verdict for the compared event. */
  readonly blocked: boolean;
  readonly reason?: string | null;
  readonly updatedInput?: unknown;
}

export interface Case {
  readonly name: string;
  /** The event whose outcome hookctl is asked about. */
  readonly event: 'preToolUse' | 'PreToolUse';
  /** The hook whose payload hookctl is given (else hookctl's fixture with the scripted call). */
  readonly payloadFrom: string;
  readonly given: AgentCase;
  readonly want: Want;
}

const MARK = 'echo ran > $ROOT/ran.txt';
const BASH = [{ tools: [{ name: 'bash', args: { command: MARK, description: 'Mark' } }] }];
const hook = (name: string, extra: Record<string, unknown> = {}) => ({ type: 'command', bash: hookCommand(name), ...extra });
const file = (hooks: Record<string, unknown[]>) => ({ version: 1, hooks });
const only = (event: string, name: string, behaviour: HookBehaviour, extra: Record<string, unknown> = {}): AgentCase => ({
  turns: BASH,
  files: { 'project/.github/hooks/hooks.json': file({ [event]: [hook(name, extra)] }) },
  hooks: { [name]: behaviour },
});
const DENIED = (reason: string) => `Denied by preToolUse hook: ${reason}`;
const ERRORED = 'Denied by preToolUse hook from ".github/hooks/hooks.json" (hook errored)';

export const CASES: readonly Case[] = [
  {
    name: 'permissionDecision deny with a reason: the tool does not run, the model sees the reason',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { stdout: { permissionDecision: 'deny', permissionDecisionReason: 'no marks today' } }),
    want: { ran: null, modelSees: DENIED('no marks today'), blocked: true, reason: DENIED('no marks today') },
  },
  {
    name: 'exit 2 denies with "hook exited with code 2"; stderr is not the reason',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { exit: 2, stderr: 'stderr words' }),
    want: {
      ran: null,
      modelSees: DENIED('hook exited with code 2'),
      unseen: ['stderr words'],
      blocked: true,
      reason: DENIED('hook exited with code 2'),
    },
  },
  {
    name: 'exit 1 denies as a hook error',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { exit: 1, stderr: 'BROKEN-STDERR-3' }),
    want: { ran: null, modelSees: ERRORED, unseen: ['BROKEN-STDERR-3'], blocked: true, reason: ERRORED },
  },
  {
    name: 'exit 3 denies as a hook error',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { exit: 3 }),
    want: { ran: null, modelSees: ERRORED, blocked: true, reason: ERRORED },
  },
  {
    name: 'a deny printed with exit 1 is a hook error, not the deny',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { exit: 1, stdout: { permissionDecision: 'deny', permissionDecisionReason: 'mine' } }),
    want: { ran: null, modelSees: ERRORED, blocked: true, reason: ERRORED },
  },
  {
    name: 'a timeout allows (fail-open)',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only(
      'preToolUse',
      'gate',
      { sleep: 4, stdout: { permissionDecision: 'deny', permissionDecisionReason: 'TOO-LATE-7' } },
      { timeoutSec: 1 },
    ),
    want: { ran: 'ran\n', unseen: ['TOO-LATE-7'], blocked: false },
  },
  {
    name: 'exit 0 with text that is not JSON allows',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { stdout: 'JUST-WORDS-1' }),
    want: { ran: 'ran\n', unseen: ['JUST-WORDS-1'], blocked: false },
  },
  {
    name: 'modifiedArgs replaces the arguments',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { stdout: { modifiedArgs: { command: 'echo changed > $ROOT/ran.txt', description: 'Changed' } } }),
    want: { ran: 'changed\n', blocked: false, updatedInput: { command: 'echo changed > $ROOT/ran.txt', description: 'Changed' } },
  },
  {
    name: "a PascalCase hook's Claude-style deny is honoured; b.json runs before a.json, so the camelCase allow never runs",
    event: 'PreToolUse',
    payloadFrom: 'pascal',
    given: {
      turns: BASH,
      files: {
        'project/.github/hooks/a.json': file({ preToolUse: [hook('camel')] }),
        'project/.github/hooks/b.json': file({ PreToolUse: [hook('pascal')] }),
      },
      hooks: {
        camel: { stdout: { permissionDecision: 'allow' } },
        pascal: {
          stdout: {
            hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'claude says no' },
          },
        },
      },
    },
    want: {
      ran: null,
      modelSees: DENIED('claude says no'),
      calls: { camel: 0, pascal: 1 },
      blocked: true,
      reason: DENIED('claude says no'),
    },
  },
  {
    name: 'files run in descending name order and the first deny stops the rest',
    event: 'preToolUse',
    payloadFrom: 'second',
    given: {
      turns: BASH,
      files: {
        'project/.github/hooks/A.json': file({ preToolUse: [hook('first')] }),
        'project/.github/hooks/_z.json': file({ preToolUse: [hook('second')] }),
      },
      hooks: {
        first: { stdout: { permissionDecision: 'deny', permissionDecisionReason: 'from A' } },
        second: { stdout: { permissionDecision: 'deny', permissionDecisionReason: 'from _z' } },
      },
    },
    want: { ran: null, modelSees: DENIED('from _z'), calls: { first: 0, second: 1 }, blocked: true, reason: DENIED('from _z') },
  },
  {
    name: 'a matcher group is an anchored regex on the tool name: "view" leaves bash alone, "ba.h" denies it',
    event: 'preToolUse',
    payloadFrom: 'regex',
    given: {
      turns: BASH,
      files: {
        'project/.github/hooks/hooks.json': file({
          preToolUse: [
            { matcher: 'view', hooks: [hook('view')] },
            { matcher: 'ba', hooks: [hook('prefix')] },
            { matcher: 'ba.h', hooks: [hook('regex')] },
          ],
        }),
      },
      hooks: {
        view: { exit: 2 },
        prefix: { exit: 2 },
        regex: { stdout: { permissionDecision: 'deny', permissionDecisionReason: 'regex' } },
      },
    },
    want: { ran: null, modelSees: DENIED('regex'), calls: { view: 0, prefix: 0, regex: 1 }, blocked: true, reason: DENIED('regex') },
  },
];
