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
  /** How `copilot -p` exited (0 unless said). */
  readonly exitCode?: number;
  /** Copilot's stderr contains this (a warning it shows). */
  readonly stderrHas?: string;
  /** How many main-conversation requests the model got. */
  readonly mainRequests?: number;
  /** hookctl's verdict for the compared event. */
  readonly blocked: boolean;
  readonly reason?: string | null;
  readonly updatedInput?: unknown;
  readonly additionalContext?: string | null;
  /** hookctl's dialectOutput: the fields Copilot takes over as written (modifiedResult…). */
  readonly dialectOutput?: Record<string, unknown> | null;
}

export interface Case {
  readonly name: string;
  /** The event whose outcome hookctl is asked about. */
  readonly event: string;
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
const TASK = [
  { tools: [{ name: 'task', args: { description: 'Sub work', prompt: 'Say done.', agent_type: 'task', name: 'helper', mode: 'sync' } }] },
  { text: 'sub done' },
];
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

const PERMISSION_DENIED = (message: string) => `Permission denied by a PermissionRequest hook: ${message}`;

/** The other events' answers, both casings, as the binary treats them. */
export const EVENT_CASES: readonly Case[] = [
  {
    name: 'additionalContext becomes the first user message (the docs say the output is ignored)',
    event: 'sessionStart',
    payloadFrom: 'start',
    given: only('sessionStart', 'start', { stdout: { additionalContext: 'CTX-START-1' } }),
    want: { ran: 'ran\n', modelSees: 'CTX-START-1', blocked: false, additionalContext: 'CTX-START-1' },
  },
  {
    name: 'additionalContext is appended to the prompt in a <system_reminder>',
    event: 'userPromptSubmitted',
    payloadFrom: 'prompt',
    given: only('userPromptSubmitted', 'prompt', { stdout: { additionalContext: 'CTX-UPS-2' } }),
    want: { ran: 'ran\n', modelSees: '<system_reminder>\nCTX-UPS-2\n</system_reminder>', blocked: false, additionalContext: 'CTX-UPS-2' },
  },
  {
    name: 'decision "block" keeps the prompt from the model and copilot -p exits 1',
    event: 'userPromptSubmitted',
    payloadFrom: 'prompt',
    given: only('userPromptSubmitted', 'prompt', { stdout: { decision: 'block', reason: 'UPS-BLOCK-3' } }),
    want: { ran: null, exitCode: 1, mainRequests: 0, stderrHas: 'UPS-BLOCK-3', blocked: true, reason: 'UPS-BLOCK-3' },
  },
  {
    name: 'exit 2 does not block: its stderr is shown as a warning',
    event: 'userPromptSubmitted',
    payloadFrom: 'prompt',
    given: only('userPromptSubmitted', 'prompt', { exit: 2, stderr: 'UPS-ERR-4' }),
    want: { ran: 'ran\n', stderrHas: 'UPS-ERR-4', unseen: ['UPS-ERR-4'], blocked: false },
  },
  {
    name: 'decision "block" blocks under the Claude name too',
    event: 'UserPromptSubmit',
    payloadFrom: 'prompt',
    given: only('UserPromptSubmit', 'prompt', { stdout: { decision: 'block', reason: 'UPS-BLOCK-5' } }),
    want: { ran: null, exitCode: 1, mainRequests: 0, blocked: true, reason: 'UPS-BLOCK-5' },
  },
  {
    name: 'modifiedTransformedPrompt replaces the model-facing prompt',
    event: 'userPromptTransformed',
    payloadFrom: 'transformed',
    given: only('userPromptTransformed', 'transformed', { stdout: { modifiedTransformedPrompt: 'NEW-PROMPT-6' } }),
    want: {
      ran: 'ran\n',
      modelSees: 'NEW-PROMPT-6',
      unseen: ['Do the task.'],
      blocked: false,
      dialectOutput: { modifiedTransformedPrompt: 'NEW-PROMPT-6' },
    },
  },
  {
    name: 'additionalContext becomes a user message after the tool result',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { stdout: { additionalContext: 'CTX-PRE-7' } }),
    want: {
      ran: 'ran\n',
      modelSees: 'Additional context from preToolUse hook:\nCTX-PRE-7',
      blocked: false,
      additionalContext: 'CTX-PRE-7',
    },
  },
  {
    name: '"ask" is a deny in -p',
    event: 'preToolUse',
    payloadFrom: 'gate',
    given: only('preToolUse', 'gate', { stdout: { permissionDecision: 'ask', permissionDecisionReason: 'ASK-8' } }),
    want: {
      ran: null,
      modelSees: 'Denied by preToolUse hook (unable to ask user for confirmation): ASK-8',
      blocked: true,
      reason: 'Denied by preToolUse hook (unable to ask user for confirmation): ASK-8',
    },
  },
  {
    name: 'a camelCase allow (b.json, first) and a PascalCase deny (a.json): both run, the deny wins',
    event: 'PreToolUse',
    payloadFrom: 'pascal',
    given: {
      turns: BASH,
      files: {
        'project/.github/hooks/b.json': file({ preToolUse: [hook('camel')] }),
        'project/.github/hooks/a.json': file({ PreToolUse: [hook('pascal')] }),
      },
      hooks: {
        camel: { stdout: { permissionDecision: 'allow' } },
        pascal: { stdout: { permissionDecision: 'deny', permissionDecisionReason: 'pascal says no' } },
      },
    },
    want: {
      ran: null,
      modelSees: DENIED('pascal says no'),
      calls: { camel: 1, pascal: 1 },
      blocked: true,
      reason: DENIED('pascal says no'),
    },
  },
  {
    name: 'behavior "deny" with a message denies the call',
    event: 'permissionRequest',
    payloadFrom: 'perm',
    given: only('permissionRequest', 'perm', { stdout: { behavior: 'deny', message: 'PR-DENY-9' } }),
    want: { ran: null, modelSees: PERMISSION_DENIED('PR-DENY-9'), blocked: true, reason: PERMISSION_DENIED('PR-DENY-9') },
  },
  {
    name: 'exit 2 denies with a fixed message',
    event: 'permissionRequest',
    payloadFrom: 'perm',
    given: only('permissionRequest', 'perm', { exit: 2, stderr: 'PR-ERR-10' }),
    want: {
      ran: null,
      modelSees: PERMISSION_DENIED('Permission denied by hook.'),
      unseen: ['PR-ERR-10'],
      blocked: true,
      reason: PERMISSION_DENIED('Permission denied by hook.'),
    },
  },
  {
    name: "Claude's hookSpecificOutput.decision is not read",
    event: 'PermissionRequest',
    payloadFrom: 'perm',
    given: only('PermissionRequest', 'perm', {
      stdout: { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'PR-CL-11' } } },
    }),
    want: { ran: 'ran\n', unseen: ['PR-CL-11'], blocked: false },
  },
  {
    name: 'additionalContext is appended to the tool result',
    event: 'postToolUse',
    payloadFrom: 'post',
    given: only('postToolUse', 'post', { stdout: { additionalContext: 'CTX-POST-12' } }),
    want: {
      ran: 'ran\n',
      modelSees: 'Tool "bash" succeeded. Additional guidance from postToolUse hooks:\nCTX-POST-12',
      blocked: false,
      additionalContext: 'CTX-POST-12',
    },
  },
  {
    name: 'modifiedResult replaces the tool result',
    event: 'postToolUse',
    payloadFrom: 'post',
    given: only('postToolUse', 'post', { stdout: { modifiedResult: { resultType: 'success', textResultForLlm: 'REPLACED-13' } } }),
    want: {
      ran: 'ran\n',
      modelSees: 'REPLACED-13',
      unseen: ['completed with exit code'],
      blocked: false,
      dialectOutput: { modifiedResult: { resultType: 'success', textResultForLlm: 'REPLACED-13' } },
    },
  },
  {
    name: 'decision "block" withholds the result (the tool has run)',
    event: 'postToolUse',
    payloadFrom: 'post',
    given: only('postToolUse', 'post', { stdout: { decision: 'block', reason: 'POST-BLOCK-14' } }),
    want: { ran: 'ran\n', modelSees: 'Tool result blocked: POST-BLOCK-14', blocked: true, reason: 'Tool result blocked: POST-BLOCK-14' },
  },
  {
    name: 'the same fields under the Claude name',
    event: 'PostToolUse',
    payloadFrom: 'post',
    given: only('PostToolUse', 'post', { stdout: { decision: 'block', reason: 'POST-BLOCK-15' } }),
    want: { ran: 'ran\n', modelSees: 'Tool result blocked: POST-BLOCK-15', blocked: true, reason: 'Tool result blocked: POST-BLOCK-15' },
  },
  {
    name: 'additionalContext follows a failed tool call',
    event: 'postToolUseFailure',
    payloadFrom: 'failure',
    given: {
      turns: [{ tools: [{ name: 'view', args: { path: '$ROOT/project/missing.txt' } }] }],
      files: { 'project/.github/hooks/hooks.json': file({ postToolUseFailure: [hook('failure')] }) },
      hooks: { failure: { stdout: { additionalContext: 'CTX-FAIL-16' } } },
    },
    want: {
      ran: null,
      modelSees: 'Tool "view" failed. Additional guidance from postToolUseFailure hooks:\nCTX-FAIL-16',
      blocked: false,
      additionalContext: 'CTX-FAIL-16',
    },
  },
  {
    name: 'decision "block" gives the agent another turn with the reason as its prompt',
    event: 'agentStop',
    payloadFrom: 'stop',
    given: only('agentStop', 'stop', { once: true, stdout: { decision: 'block', reason: 'KEEP-GOING-17' } }),
    want: { ran: 'ran\n', modelSees: 'KEEP-GOING-17', calls: { stop: 2 }, mainRequests: 3, blocked: true, reason: 'KEEP-GOING-17' },
  },
  {
    name: 'exit 2 does not block',
    event: 'agentStop',
    payloadFrom: 'stop',
    given: only('agentStop', 'stop', { exit: 2, stderr: 'STOP-ERR-18' }),
    want: { ran: 'ran\n', calls: { stop: 1 }, mainRequests: 2, stderrHas: 'STOP-ERR-18', blocked: false },
  },
  {
    name: 'decision "block" under the Claude name',
    event: 'Stop',
    payloadFrom: 'stop',
    given: only('Stop', 'stop', { once: true, stdout: { decision: 'block', reason: 'KEEP-GOING-19' } }),
    want: { ran: 'ran\n', modelSees: 'KEEP-GOING-19', calls: { stop: 2 }, blocked: true, reason: 'KEEP-GOING-19' },
  },
  {
    name: "modifiedResponse replaces the subagent's answer",
    event: 'subagentStop',
    payloadFrom: 'sub',
    given: {
      turns: TASK,
      files: { 'project/.github/hooks/hooks.json': file({ subagentStop: [hook('sub')] }) },
      hooks: { sub: { stdout: { modifiedResponse: 'SUB-REPLACED-20' } } },
    },
    want: {
      ran: null,
      modelSees: 'SUB-REPLACED-20',
      blocked: false,
      dialectOutput: { modifiedResponse: 'SUB-REPLACED-20' },
    },
  },
  {
    name: 'additionalContext becomes a new prompt after the turn',
    event: 'notification',
    payloadFrom: 'note',
    given: {
      turns: [{ tools: [{ name: 'view', args: { path: '/nonexistent/outside.txt' } }] }],
      files: { 'project/.github/hooks/hooks.json': file({ notification: [hook('note')] }) },
      hooks: { note: { stdout: { additionalContext: 'CTX-NOTE-21' } } },
    },
    want: { ran: null, modelSees: 'CTX-NOTE-21', blocked: false, additionalContext: 'CTX-NOTE-21' },
  },
];
