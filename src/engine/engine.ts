import { mkdir, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { BuiltinHook, Dialect, EventSpec, HandlerRecord, HandlerTrust, InProcessHook, LoadContext, LoadedConfig, SwitchedOff, ValidationError } from '../kit/index.js';
import { ConfigLoadError, DuplicateHookIdError, InProcessNotAllowedError, PayloadNotJsonError, PayloadValidationError, UnknownEventError, UsageError } from '../errors.js';
import { standingSkipReason } from '../trust/skip-reason.js';
import { didYouMean } from '../util/did-you-mean.js';
import { AsyncRuns } from './async-runs.js';
import { dispatchEvent, type DispatchOptions } from './dispatch.js';
import type { EngineHandler } from './engine-handler.js';
import { invokeInProcess } from './in-process.js';
import { noEffect } from './interpret-helpers.js';
import type { Outcome, SkipReason } from '../kit/outcome.js';
import type { RunResult } from '../kit/run-result.js';
import { runCommand } from './run-command.js';
import { runHttp } from './run-http.js';
import { EventSelector } from './select.js';
import { formatFinding } from '../kit/finding.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { NotJsonError, stringifyJson } from '../util/safe-json.js';
import { userHome } from '../util/user-home.js';

export const BYPASS_TRUST_WARNING =
  '`--dangerously-bypass-hook-trust` is enabled. Enabled hooks may run without review for this invocation.';
export const HOOKS_DISABLED_WARNING = 'hooks are disabled by the configuration; nothing runs';
const DEFAULT_OUTPUT_LIMIT_BYTES = 1024 * 1024;
/** Total output captured from the sync hooks of one dispatch (docs/security.md, invariant 4). */
export const DEFAULT_DISPATCH_OUTPUT_LIMIT_BYTES = 16 * 1024 * 1024;
/** Sync hooks of one dispatch running at once: 3 pipes each, far below any file descriptor limit. */
export const DEFAULT_MAX_CONCURRENT_HOOKS = 64;
const IN_PROCESS_TIMEOUT_MS = 30_000;
/** Run dirs whose trust decisions are kept (an agent moves between a few directories). */
const MAX_RUN_DIRS = 32;

/** How an engine loads and runs hooks; the public `createEngine` adds the dialect to these. */
export interface EngineSettings {
  /** Project dir (default: process.cwd()). */
  cwd?: string;
  /** User home (default: $HOME). */
  home?: string;
  /** Environment of the agent, passed to hooks; snapshotted at creation (default: process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  managedConfigPath?: string;
  /** Run enabled non-managed hooks that are not trusted (SPEC 2.7); never overrides managed-only or disabled. */
  bypassTrust?: boolean;
  /** Default transport (octo: `cli`, `web`, `im`) for payloads that do not carry one, in dialects that have the field. */
  transport?: string;
  /**
   * Which rewrite of a tool input wins when several hooks return one: the last to finish (the
   * agents' runtime behaviour, default) or the last in configured order (deterministic, for tests).
   * Dialects whose agent defines the order (openinterpreter: configured) keep theirs.
   */
  rewriteOrder?: 'completion' | 'configured';
  /** Cap per output stream of each hook (default 1 MiB). */
  outputLimitBytes?: number;
  /** A settings layer for this session only: a file path or inline JSON (claude `--settings`). */
  settingsFlag?: string;
  /** Plugin directories loaded for this session only (claude `--plugin-dir`). */
  pluginDirs?: readonly string[];
  /**
   * `check` (default) holds hooks back in a folder whose workspace trust was never accepted
   * (claude's trust dialog; codex: `[projects."<path>"] trust_level = "trusted"`); `assume` takes
   * the folder as trusted, as claude does in headless (`-p`, SDK) sessions and `hookctl test` does
   * for the hooks it exercises. In claude `bypassTrust` implies `assume`; in codex it does not.
   */
  workspaceTrust?: 'check' | 'assume';
  /**
   * The file the host agent gives hooks to write environment exports to (claude `CLAUDE_ENV_FILE`);
   * without it the dialect makes a temporary one per dispatch and reports its content.
   */
  envFile?: string;
  /** Config overrides for this session, `key=value` each (codex `--config`, a layer of its own). */
  configOverrides?: readonly string[];
  /**
   * The shell codex hooks run with (`<shell> -c <command>`); default: the account's login shell
   * when it is bash, zsh or sh, else `/bin/sh`. Dialects that always use `sh -c` ignore it.
   */
  shell?: string;
  /**
   * Cap on all output captured from the sync hooks of one dispatch (default 16 MiB): with many
   * hooks each keeps a fair share (at least 4 KiB per stream) and runs past it are marked truncated.
   */
  dispatchOutputLimitBytes?: number;
  /** How many sync hooks of one dispatch run at once (default 64); the rest start as slots free up, in configured order. */
  maxConcurrentHooks?: number;
  /**
   * Refuse payloads the event's input schema rejects (PayloadValidationError). Default false: at
   * run time a payload from a newer agent is still dispatched, with one warning per violation, as
   * long as it is an object with a string matcher target (SPEC 4.1), so no guard turns off.
   */
  strictPayload?: boolean;
}

export interface CloseOptions {
  /** Stops waiting when it aborts: every async run still going is killed (process group, SIGTERM then SIGKILL). */
  signal?: AbortSignal;
}

/** Event names of an input map; any string for an engine whose dialect is not known statically. */
export type EventOf<Inputs> = [Inputs] extends [never] ? string : keyof Inputs & string;
/** The payload type of an event; `unknown` (validated at run time) when the dialect is not known statically. */
export type PayloadOf<Inputs, E> = [Inputs] extends [never] ? unknown : E extends keyof Inputs ? Inputs[E] : never;

/**
 * The engine an agent embeds: loaded config, trust decided, matchers compiled, ready to dispatch.
 * `Inputs` maps event names to payload types (`createEngine({ dialect: 'octo' })` types it from the
 * generated contracts); payloads are validated at run time either way.
 */
export interface Engine<Inputs = never> {
  readonly dialect: string;
  /** False when `[features] hooks = false` switches leave no hook to run (dispatches then run nothing). */
  readonly enabled: boolean;
  /**
   * Which hooks a `[features] hooks = false` switch turned off, and where: `non-managed` (a user or
   * project switch; managed hooks still run) or `all` (the managed requirements file's own switch).
   */
  readonly switchedOff: SwitchedOff | null;
  readonly handlers: readonly EngineHandler[];
  readonly warnings: readonly string[];
  dispatch<E extends EventOf<Inputs>>(event: E, payload: PayloadOf<Inputs, E>, options?: DispatchOptions): Promise<Outcome>;
  registerInProcess(event: EventOf<Inputs>, hook: InProcessHook, name?: string): void;
  /**
   * Waits for async hooks up to their timeouts, then kills them (with every process of their
   * process groups); resolves once nothing they started is left running.
   */
  close(options?: CloseOptions): Promise<void>;
}

/**
 * Loads the dialect's config layers, decides trust and compiles matchers: an engine ready to
 * dispatch. The dialect is given as a value; the public `createEngine` resolves ids to dialects.
 */
export async function openEngine(dialect: Dialect, options: EngineSettings): Promise<HookEngine> {
  checkLimits(options);
  const context: LoadContext = {
    cwd: resolve(options.cwd ?? process.cwd()),
    home: userHome(options.home),
    env: options.env ?? process.env,
    ...(options.managedConfigPath ? { managedConfigPath: resolve(options.managedConfigPath) } : {}),
    ...(options.bypassTrust ? { bypassTrust: true } : {}),
    ...(options.settingsFlag !== undefined ? { settingsFlag: options.settingsFlag } : {}),
    ...(options.pluginDirs ? { pluginDirs: options.pluginDirs } : {}),
    ...(options.configOverrides && options.configOverrides.length > 0 ? { configOverrides: options.configOverrides } : {}),
    ...(options.shell !== undefined ? { shell: options.shell } : {}),
    ...(options.workspaceTrust ? { workspaceTrust: options.workspaceTrust } : {}),
  };
  const config = await dialect.loadConfig(context);
  const fatal = config.findings.filter((finding) => finding.fatal);
  if (fatal.length > 0) throw new ConfigLoadError(fatal);
  const trust = await dialect.trust.evaluate(config.handlers, { ...context, projectDir: context.cwd });
  const builtins = config.enabled && dialect.builtinHooks ? await dialect.builtinHooks(context) : [];
  return new HookEngine(dialect, context, config, trust, builtins, options);
}

/** The engine implementation; its `dispatch` takes any event name, so it serves every typed `Engine<Inputs>`. */
export class HookEngine implements Engine {
  readonly dialect: string;
  readonly enabled: boolean;
  readonly switchedOff: SwitchedOff | null;
  readonly handlers: EngineHandler[];
  readonly warnings: string[];
  private readonly specs: Map<string, EventSpec>;
  private readonly selectors = new Map<string, EventSelector<EngineHandler>>();
  private readonly asyncRuns = new AsyncRuns();
  private readonly outputLimitBytes: number;
  private inProcessCount = 0;
  private readonly agentEnv: Readonly<Record<string, string | undefined>>;
  private readonly records: readonly HandlerRecord[];
  private readonly managedOnly: boolean;
  /** Skip reasons decided for other run dirs (payload cwds), most recently used last. */
  private readonly skipReasonsByRunDir = new Map<string, Promise<ReadonlyMap<EngineHandler, SkipReason> | null>>();

  constructor(
    private readonly definition: Dialect,
    private readonly context: LoadContext,
    config: LoadedConfig,
    trust: readonly HandlerTrust[],
    builtins: readonly BuiltinHook[],
    private readonly options: EngineSettings,
  ) {
    this.dialect = definition.id;
    this.enabled = config.enabled;
    this.switchedOff = config.switchedOff;
    this.specs = new Map(definition.events.map((spec) => [spec.name, spec]));
    this.outputLimitBytes = options.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES;
    this.warnings = config.findings.map(formatFinding);
    this.records = config.handlers;
    this.managedOnly = config.managedOnly;
    if (!config.enabled) this.warnings.push(HOOKS_DISABLED_WARNING);
    if (options.bypassTrust) this.warnings.push(BYPASS_TRUST_WARNING);
    // Snapshot once: reading process.env is slow (every key is a native getter) and dispatch is hot.
    const agentEnv = { ...context.env };
    this.agentEnv = agentEnv;
    this.handlers = config.handlers.map((record, index) => {
      const handlerTrust = trust[index]!;
      const env = Object.keys(record.env).length === 0 ? agentEnv : { ...agentEnv, ...record.env };
      return {
        ...record,
        mode: record.async ? 'async' : 'sync',
        trust: handlerTrust,
        skipReason: standingSkipReason(record, handlerTrust, config.managedOnly, options.bypassTrust === true),
        invoke: async (invocation) => {
          const setupError = await this.ensureDataDir(record.dataDir);
          if (setupError) return setupFailure(setupError);
          if (record.launch?.kind === 'http') {
            return runHttp({
              url: record.launch.url,
              headers: record.launch.headers,
              body: invocation.stdin,
              timeoutMs: invocation.timeoutMs ?? record.timeoutMs,
              outputLimitBytes: invocation.outputLimitBytes ?? this.outputLimitBytes,
              ...(invocation.signal ? { signal: invocation.signal } : {}),
            });
          }
          return runCommand({
            command: record.command,
            ...(record.launch?.kind === 'process' ? { argv: record.launch.argv } : {}),
            stdin: invocation.stdin,
            cwd: invocation.cwd,
            env: invocation.env ? { ...env, ...invocation.env } : env,
            timeoutMs: invocation.timeoutMs ?? record.timeoutMs,
            outputLimitBytes: invocation.outputLimitBytes ?? this.outputLimitBytes,
            ...(invocation.signal ? { signal: invocation.signal } : {}),
          });
        },
      } satisfies EngineHandler;
    });
    for (const builtin of builtins) this.addInProcess(builtin.event, builtin.run, builtin.name);
  }

  async dispatch(event: string, payload: unknown, options: DispatchOptions = {}): Promise<Outcome> {
    const spec = this.specFor(event);
    const input = this.withDefaults(payload);
    // Serialised first: a cycle or a BigInt is a named error, not a TypeError from deep inside.
    const stdin = serializePayload(event, input);
    const validation = this.definition.contracts.validateInput(event, input);
    const payloadWarnings = validation.ok ? [] : this.tolerated(event, spec, input, validation.errors);
    const warnings = payloadWarnings.length === 0 ? this.warnings : [...this.warnings, ...payloadWarnings];
    if (!this.enabled) return disabledOutcome(this.dialect, event, warnings);
    return dispatchEvent(
      {
        dialect: this.definition,
        spec,
        selector: this.selectorFor(event),
        projectDir: this.context.cwd,
        warnings,
        rewriteOrder: this.options.rewriteOrder ?? 'completion',
        info: {
          home: this.context.home,
          env: this.agentEnv,
          ...(this.options.envFile !== undefined ? { envFile: resolve(this.context.cwd, this.options.envFile) } : {}),
        },
        detach: (handler, start) => this.asyncRuns.start(handler.id, handler.timeoutMs, start),
        maxConcurrentHooks: this.options.maxConcurrentHooks ?? DEFAULT_MAX_CONCURRENT_HOOKS,
        outputLimitBytes: this.outputLimitBytes,
        dispatchOutputLimitBytes: this.options.dispatchOutputLimitBytes ?? DEFAULT_DISPATCH_OUTPUT_LIMIT_BYTES,
        skipReasonsIn: (runDir) => this.skipReasonsIn(runDir),
      },
      input as Record<string, unknown>,
      options,
      stdin,
    );
  }

  /**
   * The warnings a schema-invalid payload is dispatched with (SPEC 4.1), or the PayloadValidationError
   * when it cannot be: strict mode, not a JSON object, or a matcher target that is not a string.
   */
  private tolerated(event: string, spec: EventSpec, input: unknown, errors: readonly ValidationError[]): string[] {
    const target = spec.matcherField === null || !isPlainObject(input) ? undefined : input[spec.matcherField];
    const dispatchable = isPlainObject(input) && (spec.matcherField === null || typeof target === 'string');
    if (this.options.strictPayload === true || !dispatchable) throw new PayloadValidationError(event, errors);
    return errors.map((error) => `payload ${error.path || '/'}: ${error.message}`);
  }

  registerInProcess(event: string, hook: InProcessHook, name = `in-process:${event}:${this.inProcessCount}`): void {
    const spec = this.specFor(event);
    if (!spec.inProcessAllowed) {
      throw new InProcessNotAllowedError(this.dialect, event);
    }
    if (this.handlers.some((handler) => handler.id === name)) {
      throw new DuplicateHookIdError(name);
    }
    this.addInProcess(event, hook, name);
  }

  close(options: CloseOptions = {}): Promise<void> {
    return this.asyncRuns.close(options);
  }

  private addInProcess(event: string, hook: InProcessHook, name: string): void {
    const position = { group: -1, handler: this.inProcessCount++ };
    this.handlers.push({
      dialect: this.dialect,
      id: name,
      explicitId: true,
      source: 'builtin',
      file: null,
      line: null,
      column: null,
      position,
      event,
      matcher: { source: null, kind: 'all', test: () => true },
      type: 'command',
      command: name,
      timeoutMs: IN_PROCESS_TIMEOUT_MS,
      async: false,
      statusMessage: null,
      onFailure: 'continue',
      env: {},
      plugin: null,
      mode: 'in-process',
      trust: { status: 'trusted', enabled: true, hash: null, detail: null },
      skipReason: null,
      invoke: (invocation) => invokeInProcess(hook, invocation, IN_PROCESS_TIMEOUT_MS),
    });
    this.selectors.delete(event);
  }

  /**
   * Trust decided for hooks that run in `runDir` rather than the project dir: relative scripts
   * resolve there, so other files run, and those must be the reviewed ones (SPEC 6.1.2). Decided
   * once per run dir (the store is read and the files hashed again), like trust at load; null when
   * no hook's trust depends on where it runs.
   */
  private skipReasonsIn(runDir: string): Promise<ReadonlyMap<EngineHandler, SkipReason> | null> | null {
    if (!this.records.some((record) => record.source === 'project')) return null;
    let decided = this.skipReasonsByRunDir.get(runDir);
    if (decided === undefined) {
      decided = this.decideIn(runDir);
      // A failed decision is not cached: the next dispatch tries again.
      decided.catch(() => this.skipReasonsByRunDir.delete(runDir));
    } else this.skipReasonsByRunDir.delete(runDir);
    this.skipReasonsByRunDir.set(runDir, decided);
    if (this.skipReasonsByRunDir.size > MAX_RUN_DIRS) this.skipReasonsByRunDir.delete(this.skipReasonsByRunDir.keys().next().value!);
    return decided;
  }

  private async decideIn(runDir: string): Promise<ReadonlyMap<EngineHandler, SkipReason> | null> {
    // The project dir spelled another way (a symlink, a trailing dot) is the project dir: trust stands.
    if ((await realpathOrSelf(runDir)) === (await realpathOrSelf(this.context.cwd))) return null;
    const trust = await this.definition.trust.evaluate(this.records, { ...this.context, projectDir: this.context.cwd, runDir });
    const reasons = new Map<EngineHandler, SkipReason>();
    this.records.forEach((record, index) => {
      reasons.set(this.handlers[index]!, standingSkipReason(record, trust[index]!, this.managedOnly, this.options.bypassTrust === true));
    });
    return reasons;
  }

  private specFor(event: string): EventSpec {
    const spec = this.specs.get(event);
    if (!spec) throw new UnknownEventError(this.dialect, event, didYouMean(event, [...this.specs.keys()]));
    return spec;
  }

  private selectorFor(event: string): EventSelector<EngineHandler> {
    let selector = this.selectors.get(event);
    if (!selector) {
      selector = new EventSelector(this.handlers.filter((handler) => handler.event === event));
      this.selectors.set(event, selector);
    }
    return selector;
  }

  private withDefaults(payload: unknown): unknown {
    const field = this.definition.transportField;
    if (this.options.transport === undefined || field === undefined || !isPlainObject(payload) || field in payload) return payload;
    return { ...payload, [field]: this.options.transport };
  }

  private readonly dataDirsReady = new Set<string>();
  /** Creates a handler's data dir on first use (SPEC 2.1 PLUGIN_DATA); resolves to an error sentence on failure. */
  private async ensureDataDir(dir: string | undefined): Promise<string | null> {
    if (dir === undefined || this.dataDirsReady.has(dir)) return null;
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      return `cannot create the hook's data dir ${dir}: ${(error as Error).message}`;
    }
    this.dataDirsReady.add(dir);
    return null;
  }
}

/**
 * The payload as hooks receive it on stdin: compact JSON at any depth (util/safe-json.ts). A value
 * JSON can not hold is the caller's bad payload, named with where it is.
 */
function serializePayload(event: string, payload: unknown): string {
  if (!isPlainObject(payload)) {
    throw new PayloadNotJsonError(event, [{ path: '', message: `a payload is a JSON object, not ${describeKind(payload)}` }]);
  }
  try {
    return stringifyJson(payload);
  } catch (error) {
    if (error instanceof NotJsonError) throw new PayloadNotJsonError(event, [{ path: error.path, message: `${error.problem}; a payload must be plain JSON` }]);
    throw error;
  }
}

function describeKind(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object of another kind' : `a ${typeof value}`;
}

/** The bounds an embedder may set must be whole numbers in range, or the bounds are not bounds. */
function checkLimits(options: EngineSettings): void {
  const limits: [keyof EngineSettings, number | undefined, number][] = [
    ['maxConcurrentHooks', options.maxConcurrentHooks, 1],
    ['outputLimitBytes', options.outputLimitBytes, 0],
    ['dispatchOutputLimitBytes', options.dispatchOutputLimitBytes, 0],
  ];
  for (const [name, value, min] of limits) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= min)) {
      throw new UsageError(`engine option ${name} must be a whole number ≥ ${min} (got ${String(value)})`);
    }
  }
}

async function realpathOrSelf(path: string): Promise<string> {
  return realpath(path).catch(() => path);
}

function setupFailure(error: string): RunResult {
  return { exitCode: null, signal: null, stdout: '', stderr: '', truncated: false, timedOut: false, durationMs: 0, error };
}

function disabledOutcome(dialect: string, event: string, warnings: readonly string[]): Outcome {
  return { dialect, event, matcherTarget: null, ...noEffect(), runs: [], warnings: [...warnings] };
}
