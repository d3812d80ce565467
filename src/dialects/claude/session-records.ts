import { join, resolve } from 'node:path';
import type { RecordedEvent, RecordedHookTrace, RecordPosition, SessionRecordParser, SessionRecordReader } from '../../kit/index.js';
import { BoundedMap } from '../../util/bounded-map.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * Claude Code transcripts (`<config dir>/projects/<slug>/<session id>.jsonl`, one JSON record a line),
 * read back into the hook payloads Claude Code sends (docs/replay.md has the field mapping, checked
 * against transcripts Claude Code 2.1.328 wrote). `user` and `assistant` records make the payloads;
 * hook-error attachments and refused-prompt `system` records say what the hooks did; the rest
 * (`queue-operation`, `last-prompt`, other attachments, request copies, …) are the agent's bookkeeping.
 */
export const sessionRecords: SessionRecordReader = {
  events: ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure'],
  defaultEvents: ['PreToolUse', 'UserPromptSubmit'],
  defaultLocations({ cwd, home, env }) {
    const configured = env.CLAUDE_CONFIG_DIR;
    const userDir = configured !== undefined && configured.trim() !== '' ? resolve(cwd, configured) : join(home, '.claude');
    return { paths: [join(userDir, 'projects', projectSlug(cwd))] };
  },
  isRecordFile: (name) => name.endsWith('.jsonl'),
  recordKind: 'transcript record',
  open: (file) => new ClaudeTranscript(file),
  // Observed with 2.1.328: started in a subdirectory of the project, it ran none of the project's .claude/settings.json hooks.
  recordsHookErrors: true,
  projectHooksFrom: 'start-directory',
  hookTraces:
    "Claude Code records a refusal in the call's result or, for a prompt, a system record, and a failed hook as an attachment; " +
    'a hook that succeeded leaves no trace',
};

/** Claude Code's directory name for a project: its absolute path with every other character than [A-Za-z0-9] made `-`. */
export function projectSlug(cwd: string): string {
  return resolve(cwd).replace(/[^A-Za-z0-9]/g, '-');
}

/** Calls whose result has not arrived yet; past this many (a transcript of only calls) the oldest are reported without one. */
const MAX_PENDING_CALLS = 4096;
/** Failed hooks kept per call (a record could name any number). */
const MAX_ERRORS_PER_CALL = 16;

interface PendingCall {
  tool: string;
  input: unknown;
  common: Record<string, unknown>;
  /** The PreToolUse event, held back until the result says what the hooks did. */
  pre: RecordedEvent;
  /** `hook_non_blocking_error` attachments recorded for this call so far. */
  errors: { hook: string | null; message: string }[];
}

/** What ends the refusal text of a blocked prompt, before the prompt itself. */
const ORIGINAL_PROMPT = '\n\n\nOriginal prompt: ';

/** The start of the result text Claude Code records for a call a PreToolUse hook refused (2.1.328). */
const REFUSAL = /^PreToolUse:[^\n]*? hook error: /;

class ClaudeTranscript implements SessionRecordParser {
  private sessionId: string | null = null;
  private firstCwd: string | null = null;
  /** Only a prompt record carries the permission mode; every later call ran under the last one seen. */
  private permissionMode: string | null = null;
  private promptId: string | null = null;
  private readonly pending = new BoundedMap<string, PendingCall>(MAX_PENDING_CALLS);

  constructor(private readonly file: string) {}

  session() {
    return this.sessionId === null ? null : { id: this.sessionId, cwd: this.firstCwd };
  }

  record(record: Record<string, unknown>, at: RecordPosition): { events: RecordedEvent[]; warning?: string } {
    if (record.type === 'attachment') {
      this.attachment(record.attachment);
      return { events: [] };
    }
    if (record.type === 'system') return { events: this.blockedPrompt(record, at) };
    if (record.type !== 'user' && record.type !== 'assistant') return { events: [] };
    // Meta records are text Claude Code adds for the model (command caveats, reminders), not the user's.
    if (record.isMeta === true || record.isCompactSummary === true || record.isVisibleInTranscriptOnly === true) return { events: [] };
    const message = record.message;
    if (!isPlainObject(message)) return { events: [], warning: `a ${record.type} record without a message object` };
    this.noteSession(record);
    if (record.type === 'assistant') return { events: this.calls(record, message.content, at) };
    if (typeof message.content === 'string') return { events: [this.prompt(record, message.content, at)] };
    if (Array.isArray(message.content)) return { events: this.results(record, message.content, at) };
    return { events: [], warning: 'a user record whose message.content is neither text nor a list of blocks' };
  }

  /** The calls whose result never arrived, in call order: replayed without a recorded hook trace. */
  finish(): RecordedEvent[] {
    const events = [...this.pending.values()].map((call) => call.pre);
    this.pending.clear();
    return events;
  }

  /** A failed hook (`hook_non_blocking_error`, naming the call by toolUseID) is kept with its call. */
  private attachment(attachment: unknown): void {
    if (!isPlainObject(attachment) || attachment.type !== 'hook_non_blocking_error' || attachment.hookEvent !== 'PreToolUse') return;
    const call = typeof attachment.toolUseID === 'string' ? this.pending.get(attachment.toolUseID) : undefined;
    if (call === undefined || call.errors.length >= MAX_ERRORS_PER_CALL) return;
    const stderr = typeof attachment.stderr === 'string' ? attachment.stderr : '';
    const message = stderr.replace(/^Failed with non-blocking status code: /, '') || `exit ${String(attachment.exitCode)}`;
    call.errors.push({ hook: typeof attachment.command === 'string' ? attachment.command : null, message });
  }

  private noteSession(record: Record<string, unknown>): void {
    if (this.sessionId === null && typeof record.sessionId === 'string') this.sessionId = record.sessionId;
    if (this.firstCwd === null && typeof record.cwd === 'string') this.firstCwd = record.cwd;
  }

  /** The fields every payload of this record shares, in the order Claude Code writes them. */
  private common(record: Record<string, unknown>): Record<string, unknown> {
    const fields: Record<string, unknown> = {
      session_id: typeof record.sessionId === 'string' ? record.sessionId : (this.sessionId ?? ''),
      transcript_path: this.file,
      cwd: typeof record.cwd === 'string' ? record.cwd : (this.firstCwd ?? ''),
    };
    // Assistant records carry no promptId: a call belongs to the prompt before it.
    if (typeof record.promptId === 'string') this.promptId = record.promptId;
    if (this.promptId !== null) fields.prompt_id = this.promptId;
    if (this.permissionMode !== null) fields.permission_mode = this.permissionMode;
    // A subagent's records carry its id; the hooks it fires say which subagent they concern.
    if (typeof record.agentId === 'string') fields.agent_id = record.agentId;
    return fields;
  }

  private prompt(record: Record<string, unknown>, prompt: string, at: RecordPosition): RecordedEvent {
    if (typeof record.permissionMode === 'string') this.permissionMode = record.permissionMode;
    const payload = { ...this.common(record), hook_event_name: 'UserPromptSubmit', prompt };
    // A prompt recorded as a user record went through: no hook refused it.
    return { event: 'UserPromptSubmit', payload, tool: null, ...at, hooks: { blocked: false, hook: null, message: null, errors: [] } };
  }

  /**
   * A prompt a UserPromptSubmit hook refused is no user record: Claude Code 2.1.328 writes a `system`
   * record with `promptSubmitEnding: {ending: {kind: "blocked_by_hook", reason}}` and the content
   * `UserPromptSubmit operation blocked by hook:\n[<command>]: <stderr>\n\n\nOriginal prompt: <prompt>`.
   */
  private blockedPrompt(record: Record<string, unknown>, at: RecordPosition): RecordedEvent[] {
    const ending = isPlainObject(record.promptSubmitEnding) ? record.promptSubmitEnding.ending : undefined;
    if (!isPlainObject(ending) || ending.kind !== 'blocked_by_hook' || typeof record.content !== 'string') return [];
    const marker = record.content.indexOf(ORIGINAL_PROMPT);
    if (marker === -1) return [];
    this.noteSession(record);
    const prompt = record.content.slice(marker + ORIGINAL_PROMPT.length);
    const head = record.content.slice(0, marker).replace(/^UserPromptSubmit operation blocked by hook:\n/, '');
    const end = head.startsWith('[') ? head.indexOf(']: ') : -1;
    const hook = end === -1 ? null : head.slice(1, end);
    const reason =
      typeof ending.reason === 'string' && ending.reason !== '' ? ending.reason : (end === -1 ? head : head.slice(end + 3)).trim();
    const payload = { ...this.common(record), hook_event_name: 'UserPromptSubmit', prompt };
    const hooks: RecordedHookTrace = { blocked: true, hook, message: reason === '' ? null : reason, errors: [] };
    return [{ event: 'UserPromptSubmit', payload, tool: null, ...at, hooks }];
  }

  /** Each tool_use block is its own assistant record in practice; a record holding several is read the same way. */
  private calls(record: Record<string, unknown>, content: unknown, at: RecordPosition): RecordedEvent[] {
    if (!Array.isArray(content)) return [];
    const events: RecordedEvent[] = [];
    for (const block of content) {
      if (!isPlainObject(block) || block.type !== 'tool_use' || typeof block.name !== 'string' || typeof block.id !== 'string') continue;
      const common = this.common(record);
      const payload = {
        ...common,
        hook_event_name: 'PreToolUse',
        tool_name: block.name,
        tool_input: block.input ?? {},
        tool_use_id: block.id,
      };
      const pre: RecordedEvent = { event: 'PreToolUse', payload, tool: block.name, ...at };
      // Full: the oldest call waiting for its result is reported now, without one.
      if (this.pending.size >= MAX_PENDING_CALLS && !this.pending.has(block.id)) {
        const oldest = this.pending.keys().next().value as string;
        events.push(this.pending.take(oldest)!.pre);
      }
      const replaced = this.pending.get(block.id);
      if (replaced !== undefined) events.push(replaced.pre);
      this.pending.set(block.id, { tool: block.name, input: block.input ?? {}, common, pre, errors: [] });
    }
    return events;
  }

  /** Results arrive in any order, each linked to its call by tool_use_id; a call with no recorded result gets no Post event. */
  private results(record: Record<string, unknown>, content: unknown[], at: RecordPosition): RecordedEvent[] {
    const events: RecordedEvent[] = [];
    const blocks = content.filter((block) => isPlainObject(block) && block.type === 'tool_result');
    for (const block of blocks as Record<string, unknown>[]) {
      const id = block.tool_use_id;
      const call = typeof id === 'string' ? this.pending.take(id) : undefined;
      if (call === undefined || typeof id !== 'string') continue;
      const hooks = hookTrace(record, block, call.errors);
      events.push(hooks === undefined ? call.pre : { ...call.pre, hooks });
      // A call refused before it ran (a hook or the permission rules) is still replayed as PreToolUse, but no Post event fired for it.
      if (isPlainObject(record.permissionDecision) && record.permissionDecision.decision === 'reject') continue;
      // The structured result belongs to the record; with one result block per record (what Claude Code writes) it is this block's.
      const structured = blocks.length === 1 && record.toolUseResult !== undefined ? record.toolUseResult : block.content;
      const base = { ...call.common, tool_name: call.tool, tool_input: call.input };
      if (block.is_error === true) {
        const error = typeof block.content === 'string' ? block.content : typeof structured === 'string' ? structured : 'tool error';
        const payload = { ...base, hook_event_name: 'PostToolUseFailure', tool_use_id: id, error };
        events.push({ event: 'PostToolUseFailure', payload: reorder(payload), tool: call.tool, ...at });
      } else {
        const payload = { ...base, hook_event_name: 'PostToolUse', tool_response: structured ?? null, tool_use_id: id };
        events.push({ event: 'PostToolUse', payload: reorder(payload), tool: call.tool, ...at });
      }
    }
    return events;
  }
}

/**
 * What the result record says the hooks did (undefined: refused by something else, so it tells nothing).
 * A refusal by a hook is `permissionDecision.source: "hook"`
 * with the result text `PreToolUse:<tool> hook error: [<command>]: <stderr>` (exit 2) or
 * `PreToolUse:<tool> hook error: <reason>` (a JSON deny, which names no command).
 */
function hookTrace(
  record: Record<string, unknown>,
  block: Record<string, unknown>,
  errors: RecordedHookTrace['errors'],
): RecordedHookTrace | undefined {
  const decision = isPlainObject(record.permissionDecision) ? record.permissionDecision : {};
  // Refused by something else (a permission rule, the user): it did not run, and the record says nothing of the hooks.
  if (decision.decision === 'reject' && decision.source !== 'hook') return undefined;
  if (decision.decision !== 'reject') return { blocked: false, hook: null, message: null, errors };
  const text = typeof block.content === 'string' ? block.content : resultText(block.content);
  const prefix = REFUSAL.exec(text);
  if (prefix === null) return { blocked: true, hook: null, message: text.trim() || null, errors };
  const rest = text.slice(prefix[0].length);
  // `[command]: message`; the first `]: ` ends the command (a command holding one is cut there).
  const end = rest.startsWith('[') ? rest.indexOf(']: ') : -1;
  if (end === -1) return { blocked: true, hook: null, message: rest.trim() || null, errors };
  return { blocked: true, hook: rest.slice(1, end), message: rest.slice(end + 3).trim() || null, errors };
}

/** A result given as text blocks, joined. */
function resultText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isPlainObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/** hook_event_name before the tool fields, as Claude Code orders a payload. */
function reorder(payload: Record<string, unknown>): Record<string, unknown> {
  const { hook_event_name, ...rest } = payload;
  const ordered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'tool_name') ordered.hook_event_name = hook_event_name;
    ordered[key] = value;
  }
  return ordered;
}
