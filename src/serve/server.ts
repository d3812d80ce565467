import { setMaxListeners } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { loadContextOf, openEngine, reloadFailureWarnings, type EngineSettings, type HookEngine } from '../engine/engine.js';
import { HookctlError, PayloadValidationError, UnknownEventError } from '../errors.js';
import type { Dialect } from '../kit/index.js';
import { listHooks } from '../trust/list-hooks.js';
import { stringifyJson } from '../util/safe-json.js';
import { didYouMean, didYouMeanSuffix } from '../util/did-you-mean.js';
import {
  ENGINE_ERROR,
  errorResponse,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  parseLine,
  resultResponse,
  RpcFailure,
  SHUTTING_DOWN,
  type Request,
  type RequestId,
  type Response,
  type RpcError,
} from './json-rpc.js';
import { readLines } from './line-reader.js';
import { dispatchParams, noParams } from './params.js';

/** A request line may carry a multi-megabyte payload (a file a tool writes); past this it is refused unread. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
/**
 * Dispatches running at once; later ones wait their turn in arrival order. Pipelining thousands
 * must not start thousands of hook processes at the same moment.
 */
export const MAX_CONCURRENT_DISPATCHES = 32;
/** Requests waiting for a turn before the server stops reading its input (the client's writes then block). */
const MAX_QUEUED_REQUESTS = 1024;

export const METHODS = ['dispatch', 'list', 'shutdown'] as const;

export interface ServerOptions {
  dialect: Dialect;
  /** How to load and run hooks (cwd, home, env, managed file, bypassTrust…); the server adds `watch`. */
  settings: EngineSettings;
  input: Readable;
  output: Writable;
  /** One line for a person (standard error): readiness, reloads, failed notifications. */
  log(line: string): void;
  /** Aborting it stops the server now: running hooks (async ones too) are killed, nothing is waited for. */
  signal: AbortSignal;
  maxConcurrentDispatches?: number;
  maxLineBytes?: number;
}

/** Why the server stopped. */
export type ServerEnd = 'shutdown' | 'end-of-input' | 'cancelled' | 'output-closed';

/**
 * `hookctl serve`: the engine as a long-lived JSON-RPC 2.0 server, one message per line (docs/serve.md).
 * Opens a watching engine first (a configuration that does not load rejects with its
 * `ConfigLoadError`, before any input is read), then serves until `shutdown`, the end of input,
 * the signal, or the loss of the output, and resolves with which one it was.
 */
export async function serve(options: ServerOptions): Promise<ServerEnd> {
  let session: Session | null = null;
  const engine = await openEngine(options.dialect, {
    ...options.settings,
    watch: true,
    onReload: (error) => session?.reloaded(error),
  });
  session = new Session(engine, options);
  return session.run();
}

/** A request (dispatch or list) waiting for a slot. */
interface Job {
  id: RequestId | undefined;
  start(): Promise<void>;
}

class Session {
  private state: 'serving' | 'draining' | 'cancelling' = 'serving';
  private readonly queue: Job[] = [];
  private running = 0;
  /** Every request being worked on (dispatches, lists), so draining can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly controllers = new Set<AbortController>();
  private readonly shutdownIds: RequestId[] = [];
  private outputBroken = false;
  private inputPaused = false;
  /** The `list` being computed, shared by every list request that arrives meanwhile. */
  private listing: Promise<unknown> | null = null;
  /**
   * Answers not yet written: each is serialised only when the output can take it, so a client
   * that does not read holds back at most one serialised answer plus the stream's own buffer.
   */
  private readonly outbox: Response[] = [];
  /** The output stream's buffer is full; nothing more is written until it drains. */
  private outputFull = false;
  private flushedWaiters: (() => void)[] = [];
  private finish!: (end: ServerEnd) => void;
  private readonly finished = new Promise<ServerEnd>((resolve) => (this.finish = resolve));
  private readonly maxConcurrent: number;
  /** What runs as of the last reload logged, or the problems of the last failed one. */
  private loadedSummary: string;

  constructor(
    private readonly engine: HookEngine,
    private readonly options: ServerOptions,
  ) {
    this.maxConcurrent = options.maxConcurrentDispatches ?? MAX_CONCURRENT_DISPATCHES;
    this.loadedSummary = summarise(engine);
  }

  run(): Promise<ServerEnd> {
    const { input, output, signal, log } = this.options;
    const cwd = loadContextOf(this.options.settings).cwd;
    log(
      `hookctl serve: ready: ${this.engine.dialect} hooks of ${cwd} (${plural(this.engine.handlers.length, 'hook')}); ` +
        'JSON-RPC 2.0, one message per line',
    );
    output.on('error', () => {
      // The client is gone (EPIPE) or the output failed: nobody can receive an answer any more.
      this.outputBroken = true;
      void this.cancel('output-closed');
    });
    if (signal.aborted) void this.cancel('cancelled');
    else signal.addEventListener('abort', () => void this.cancel('cancelled'), { once: true });
    readLines(input, this.options.maxLineBytes ?? MAX_LINE_BYTES, {
      line: (text) => this.onLine(text),
      oversized: () =>
        this.send(
          errorResponse(null, {
            code: PARSE_ERROR,
            message: `request line longer than ${formatBytes(this.options.maxLineBytes ?? MAX_LINE_BYTES)}; it was discarded unread`,
          }),
        ),
      end: () => void this.drain(null),
    });
    return this.finished;
  }

  /**
   * Logs each reload the engine made by itself (a config file, the trust store or a script
   * changed) that changed what runs; a reload that confirms what was loaded (a file saved
   * unchanged, a second look at a file written a moment before) says nothing.
   */
  reloaded(error: Error | null): void {
    const problems = error === null ? null : reloadFailureWarnings(error);
    const summary = problems === null ? summarise(this.engine) : JSON.stringify(problems);
    if (summary === this.loadedSummary) return;
    this.loadedSummary = summary;
    if (problems === null) this.options.log(`hookctl serve: configuration reloaded (${plural(this.engine.handlers.length, 'hook')})`);
    else for (const problem of problems) this.options.log(`hookctl serve: ${problem}`);
  }

  private onLine(text: string): void {
    if (text.trim() === '') return;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      this.send(errorResponse(parsed.id, parsed.error));
      return;
    }
    const { request } = parsed;
    if (this.state !== 'serving') {
      if (request.id !== undefined)
        this.send(errorResponse(request.id, { code: SHUTTING_DOWN, message: 'the server is shutting down and takes no new requests' }));
      return;
    }
    try {
      this.handle(request);
    } catch (error) {
      this.fail(request, error);
    }
  }

  private handle(request: Request): void {
    switch (request.method) {
      case 'dispatch': {
        const params = dispatchParams(request.params);
        this.enqueue({ id: request.id, start: () => this.dispatch(request, params) });
        return;
      }
      case 'list':
        noParams('list', request.params);
        // Through the same bounded queue as dispatches: pipelined lists wait their turn (issue 22).
        this.enqueue({ id: request.id, start: () => this.list(request) });
        return;
      case 'shutdown':
        noParams('shutdown', request.params);
        void this.drain(request);
        return;
      default: {
        const suggestion = didYouMean(request.method, METHODS);
        const remedy = suggestion === null ? `; the methods are ${METHODS.join(', ')}` : didYouMeanSuffix(suggestion);
        throw new RpcFailure(METHOD_NOT_FOUND, `unknown method ${JSON.stringify(request.method)}${remedy}`);
      }
    }
  }

  private async dispatch(request: Request, params: ReturnType<typeof dispatchParams>): Promise<void> {
    const controller = new AbortController();
    // Every hook of the dispatch listens for the abort; many hooks are not a leak.
    setMaxListeners(0, controller.signal);
    this.controllers.add(controller);
    try {
      const outcome = await this.engine.dispatch(params.event, params.payload, {
        signal: controller.signal,
        ...(params.matcherAliases ? { matcherAliases: params.matcherAliases } : {}),
      });
      this.answer(request, outcome);
    } catch (error) {
      this.fail(request, error);
    } finally {
      this.controllers.delete(controller);
    }
  }

  private async list(request: Request): Promise<void> {
    try {
      this.answer(request, await this.sharedListing());
    } catch (error) {
      this.fail(request, error);
    }
  }

  /**
   * The listing, computed once for every `list` that arrives while it is being computed: a flood
   * of pipelined lists costs one listing in memory, not one per request (issue 22, hole 3). A list
   * that arrives after it was answered computes afresh (the configuration may have changed).
   */
  private sharedListing(): Promise<unknown> {
    if (this.listing === null) {
      // Exactly `hookctl list --json`, which takes no bypass: the listing shows what runs by default.
      const { bypassTrust: _bypass, ...context } = loadContextOf(this.options.settings);
      const pending = listHooks(this.options.dialect, context).then(({ listing }) => listing);
      this.listing = pending;
      const clear = () => {
        if (this.listing === pending) this.listing = null;
      };
      pending.then(clear, clear);
    }
    return this.listing;
  }

  /** Runs `job` when a dispatch slot is free, in arrival order; stops reading input while too many wait. */
  private enqueue(job: Job): void {
    this.queue.push(job);
    this.throttleInput();
    this.pump();
  }

  /**
   * Stops reading requests while too many wait for a slot or while the client does not read its
   * answers (the output is full); reads again once both have come down. The client's own writes
   * then block: memory stays bounded however many requests it pipelines.
   */
  private throttleInput(): void {
    const backedUp = this.queue.length >= MAX_QUEUED_REQUESTS || this.outputFull || this.outbox.length >= MAX_QUEUED_REQUESTS;
    if (backedUp && !this.inputPaused) {
      this.inputPaused = true;
      this.options.input.pause();
    } else if (
      this.inputPaused &&
      !this.outputFull &&
      this.queue.length < MAX_QUEUED_REQUESTS / 2 &&
      this.outbox.length < MAX_QUEUED_REQUESTS / 2 &&
      this.state === 'serving'
    ) {
      this.inputPaused = false;
      this.options.input.resume();
    }
  }

  private pump(): void {
    while (this.running < this.maxConcurrent && this.queue.length > 0 && this.state !== 'cancelling') {
      const job = this.queue.shift()!;
      this.running++;
      this.track(
        job.start().finally(() => {
          this.running--;
          this.pump();
        }),
      );
    }
    this.throttleInput();
  }

  private track(work: Promise<void>): void {
    const settled = work.catch(() => undefined);
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }

  /**
   * `shutdown` or end of input: take no new work, let queued and running requests finish and be
   * answered, wait for async hooks (bounded by their timeouts), answer each `shutdown`, stop.
   */
  private async drain(request: Request | null): Promise<void> {
    if (request !== null && request.id !== undefined) this.shutdownIds.push(request.id);
    if (this.state !== 'serving') return;
    this.state = 'draining';
    while (this.inFlight.size > 0 || this.queue.length > 0) await Promise.all([...this.inFlight]);
    await this.engine.close();
    if (this.state !== 'draining') return; // cancelled meanwhile
    for (const id of this.shutdownIds) this.send(resultResponse(id, null));
    this.stopReading();
    await this.flushed();
    this.finish(request === null ? 'end-of-input' : 'shutdown');
  }

  /** A signal or a lost output: kill every running hook now, answer nothing new, stop. */
  private async cancel(end: ServerEnd): Promise<void> {
    if (this.state === 'cancelling') return;
    this.state = 'cancelling';
    for (const controller of this.controllers) controller.abort();
    for (const job of this.queue.splice(0)) {
      if (job.id !== undefined)
        this.send(errorResponse(job.id, { code: SHUTTING_DOWN, message: 'the server is stopping; this dispatch was not started' }));
    }
    this.stopReading();
    await Promise.all([...this.inFlight]);
    await this.engine.close({ signal: AbortSignal.abort() });
    this.finish(end);
  }

  private stopReading(): void {
    // Without this an open standard input would keep the process alive after the last answer.
    this.options.input.pause();
    this.options.input.destroy();
  }

  private answer(request: Request, result: unknown): void {
    if (request.id !== undefined) this.send(resultResponse(request.id, result));
  }

  private fail(request: Request, error: unknown): void {
    const rpcError = rpcErrorOf(error);
    if (request.id !== undefined) this.send(errorResponse(request.id, rpcError));
    // A notification has nobody to answer; a person reading the log still learns it failed.
    else this.options.log(`hookctl serve: notification ${JSON.stringify(request.method)} failed: ${firstLine(rpcError.message)}`);
  }

  private send(response: Response): void {
    if (this.outputBroken) return;
    this.outbox.push(response);
    this.flush();
  }

  /** Writes queued answers while the output takes them; resumes on 'drain'. */
  private flush(): void {
    while (!this.outputFull && !this.outputBroken && this.outbox.length > 0) {
      const full = !this.options.output.write(`${serialise(this.outbox.shift()!)}\n`);
      if (full) {
        this.outputFull = true;
        this.options.output.once('drain', () => {
          this.outputFull = false;
          this.flush();
        });
      }
    }
    this.throttleInput();
    if (this.outbox.length === 0 || this.outputBroken) for (const done of this.flushedWaiters.splice(0)) done();
  }

  /** Resolves once every queued answer was handed to the output (or the output broke). */
  private flushed(): Promise<void> {
    if (this.outbox.length === 0 || this.outputBroken) return Promise.resolve();
    return new Promise((resolve) => this.flushedWaiters.push(resolve));
  }
}

/** One answer as a JSON line's text; an answer JSON cannot hold becomes an internal-error answer. */
function serialise(response: Response): string {
  let text: string;
  try {
    // At any depth: an outcome carries the hook's updatedInput, as deep as the hook wrote it.
    text = stringifyJson(response);
  } catch (error) {
    text = JSON.stringify(
      errorResponse(response.id, { code: INTERNAL_ERROR, message: `the result cannot be written as JSON: ${(error as Error).message}` }),
    );
  }
  return text;
}

function rpcErrorOf(error: unknown): RpcError {
  if (error instanceof RpcFailure) return error.toError();
  // Bad params in the JSON-RPC sense: an event the dialect does not have, a payload it rejects.
  if (error instanceof UnknownEventError) return { code: INVALID_PARAMS, message: error.message, data: { param: 'event' } };
  if (error instanceof PayloadValidationError)
    return { code: INVALID_PARAMS, message: error.message, data: { param: 'payload', errors: error.errors } };
  if (error instanceof HookctlError) return { code: ENGINE_ERROR, message: error.message };
  return { code: INTERNAL_ERROR, message: `internal error: ${error instanceof Error ? error.message : String(error)}` };
}

/** Every loaded hook with its definition, trust and standing skip reason, plus the load warnings. */
function summarise(engine: HookEngine): string {
  const hooks = engine.handlers.map((handler) => [
    handler.id,
    handler.event,
    handler.matcher.source,
    handler.command,
    handler.timeoutMs,
    handler.mode,
    handler.trust,
    handler.skipReason,
  ]);
  return JSON.stringify([hooks, engine.warnings]);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function firstLine(text: string): string {
  const newline = text.indexOf('\n');
  return newline === -1 ? text : `${text.slice(0, newline)} …`;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
