import { join, resolve } from 'node:path';
import type { RecordedEvent, RecordPosition, SessionRecordParser, SessionRecordReader } from '../../kit/index.js';
import { BoundedMap } from '../../util/bounded-map.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * Claude Code transcripts (`<config dir>/projects/<slug>/<session id>.jsonl`, one JSON record a line),
 * read back into the hook payloads Claude Code sends (docs/replay.md has the field mapping, checked
 * against transcripts Claude Code 2.1.328 wrote). Only `user` and `assistant` records matter; the
 * rest (`queue-operation`, `last-prompt`, `attachment`, request copies, …) are the agent's bookkeeping.
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
};

/** Claude Code's directory name for a project: its absolute path with every other character than [A-Za-z0-9] made `-`. */
export function projectSlug(cwd: string): string {
  return resolve(cwd).replace(/[^A-Za-z0-9]/g, '-');
}

/** Calls whose result has not arrived yet; past this many (a transcript of only calls) the oldest are forgotten. */
const MAX_PENDING_CALLS = 4096;

interface PendingCall {
  tool: string;
  input: unknown;
  common: Record<string, unknown>;
}

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
    return { event: 'UserPromptSubmit', payload, tool: null, ...at };
  }

  /** Each tool_use block is its own assistant record in practice; a record holding several is read the same way. */
  private calls(record: Record<string, unknown>, content: unknown, at: RecordPosition): RecordedEvent[] {
    if (!Array.isArray(content)) return [];
    const events: RecordedEvent[] = [];
    for (const block of content) {
      if (!isPlainObject(block) || block.type !== 'tool_use' || typeof block.name !== 'string' || typeof block.id !== 'string') continue;
      const common = this.common(record);
      this.pending.set(block.id, { tool: block.name, input: block.input ?? {}, common });
      const payload = {
        ...common,
        hook_event_name: 'PreToolUse',
        tool_name: block.name,
        tool_input: block.input ?? {},
        tool_use_id: block.id,
      };
      events.push({ event: 'PreToolUse', payload, tool: block.name, ...at });
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
