import { join, relative, resolve, isAbsolute } from 'node:path';
import type { RecordedEvent, RecordedHookTrace, RecordPosition, SessionRecordParser, SessionRecordReader } from '../../kit/index.js';
import { BoundedMap } from '../../util/bounded-map.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * Codex rollouts (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`, every line
 * `{timestamp, ordinal, type, payload}`), read back into the hook payloads Codex sends (docs/replay.md
 * has the field mapping, checked against rollouts Codex 0.169.0 wrote). Codex has no
 * PostToolUseFailure: a failed call's result is a PostToolUse like any other.
 */
export const sessionRecords: SessionRecordReader = {
  events: ['UserPromptSubmit', 'PreToolUse', 'PostToolUse'],
  defaultEvents: ['PreToolUse', 'UserPromptSubmit'],
  defaultLocations({ cwd, home, env }) {
    const configured = env.CODEX_HOME;
    const codexHome = configured !== undefined && configured.trim() !== '' ? resolve(cwd, configured) : join(home, '.codex');
    const project = resolve(cwd);
    // Every project's rollouts share one tree: keep the sessions that started in this project or below it.
    return { paths: [join(codexHome, 'sessions')], inProject: (sessionCwd) => isWithin(project, sessionCwd) };
  },
  isRecordFile: (name) => name.startsWith('rollout-') && name.endsWith('.jsonl'),
  recordKind: 'rollout record',
  open: (file) => new CodexRollout(file),
  // Codex finds the project root above its start directory and loads the root's .codex/ hooks when the project is trusted.
  recordsHookErrors: false,
  projectHooksFrom: 'project-root',
  hookTraces: "Codex records only a refusal (in the call's output); a hook that failed or succeeded leaves no trace",
};

function isWithin(dir: string, path: string): boolean {
  const rel = relative(dir, resolve(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Calls whose output has not arrived yet; past this many the oldest are reported without one. */
const MAX_PENDING_CALLS = 4096;

/** Injected context Codex records as user messages; hooks never saw these as prompts. */
const INJECTED_PREFIXES = [
  '<environment_context>',
  '<user_instructions>',
  '# AGENTS.md instructions',
  '<turn_aborted>',
  '<user_shell_command>',
];

/** The output Codex records for a call a PreToolUse hook blocked (observed in 0.169.0 rollouts). */
const BLOCKED_PREFIX = 'Command blocked by PreToolUse hook:';

interface TurnState {
  turnId: string;
  cwd: string;
  model: string;
  permissionMode: string;
}

interface PendingCall {
  tool: string;
  input: unknown;
  fields: Record<string, unknown>;
  /** The PreToolUse event, held back until the output says whether a hook refused the call. */
  pre: RecordedEvent;
}

class CodexRollout implements SessionRecordParser {
  private sessionId: string | null = null;
  private sessionCwd: string | null = null;
  private turn: TurnState | null = null;
  private readonly pending = new BoundedMap<string, PendingCall>(MAX_PENDING_CALLS);

  constructor(private readonly file: string) {}

  session() {
    return this.sessionId === null ? null : { id: this.sessionId, cwd: this.sessionCwd };
  }

  record(record: Record<string, unknown>, at: RecordPosition): { events: RecordedEvent[]; warning?: string } {
    if (typeof record.type !== 'string' || !isPlainObject(record.payload))
      return { events: [], warning: 'not a rollout record (expected {timestamp, type, payload})' };
    const payload = record.payload;
    switch (record.type) {
      case 'session_meta':
        this.sessionId ??= str(payload.id) ?? str(payload.session_id);
        this.sessionCwd ??= str(payload.cwd);
        return { events: [] };
      case 'turn_context':
        this.turn = {
          turnId: str(payload.turn_id) ?? this.turn?.turnId ?? '',
          cwd: str(payload.cwd) ?? this.turn?.cwd ?? this.sessionCwd ?? '',
          model: str(payload.model) ?? this.turn?.model ?? '',
          // Codex's own derivation: approval policy `never` is bypassPermissions, any other policy default.
          permissionMode: payload.approval_policy === 'never' ? 'bypassPermissions' : 'default',
        };
        return { events: [] };
      case 'response_item':
        return { events: this.responseItem(payload, at) };
      default:
        return { events: [] };
    }
  }

  /** The fields every payload shares, in Codex's order; the turn a record names wins over the last turn_context. */
  private common(item: Record<string, unknown>, event: string): Record<string, unknown> {
    const passthrough = isPlainObject(item.internal_chat_message_metadata_passthrough)
      ? item.internal_chat_message_metadata_passthrough
      : {};
    return {
      session_id: this.sessionId ?? '',
      turn_id: str(passthrough.turn_id) ?? this.turn?.turnId ?? '',
      transcript_path: this.file,
      cwd: this.turn?.cwd ?? this.sessionCwd ?? '',
      hook_event_name: event,
      model: this.turn?.model ?? '',
      permission_mode: this.turn?.permissionMode ?? 'default',
    };
  }

  private responseItem(item: Record<string, unknown>, at: RecordPosition): RecordedEvent[] {
    switch (item.type) {
      case 'message': {
        const prompt = item.role === 'user' ? userPrompt(item) : null;
        if (prompt === null) return [];
        return [{ event: 'UserPromptSubmit', payload: { ...this.common(item, 'UserPromptSubmit'), prompt }, tool: null, ...at }];
      }
      case 'function_call':
      case 'custom_tool_call':
        return this.call(item, at);
      case 'function_call_output':
      case 'custom_tool_call_output':
        return this.output(item, at);
      default:
        return [];
    }
  }

  private call(item: Record<string, unknown>, at: RecordPosition): RecordedEvent[] {
    const callId = str(item.call_id);
    const name = str(item.name);
    if (callId === null || name === null) return [];
    const { tool, input } = hookTool(name, item.type === 'custom_tool_call' ? item.input : item.arguments);
    const fields = this.common(item, 'PreToolUse');
    const payload = { ...fields, tool_name: tool, tool_input: input, tool_use_id: callId };
    const pre: RecordedEvent = { event: 'PreToolUse', payload, tool, ...at };
    const events: RecordedEvent[] = [];
    // Full: the oldest call waiting for its output is reported now, without one.
    if (this.pending.size >= MAX_PENDING_CALLS && !this.pending.has(callId)) {
      const oldest = this.pending.keys().next().value as string;
      events.push(this.pending.take(oldest)!.pre);
    }
    const replaced = this.pending.get(callId);
    if (replaced !== undefined) events.push(replaced.pre);
    this.pending.set(callId, { tool, input, fields, pre });
    return events;
  }

  /** The calls whose output never arrived, in call order: replayed without a recorded hook trace. */
  finish(): RecordedEvent[] {
    const events = [...this.pending.values()].map((call) => call.pre);
    this.pending.clear();
    return events;
  }

  private output(item: Record<string, unknown>, at: RecordPosition): RecordedEvent[] {
    const callId = str(item.call_id);
    const call = callId === null ? undefined : this.pending.take(callId);
    if (call === undefined || callId === null) return [];
    // A call a PreToolUse hook blocked never ran: Codex records the refusal as its output, and fired no PostToolUse.
    if (typeof item.output === 'string' && item.output.startsWith(BLOCKED_PREFIX)) return [{ ...call.pre, hooks: refusal(item.output) }];
    // Refused by Codex itself (its own command rules, observed in an untrusted project): it never ran, and no hook said so.
    const refusedByCodex =
      typeof item.output === 'string' && item.output.startsWith('exec_command failed: ') && item.output.includes('Rejected(');
    const pre = refusedByCodex ? call.pre : { ...call.pre, hooks: { blocked: false, hook: null, message: null, errors: [] } };
    const payload = {
      ...call.fields,
      hook_event_name: 'PostToolUse',
      tool_name: call.tool,
      tool_input: call.input,
      tool_response: item.output ?? null,
      tool_use_id: callId,
    };
    return [pre, { event: 'PostToolUse', payload, tool: call.tool, ...at }];
  }
}

/** `Command blocked by PreToolUse hook: <reason>. Command: <command>`: the reason (Codex names no hook). */
function refusal(output: string): RecordedHookTrace {
  const rest = output.slice(BLOCKED_PREFIX.length);
  const end = rest.lastIndexOf('. Command: ');
  const message = (end === -1 ? rest : rest.slice(0, end)).trim();
  return { blocked: true, hook: null, message: message === '' ? null : message, errors: [] };
}

/** The typed text of a user message, or null for the context Codex injects as one. */
function userPrompt(item: Record<string, unknown>): string | null {
  if (!Array.isArray(item.content)) return null;
  const passthrough = isPlainObject(item.internal_chat_message_metadata_passthrough) ? item.internal_chat_message_metadata_passthrough : {};
  // Newer rollouts say what each part is; a message with no typed text part is harness context.
  const kinds = passthrough.content_item_kinds;
  if (Array.isArray(kinds) && !kinds.includes('user.text')) return null;
  const text = item.content
    .filter((part): part is Record<string, unknown> => isPlainObject(part) && part.type === 'input_text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n');
  if (text === '' || INJECTED_PREFIXES.some((prefix) => text.startsWith(prefix))) return null;
  return text;
}

/**
 * The tool name and input a hook sees for a recorded call: every shell tool is `Bash` with
 * `{command}` (the string the model asked to run), `apply_patch` gets `{command: <patch text>}`,
 * any other tool its own name and parsed arguments.
 */
export function hookTool(name: string, raw: unknown): { tool: string; input: unknown } {
  const args = typeof raw === 'string' ? parseArguments(raw) : raw;
  if (name === 'exec_command' && isPlainObject(args) && typeof args.cmd === 'string') return { tool: 'Bash', input: { command: args.cmd } };
  if ((name === 'shell' || name === 'container.exec' || name === 'local_shell') && isPlainObject(args)) {
    const command = args.command;
    if (Array.isArray(command)) return { tool: 'Bash', input: { command: shellText(command.map(String)) } };
  }
  if (name === 'shell_command' && isPlainObject(args) && typeof args.command === 'string')
    return { tool: 'Bash', input: { command: args.command } };
  if (name === 'apply_patch') {
    const patch = typeof raw === 'string' && !isPlainObject(args) ? raw : isPlainObject(args) ? args.input : raw;
    return { tool: 'apply_patch', input: { command: typeof patch === 'string' ? patch : '' } };
  }
  return { tool: name, input: args ?? {} };
}

/** `["bash", "-lc", "x"]` is the command `x`; any other argv is shown as one shell-quoted line. */
function shellText(argv: string[]): string {
  if (argv.length === 3 && /(^|\/)(ba|z)?sh$/.test(argv[0]!) && (argv[1] === '-lc' || argv[1] === '-c')) return argv[2]!;
  return argv.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
