import { isAbsolute, join, relative, resolve } from 'node:path';
import type { RecordedEvent, RecordedHookTrace, RecordPosition, SessionRecordParser, SessionRecordReader } from '../../kit/index.js';
import { CANONICAL_TOOLS, toolNamesOf } from '../../kit/index.js';
import { BoundedMap } from '../../util/bounded-map.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { stringifyJson } from '../../util/safe-json.js';
import { concordance } from './concordance.js';

/**
 * GitHub Copilot CLI's session records (`$COPILOT_HOME/session-state/<session id>/events.jsonl`, every
 * line `{type, data, id, timestamp, parentId}`), read back into the hook payloads Copilot sends
 * (docs/copilot.md has the field mapping, checked against sessions Copilot CLI 1.0.102 wrote). Copilot
 * writes a `hook.start` (with the hook's input) and a `hook.end` (its answer, or its error) for every
 * hook invocation, so a payload is taken from there when a hook ran and rebuilt from the tool and
 * message records when none did.
 */
export const sessionRecords: SessionRecordReader = {
  events: ['preToolUse', 'userPromptSubmitted', 'permissionRequest', 'postToolUse', 'postToolUseFailure', 'PreToolUse', 'UserPromptSubmit'],
  defaultEvents: ['preToolUse', 'userPromptSubmitted'],
  defaultLocations({ cwd, home, env }) {
    // Observed: a relative COPILOT_HOME is taken from the directory Copilot starts in.
    const configured = env.COPILOT_HOME;
    const copilotHome = configured !== undefined && configured.trim() !== '' ? resolve(cwd, configured) : join(home, '.copilot');
    const project = resolve(cwd);
    // Every project's sessions share one folder: keep those that started in this project or below it.
    return { paths: [join(copilotHome, 'session-state')], inProject: (sessionCwd) => isWithin(project, sessionCwd) };
  },
  isRecordFile: (name) => name === 'events.jsonl',
  recordKind: 'session event',
  open: () => new CopilotSession(),
  // The finding, kept by the dialect: from a subdirectory, the repository root's .github/hooks is not loaded.
  projectHooksFrom: 'start-directory',
  recordsHookErrors: true,
  hookTraces:
    'Copilot CLI records every hook it runs (hook.start with its input, hook.end with its answer or error) and a refused call ' +
    'in its tool.execution_complete; a call with no hook.start ran no hook',
};

function isWithin(dir: string, path: string): boolean {
  const rel = relative(dir, resolve(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Calls and hook invocations waiting for their end; past this many the oldest are reported without one. */
const MAX_PENDING = 4096;
/** Calls of one preToolUse invocation looked at (Copilot batches a turn's parallel calls into one). */
const MAX_CALLS_PER_HOOK = 256;
/** Running calls a post hook's input is matched against (a turn's parallel calls are a handful). */
const MAX_RUNNING = 64;
/** Failed hooks kept per call. */
const MAX_ERRORS_PER_CALL = 16;

/** What Copilot CLI 1.0.102 writes when a preToolUse hook refused a call (`: <reason>`, ` (hook errored)`, …). */
const REFUSED = 'Denied by preToolUse hook';
/** What it writes when a postToolUse hook withheld the result: the tool ran. */
const WITHHELD = 'Tool result blocked: ';

/**
 * The tool names Copilot gives a Claude-named event (`PreToolUse`): the concordance row lists each
 * tool as [its own name, the Claude-named events' name] (observed with 1.0.102); a tool not listed
 * keeps its own name.
 */
const CLAUDE_TOOL_NAMES: ReadonlyMap<string, string> = new Map(
  CANONICAL_TOOLS.flatMap((tool) => {
    const [own, claudeNamed] = toolNamesOf(concordance, tool);
    return own !== undefined && claudeNamed !== undefined ? [[own, claudeNamed] as const] : [];
  }),
);

interface PendingCall {
  id: string;
  tool: string;
  args: unknown;
  /** The arguments' JSON text, once a comparison needed it. */
  argsText: string | null | undefined;
  at: RecordPosition;
  /** The position of the preToolUse hook.start that covered the call (its time is the payload's timestamp). */
  hookAt: RecordPosition | null;
  /** Where the refusal came from, when the hook errored (`.github/hooks/hooks.json`). */
  source: string | null;
  errors: { hook: string | null; message: string }[];
  /** Set by a postToolUse hook.start: the post event came from the hook's input, not rebuilt. */
  postSeen: boolean;
  /** The post event, held until the call's own events are out (so rows follow the call). */
  post: RecordedEvent[];
}

interface Invocation {
  hookType: string;
  input: Record<string, unknown>;
  at: RecordPosition;
  /** preToolUse: the calls it covered; post events: the call it was linked to. */
  calls: string[];
}

class CopilotSession implements SessionRecordParser {
  private sessionId: string | null = null;
  private sessionCwd: string | null = null;
  private readonly calls = new BoundedMap<string, PendingCall>(MAX_PENDING);
  private readonly invocations = new BoundedMap<string, Invocation>(MAX_PENDING);
  /** The most recently started calls still running, oldest first: where a post hook's call is looked for. */
  private running: string[] = [];
  /** A userPromptSubmitted hook ran for the next user.message: its event came from the hook records. */
  private promptFromHook = false;

  session() {
    return this.sessionId === null ? null : { id: this.sessionId, cwd: this.sessionCwd };
  }

  record(record: Record<string, unknown>, at: RecordPosition): { events: RecordedEvent[]; warning?: string } {
    const data = record.data;
    if (typeof record.type !== 'string' || !isPlainObject(data))
      return { events: [], warning: 'not a session event (expected {type, data})' };
    switch (record.type) {
      case 'session.start':
        this.sessionStart(data);
        return { events: [] };
      case 'hook.start':
        return this.hookStart(data, at);
      case 'hook.end':
        return { events: this.hookEnd(data) };
      case 'user.message':
        return { events: this.userMessage(data, at) };
      case 'tool.execution_start':
        return { events: this.callStart(data, at) };
      case 'tool.execution_complete':
        return { events: this.callEnd(data, at) };
      default:
        return { events: [] };
    }
  }

  private sessionStart(data: Record<string, unknown>): void {
    this.sessionId ??= str(data.sessionId);
    const context = isPlainObject(data.context) ? data.context : {};
    this.sessionCwd ??= str(context.cwd);
  }

  /** The fields every camelCase payload starts with: `sessionId`, `timestamp` (ms), `cwd`. */
  private common(at: RecordPosition): Record<string, unknown> {
    const time = at.timestamp === null ? Number.NaN : Date.parse(at.timestamp);
    return { sessionId: this.sessionId ?? '', timestamp: Number.isNaN(time) ? 0 : time, cwd: this.sessionCwd ?? '' };
  }

  /** The same for a Claude-named event: `hook_event_name`, `session_id`, an ISO `timestamp`, `cwd`. */
  private snakeCommon(event: string, at: RecordPosition): Record<string, unknown> {
    return { hook_event_name: event, session_id: this.sessionId ?? '', timestamp: at.timestamp ?? '', cwd: this.sessionCwd ?? '' };
  }

  private hookStart(data: Record<string, unknown>, at: RecordPosition): { events: RecordedEvent[]; warning?: string } {
    const id = str(data.hookInvocationId);
    const hookType = str(data.hookType);
    if (id === null || hookType === null || !isPlainObject(data.input))
      return { events: [], warning: 'a hook.start without hookInvocationId, hookType or an input object' };
    const invocation: Invocation = { hookType, input: data.input, at, calls: [] };
    const events: RecordedEvent[] = [];
    if (hookType === 'preToolUse') invocation.calls = this.coveredCalls(data.input, at);
    // The user.message that follows (unless the hook blocks the prompt) is this prompt again.
    else if (hookType === 'userPromptSubmitted') this.promptFromHook = typeof data.input.prompt === 'string';
    else if (hookType === 'postToolUse' || hookType === 'postToolUseFailure') {
      const call = this.runningCall(data.input);
      if (call !== undefined) {
        call.postSeen = true;
        invocation.calls = [call.id];
      }
    }
    // The same id again (a damaged or forged file): the first is reported now, without what it answered.
    const again = this.invocations.take(id);
    if (again !== undefined) events.push(...this.ended(again, undefined));
    // Full: the oldest invocation whose end never came is reported now, without what it answered.
    if (this.invocations.size >= MAX_PENDING) {
      const oldest = this.invocations.keys().next().value as string;
      events.push(...this.ended(this.invocations.take(oldest)!, undefined));
    }
    this.invocations.set(id, invocation);
    return { events };
  }

  /** The calls a preToolUse hook.start names (`toolCalls: [{id, name, args}]`), each noted with the hook's time. */
  private coveredCalls(input: Record<string, unknown>, at: RecordPosition): string[] {
    if (!Array.isArray(input.toolCalls)) return [];
    const ids: string[] = [];
    for (const entry of input.toolCalls.slice(0, MAX_CALLS_PER_HOOK)) {
      if (!isPlainObject(entry) || typeof entry.id !== 'string') continue;
      // Copilot writes a call's tool.execution_start before the hook.start that covers it.
      const call = this.calls.get(entry.id);
      if (call === undefined) continue;
      call.hookAt = at;
      ids.push(entry.id);
    }
    return ids;
  }

  /**
   * The started call a post hook's input is about: it names no call id, so the running call of that
   * tool whose arguments are the same, else the first running call of that tool (a hook may have
   * rewritten the arguments with `modifiedArgs`).
   */
  private runningCall(input: Record<string, unknown>): PendingCall | undefined {
    const tool = str(input.toolName);
    const candidates = this.running.map((id) => this.calls.get(id)).filter((call) => call?.tool === tool && !call.postSeen);
    if (candidates.length <= 1) return candidates[0];
    const args = safeText(input.toolArgs);
    return candidates.find((call) => args !== null && argsText(call!) === args) ?? candidates[0];
  }

  private hookEnd(data: Record<string, unknown>): RecordedEvent[] {
    const id = str(data.hookInvocationId);
    const invocation = id === null ? undefined : this.invocations.take(id);
    if (invocation === undefined) return [];
    return this.ended(invocation, data);
  }

  /** What an invocation's end tells (`end` undefined: it never came), and the events it completes. */
  private ended(invocation: Invocation, end: Record<string, unknown> | undefined): RecordedEvent[] {
    const output = isPlainObject(end?.output) ? end.output : {};
    const error = end?.success === false ? hookError(end.error) : null;
    switch (invocation.hookType) {
      case 'preToolUse':
        for (const callId of invocation.calls) {
          const call = this.calls.get(callId);
          if (call === undefined) continue;
          if (error !== null && call.errors.length < MAX_ERRORS_PER_CALL) call.errors.push(error);
          if (typeof output[callId] === 'string' && error !== null) call.source = error.hook;
        }
        return [];
      case 'userPromptSubmitted':
        return this.hookedPrompt(invocation, end === undefined ? undefined : output, error);
      case 'postToolUse':
      case 'postToolUseFailure':
        return this.hookedPost(invocation, end === undefined ? undefined : output, error);
      case 'permissionRequest': {
        const payload = invocation.input;
        return [{ event: 'permissionRequest', payload, tool: str(payload.toolName), input: payload.toolInput ?? null, ...invocation.at }];
      }
      default:
        return [];
    }
  }

  /** A prompt whose userPromptSubmitted hook ran: the payload is the hook's input; `decision: "block"` kept it from the model. */
  private hookedPrompt(
    invocation: Invocation,
    output: Record<string, unknown> | undefined,
    error: { hook: string | null; message: string } | null,
  ): RecordedEvent[] {
    const blocked = output?.decision === 'block';
    // A blocked prompt never becomes a user.message: the next one is another prompt.
    if (blocked) this.promptFromHook = false;
    const prompt = invocation.input.prompt;
    if (typeof prompt !== 'string') return [];
    const reason = blocked && typeof output.reason === 'string' && output.reason !== '' ? output.reason : null;
    const hooks: RecordedHookTrace | undefined =
      output === undefined ? undefined : { blocked, hook: null, message: reason, errors: error === null ? [] : [error] };
    const camel = { event: 'userPromptSubmitted', payload: invocation.input, tool: null, ...invocation.at };
    const snake = { event: 'UserPromptSubmit', payload: { ...this.snakeCommon('UserPromptSubmit', invocation.at), prompt }, tool: null };
    return [withHooks(camel, hooks), withHooks({ ...snake, ...invocation.at }, hooks)];
  }

  /** A post event from its hook's input (the result as the hook got it); held on its call when linked to one. */
  private hookedPost(
    invocation: Invocation,
    output: Record<string, unknown> | undefined,
    error: { hook: string | null; message: string } | null,
  ): RecordedEvent[] {
    const input = invocation.input;
    // Copilot records the result with fields the hook is not sent (sessionLog, toolTelemetry).
    const result = isPlainObject(input.toolResult)
      ? { resultType: input.toolResult.resultType, textResultForLlm: input.toolResult.textResultForLlm }
      : undefined;
    const payload = result === undefined ? input : { ...input, toolResult: result };
    const hooks: RecordedHookTrace | undefined =
      output === undefined
        ? undefined
        : { blocked: output.blocked === true, hook: null, message: null, errors: error === null ? [] : [error] };
    const event = withHooks(
      { event: invocation.hookType, payload, tool: str(input.toolName), input: input.toolArgs ?? null, ...invocation.at },
      hooks,
    );
    const call = invocation.calls[0] === undefined ? undefined : this.calls.get(invocation.calls[0]);
    if (call === undefined) return [event];
    call.post.push(event);
    return [];
  }

  /** A prompt no userPromptSubmitted hook saw (none ran): rebuilt from the message, and it reached the model. */
  private userMessage(data: Record<string, unknown>, at: RecordPosition): RecordedEvent[] {
    if (this.promptFromHook) {
      this.promptFromHook = false;
      return [];
    }
    const prompt = str(data.content);
    if (prompt === null) return [];
    const hooks: RecordedHookTrace = { blocked: false, hook: null, message: null, errors: [] };
    const camel = { event: 'userPromptSubmitted', payload: { ...this.common(at), prompt }, tool: null, ...at, hooks };
    const snake = { event: 'UserPromptSubmit', payload: { ...this.snakeCommon('UserPromptSubmit', at), prompt }, tool: null, ...at, hooks };
    return [camel, snake];
  }

  private callStart(data: Record<string, unknown>, at: RecordPosition): RecordedEvent[] {
    const id = str(data.toolCallId);
    if (id === null || this.calls.has(id)) return [];
    const events: RecordedEvent[] = [];
    // Full: the oldest call whose end never came is reported now, without a trace.
    if (this.calls.size >= MAX_PENDING) {
      const oldest = this.calls.keys().next().value as string;
      events.push(...this.callEvents(this.calls.take(oldest)!, undefined));
    }
    const tool = str(data.toolName);
    if (tool === null) return events;
    const args = data.arguments ?? {};
    this.calls.set(id, { id, tool, args, argsText: undefined, at, hookAt: null, source: null, errors: [], postSeen: false, post: [] });
    this.running.push(id);
    if (this.running.length > MAX_RUNNING) this.running.shift();
    return events;
  }

  private callEnd(data: Record<string, unknown>, at: RecordPosition): RecordedEvent[] {
    const id = str(data.toolCallId);
    const call = id === null ? undefined : this.calls.take(id);
    if (call === undefined) return [];
    this.running = this.running.filter((running) => running !== call.id);
    return this.callEvents(call, { data, at });
  }

  /** A call's events: its preToolUse (both names) with what the record says the hooks did, then its post event. */
  private callEvents(call: PendingCall, end: { data: Record<string, unknown>; at: RecordPosition } | undefined): RecordedEvent[] {
    const hooks = end === undefined ? undefined : callTrace(call, end.data);
    const at = call.hookAt ?? call.at;
    const camel = { event: 'preToolUse', payload: { ...this.common(at), toolName: call.tool, toolArgs: call.args }, tool: call.tool };
    const claudeName = CLAUDE_TOOL_NAMES.get(call.tool) ?? call.tool;
    const snake = {
      event: 'PreToolUse',
      payload: { ...this.snakeCommon('PreToolUse', at), tool_name: claudeName, tool_input: call.args },
      tool: claudeName,
    };
    const events = [withHooks({ ...camel, input: call.args, ...at }, hooks), withHooks({ ...snake, ...at }, hooks)];
    if (end !== undefined && !call.postSeen) events.push(...this.rebuiltPost(call, end.data, end.at));
    events.push(...call.post);
    return events;
  }

  /** The post event no hook saw, rebuilt from the call's end: postToolUse for a result, postToolUseFailure for an error. */
  private rebuiltPost(call: PendingCall, data: Record<string, unknown>, at: RecordPosition): RecordedEvent[] {
    const base = { ...this.common(at), toolName: call.tool, toolArgs: call.args };
    const event = { tool: call.tool, input: call.args, ...at };
    const result = isPlainObject(data.result) ? data.result : null;
    if (data.success === true && result !== null && typeof result.content === 'string') {
      const toolResult = { resultType: 'success', textResultForLlm: result.content };
      return [{ event: 'postToolUse', payload: { ...base, toolResult }, ...event }];
    }
    const error = isPlainObject(data.error) ? data.error : null;
    // A refused call never ran (`denied`): no post event fired for it.
    if (data.success === false && error !== null && error.code === 'failure' && typeof error.message === 'string')
      return [{ event: 'postToolUseFailure', payload: { ...base, error: error.message }, ...event }];
    return [];
  }

  /** Calls and invocations whose end never came, in order: replayed without a recorded trace. */
  finish(): RecordedEvent[] {
    const events: RecordedEvent[] = [];
    for (const invocation of [...this.invocations.values()]) events.push(...this.ended(invocation, undefined));
    this.invocations.clear();
    for (const call of [...this.calls.values()]) events.push(...this.callEvents(call, undefined));
    this.calls.clear();
    return events;
  }
}

/**
 * What a call's end says the preToolUse hooks did: `denied` with Copilot's refusal text is a hook's
 * refusal (the tool never ran); a withheld result or any other end ran; any other `denied` was Copilot's
 * own permission refusal, which tells nothing about the hooks.
 */
function callTrace(call: PendingCall, data: Record<string, unknown>): RecordedHookTrace | undefined {
  const error = isPlainObject(data.error) ? data.error : null;
  const message = typeof error?.message === 'string' ? error.message : null;
  if (data.success === false && error?.code === 'denied') {
    if (message?.startsWith(REFUSED)) return { blocked: true, hook: call.source, message, errors: call.errors };
    if (!message?.startsWith(WITHHELD)) return undefined;
  }
  return { blocked: false, hook: null, message: null, errors: call.errors };
}

/** A failed hook's end (`error: {message, source}`): the file it came from and its message on one line. */
function hookError(error: unknown): { hook: string | null; message: string } {
  if (!isPlainObject(error)) return { hook: null, message: 'hook failed' };
  const text = typeof error.message === 'string' ? error.message.replace(/^Error: /, '').trim() : '';
  return { hook: str(error.source), message: text.replace(/\s*\n\s*/g, ' ') || 'hook failed' };
}

function withHooks(event: RecordedEvent, hooks: RecordedHookTrace | undefined): RecordedEvent {
  return hooks === undefined ? event : { ...event, hooks };
}

function argsText(call: PendingCall): string | null {
  call.argsText ??= safeText(call.args);
  return call.argsText;
}

/** A value's JSON text for a comparison, or null when it has none (safe at any depth). */
function safeText(value: unknown): string | null {
  try {
    return stringifyJson(value) ?? null;
  } catch {
    return null;
  }
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
