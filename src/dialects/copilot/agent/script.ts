import { isAbsolute, resolve } from 'node:path';
import type { AgentCase } from '../../../kit/agent-driver.js';
import { intoCopy } from '../../../util/agent-sandbox.js';
import { isPlainObject } from '../../../util/is-plain-object.js';
import { concordance } from '../concordance.js';
import type { ScriptedCall, ScriptedTurn } from './chat-server.js';

/**
 * How a case makes GitHub Copilot CLI 1.0.102 fire its event in `copilot -p` (each way proven by
 * test/agents/copilot/events.test.ts): the scripted model's turns, the prompt, and any environment
 * the session needs. Every event of both names is drivable; what each scenario can reproduce of the
 * case's payload is said at its entry.
 */
export type Scenario =
  /** The case's own tool call (toolName/toolArgs, toolInput, or tool_name/tool_input with Claude's names). */
  | 'tool'
  /** The case's prompt is the session's prompt. */
  | 'prompt'
  /** Every session fires these; only `source: "new"` can be driven. */
  | 'session'
  /** The final message; `stop_hook_active: true` is a second stop after one blocked by hookctl. */
  | 'stop'
  /** A `task` call starts a subagent whose answer is the case's response. */
  | 'subagent'
  /** A step whose usage reports 19,500 prompt tokens of a 20,000 limit: Copilot compacts (`trigger: "auto"`). */
  | 'compact'
  /** A `view` outside the project: Copilot's path permission prompt is the notification. */
  | 'notification'
  /** The model call fails with HTTP 400 (`errorContext: "model_call"`). */
  | 'error';

export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  preToolUse: 'tool',
  PreToolUse: 'tool',
  permissionRequest: 'tool',
  PermissionRequest: 'tool',
  postToolUse: 'tool',
  PostToolUse: 'tool',
  postToolUseFailure: 'tool',
  PostToolUseFailure: 'tool',
  userPromptSubmitted: 'prompt',
  UserPromptSubmit: 'prompt',
  userPromptTransformed: 'prompt',
  sessionStart: 'session',
  SessionStart: 'session',
  sessionEnd: 'session',
  SessionEnd: 'session',
  agentStop: 'stop',
  Stop: 'stop',
  subagentStart: 'subagent',
  SubagentStart: 'subagent',
  subagentStop: 'subagent',
  SubagentStop: 'subagent',
  preCompact: 'compact',
  PreCompact: 'compact',
  notification: 'notification',
  Notification: 'notification',
  errorOccurred: 'error',
  ErrorOccurred: 'error',
};

/**
 * Each action's two names (1.0.102): registering both runs both, so the agent's behaviour on a case
 * of one name can come from hooks of the other, which hookctl predicts as a case of their own.
 */
const PAIRS: readonly (readonly [string, string])[] = [
  ['sessionStart', 'SessionStart'],
  ['userPromptSubmitted', 'UserPromptSubmit'],
  ['preToolUse', 'PreToolUse'],
  ['permissionRequest', 'PermissionRequest'],
  ['postToolUse', 'PostToolUse'],
  ['postToolUseFailure', 'PostToolUseFailure'],
  ['agentStop', 'Stop'],
  ['subagentStart', 'SubagentStart'],
  ['subagentStop', 'SubagentStop'],
  ['preCompact', 'PreCompact'],
  ['notification', 'Notification'],
  ['errorOccurred', 'ErrorOccurred'],
  ['sessionEnd', 'SessionEnd'],
];

/** The other name of the event's action, or null. */
export function otherName(event: string): string | null {
  const pair = PAIRS.find((names) => names.includes(event));
  return pair === undefined ? null : pair[0] === event ? pair[1] : pair[0];
}

/** The id of the case's own tool call: its result in the next request is how the observation finds it. */
export const CASE_CALL = 'call_hookctl_case';
export const FIRST_STOP = 'hookctl: a first stop, so that the next one is a continuation.';
const DEFAULT_PROMPT = 'Run the scripted step.';
/** The prompt-token limit a compaction case sets, and the usage its step reports. */
const COMPACT_LIMIT = 20_000;
const COMPACT_AT = 19_500;

/**
 * Claude Code's tool names as Copilot sends them on the PascalCase events (1.0.102), back to its
 * own: the concordance row lists each tool as [Copilot's name, the Claude name] (`Bash` → `bash`,
 * `Read` → `view`).
 */
const COPILOT_TOOL: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(concordance.tools).flatMap((names) =>
    Array.isArray(names) ? names.slice(1).map((other: string) => [other, names[0] as string]) : [],
  ),
);

export interface Session {
  readonly prompt: string;
  readonly turns: readonly ScriptedTurn[];
  readonly env: Readonly<Record<string, string>>;
  /** Why this case cannot be driven, else null. */
  readonly notDrivable: string | null;
}

export function sessionFor(c: AgentCase, project: string, continuation: boolean): Session {
  const scenario = SCENARIOS[c.event];
  const base = { prompt: promptOf(c), turns: [] as ScriptedTurn[], env: {}, notDrivable: null };
  switch (scenario) {
    case 'tool': {
      const call = caseCall(c, project);
      if (call === null)
        return { ...base, notDrivable: `the case's payload names no tool call (toolName and toolArgs, or tool_name and tool_input)` };
      return { ...base, turns: [{ tools: [call] }] };
    }
    case 'stop': {
      const message = text(c.payload.last_assistant_message) ?? text(c.payload.lastAssistantMessage) ?? 'hookctl: the final message.';
      return { ...base, turns: continuation ? [{ text: FIRST_STOP }, { text: message }] : [{ text: message }] };
    }
    case 'subagent': {
      const answer = text(c.payload.response) ?? text(c.payload.last_assistant_message) ?? 'done';
      const args = { description: 'hookctl case', prompt: 'Say done.', agent_type: 'task', name: 'helper', mode: 'sync' };
      return { ...base, turns: [{ tools: [{ name: 'task', args, id: CASE_CALL }] }, { text: answer }] };
    }
    case 'compact': {
      const step = { name: 'bash', args: { command: 'true', description: 'hookctl: a step' } };
      return {
        ...base,
        turns: [{ tools: [step], promptTokens: COMPACT_AT }],
        env: { COPILOT_PROVIDER_MAX_PROMPT_TOKENS: String(COMPACT_LIMIT) },
      };
    }
    case 'notification':
      return { ...base, turns: [{ tools: [{ name: 'view', args: { path: '/nonexistent/hookctl-outside.txt' } }] }] };
    case 'error':
      return { ...base, turns: [{ status: 400, text: 'hookctl: scripted model failure' }] };
    case 'prompt':
    case 'session':
      return base;
    default:
      return { ...base, notDrivable: `${c.event} is not an event GitHub Copilot CLI fires` };
  }
}

function promptOf(c: AgentCase): string {
  const p = c.payload;
  if (SCENARIOS[c.event] === 'prompt') return text(p.prompt) ?? DEFAULT_PROMPT;
  return text(p.initialPrompt) ?? text(p.initial_prompt) ?? DEFAULT_PROMPT;
}

/**
 * The case's tool call as the model makes it: Copilot's tool name (a PascalCase payload's Claude name
 * mapped back), its arguments moved into the copy, a file tool's relative `path` made absolute.
 */
export function caseCall(c: AgentCase, project: string): ScriptedCall | null {
  const p = c.payload;
  const claude = text(p.tool_name);
  const name = text(p.toolName) ?? (claude === undefined ? undefined : (COPILOT_TOOL[claude] ?? claude.toLowerCase()));
  const raw = p.toolArgs ?? p.toolInput ?? p.tool_input;
  const args = typeof raw === 'string' ? parsed(raw) : raw;
  if (name === undefined || !isPlainObject(args)) return null;
  const moved = intoCopy(args, c.projectDir, project) as Record<string, unknown>;
  if (typeof moved.path === 'string' && name !== 'bash' && !isAbsolute(moved.path)) moved.path = resolve(project, moved.path);
  return { name, args: moved, id: CASE_CALL };
}

/** A file the case's call writes outside the copy (a `create` of /etc/hosts): the jail lets it succeed in the sandbox. */
export function writtenPaths(c: AgentCase, project: string): string[] {
  const call = SCENARIOS[c.event] === 'tool' ? caseCall(c, project) : null;
  if (call === null || !['create', 'edit'].includes(call.name)) return [];
  return typeof call.args.path === 'string' ? [call.args.path] : [];
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
