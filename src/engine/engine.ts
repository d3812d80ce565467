import { mkdir, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type {
  BuiltinHook,
  Dialect,
  EventSpec,
  Finding,
  HandlerRecord,
  HandlerTrust,
  InProcessHook,
  LoadContext,
  SessionFlag,
  SessionValues,
  LoadedConfig,
  SwitchedOff,
  ValidationError,
} from '../kit/index.js';
import {
  ConfigLoadError,
  ConfigReloadError,
  DuplicateHookIdError,
  InProcessNotAllowedError,
  PayloadNotJsonError,
  PayloadValidationError,
  UnknownEventError,
  UsageError,
} from '../errors.js';
import { loadConfigCached, onlyEvents } from '../config/config-cache.js';
import { standingSkipReason } from '../trust/skip-reason.js';
import { didYouMean } from '../util/did-you-mean.js';
import { AsyncRuns } from './async-runs.js';
import { ConfigWatcher, signaturesChanged, statSignatures, type StatSignatures } from './config-watcher.js';
import { dispatchEvent, type DispatchOptions } from './dispatch.js';
import type { EngineHandler, Invocation } from './engine-handler.js';
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
  /**
   * The dialect's session flags, by flag name (LoadContext.session; the dialect's manifest declares
   * them: claude `settings`, `plugin-dir`; codex `config`). The options below are the same values by
   * their library names (SessionFlag.engineOption); a value given here wins.
   */
  session?: SessionValues;
  /** A settings layer for this session only: a file path or inline JSON (claude `--settings`). */
  settingsFlag?: string;
  /** Plugin directories loaded for this session only (claude `--plugin-dir`). */
  pluginDirs?: readonly string[];
  /** Load the hooks `hookctl serve --http` serves instead of the agent's own layers (LoadContext.served). */
  served?: boolean;
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
  /**
   * Reload by itself when a config file changes, a config file is created where the dialect would
   * read one, or the trust store or a trusted project script changes (docs/serve.md, "Reload").
   * The files are watched, and each dispatch first compares their stat signatures, so a dispatch
   * that starts after a change sees it. Off by default; `engine.reload()` works either way.
   */
  watch?: boolean;
  /**
   * A private directory (see `configCacheDirectory`) where the first load keeps the configuration
   * it read, compiled, and takes it from when no file it came from changed (`hookctl run`, spawned
   * per event). Reloads always read the files.
   */
  configCacheDir?: string;
  /**
   * Load only the handlers of these events (`hookctl run` dispatches one): the others are neither
   * trust-checked nor prepared. Dispatching another event then runs nothing.
   */
  events?: readonly string[];
  /** Called after every reload, automatic or not, with null on success or the load error. */
  onReload?: (error: Error | null) => void;
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
   * Re-reads every config layer and the trust store, re-decides trust and recompiles matchers, and
   * swaps the result in atomically for dispatches that start afterwards; dispatches already running
   * finish on the configuration they started with, and their async hooks are still awaited by
   * `close()`. In-process hooks stay registered. When the new configuration does not load or has
   * errors the running one does not have, the last good one stays in effect (its trust re-decided),
   * every later outcome carries a warning saying so (until a reload succeeds), and the promise
   * rejects with the error (`ConfigLoadError`, `ConfigReloadError`, `TrustStoreError`, …).
   */
  reload(): Promise<void>;
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
  const context = loadContextOf(options, dialect.manifest.cli?.sessionFlags);
  const loaded = await loadConfiguration(dialect, context, new Map(), null, options);
  const engine = new HookEngine(dialect, context, loaded, options);
  engine.startWatching();
  return engine;
}

/** The session flag values given as engine options by their library names (SessionFlag.engineOption). */
function sessionOptions(options: EngineSettings, sessionFlags: readonly SessionFlag[]): Record<string, string | readonly string[]> {
  const session: Record<string, string | readonly string[]> = {};
  for (const flag of sessionFlags) {
    const given: unknown = flag.engineOption === undefined ? undefined : (options as Record<string, unknown>)[flag.engineOption];
    if (typeof given === 'string') session[flag.name] = given;
    else if (Array.isArray(given) && given.length > 0) session[flag.name] = given.map(String);
  }
  return session;
}

/** Where an engine with these settings loads its layers from (defaults applied). */
export function loadContextOf(options: EngineSettings, sessionFlags: readonly SessionFlag[] = []): LoadContext {
  const session = { ...sessionOptions(options, sessionFlags), ...options.session };
  return {
    cwd: resolve(options.cwd ?? process.cwd()),
    home: userHome(options.home),
    env: options.env ?? process.env,
    ...(options.managedConfigPath ? { managedConfigPath: resolve(options.managedConfigPath) } : {}),
    ...(options.bypassTrust ? { bypassTrust: true } : {}),
    ...(Object.keys(session).length > 0 ? { session } : {}),
    ...(options.served ? { served: true } : {}),
    ...(options.shell !== undefined ? { shell: options.shell } : {}),
    ...(options.workspaceTrust ? { workspaceTrust: options.workspaceTrust } : {}),
  };
}

/** One loaded configuration: what a reload replaces as a whole. */
interface Loaded {
  config: LoadedConfig;
  trust: HandlerTrust[];
  builtins: BuiltinHook[];
  /** Signatures of every path the configuration came from, as they were when it was read. */
  signatures: StatSignatures;
}

/**
 * Reads every layer and the trust store and decides trust. `before` holds the signatures of the
 * previous configuration's paths taken before reading: a path known then keeps that signature, so
 * a file that changed while it was being read still looks changed afterwards and is read again.
 *
 * On a reload (`running` is the configuration in effect) an error the running configuration does
 * not have refuses the whole reload (ConfigReloadError): at start the dialect's policy decides what
 * a broken file costs, as in `hookctl run`, but a guard that is running must not drop out because
 * its file was saved half-edited or with a typo.
 */
async function loadConfiguration(
  dialect: Dialect,
  context: LoadContext,
  before: StatSignatures,
  running: LoadedConfig | null = null,
  { configCacheDir, events, watch }: Pick<EngineSettings, 'configCacheDir' | 'events' | 'watch'> = {},
): Promise<Loaded> {
  const dispatchContext = { ...context, dispatchOnly: true };
  const config = configCacheDir
    ? await loadConfigCached(dialect, dispatchContext, configCacheDir, events)
    : onlyEvents(await dialect.loadConfig(dispatchContext), events);
  const fatal = config.findings.filter((finding) => finding.fatal);
  if (fatal.length > 0) throw new ConfigLoadError(fatal);
  if (running !== null) {
    const known = new Set(running.findings.filter(isError).map(errorKey));
    const added = config.findings.filter((finding) => isError(finding) && !known.has(errorKey(finding)));
    if (added.length > 0) throw new ConfigReloadError(added);
  }
  const trustContext = { ...context, projectDir: context.cwd };
  const trust = await dialect.trust.evaluate(config.handlers, trustContext);
  const builtins = config.enabled && dialect.builtinHooks ? await dialect.builtinHooks(context) : [];
  // Only a watching engine compares signatures; `run` (one dispatch) spares the stat calls.
  if (!watch) return { config, trust, builtins, signatures: new Map() };
  const paths = [...(config.watchPaths ?? config.files), ...((await dialect.trust.watchPaths?.(config.handlers, trustContext)) ?? [])];
  const now = statSignatures(paths.filter((path) => !before.has(path)));
  const signatures = new Map(paths.map((path) => [path, before.get(path) ?? now.get(path)!]));
  return { config, trust, builtins, signatures };
}

function isError(finding: Finding): boolean {
  return finding.severity === 'error';
}

/** A finding without its position, which an edit elsewhere in the file moves. */
function errorKey(finding: Finding): string {
  return JSON.stringify([finding.file, finding.ruleId, finding.messageId, finding.message]);
}

/** The handlers and selectors of one loaded configuration; dispatches read one generation throughout. */
interface Generation {
  enabled: boolean;
  switchedOff: SwitchedOff | null;
  managedOnly: boolean;
  /** The loaded command handlers' records, in the order of the first `records.length` handlers. */
  records: readonly HandlerRecord[];
  handlers: EngineHandler[];
  warnings: string[];
  selectors: Map<string, EventSelector<EngineHandler>>;
  /** Skip reasons decided for other run dirs (payload cwds), most recently used last. */
  skipReasonsByRunDir: Map<string, Promise<ReadonlyMap<EngineHandler, SkipReason> | null>>;
}

interface InProcessRegistration {
  event: string;
  hook: InProcessHook;
  name: string;
}

/** The engine implementation; its `dispatch` takes any event name, so it serves every typed `Engine<Inputs>`. */
export class HookEngine implements Engine {
  readonly dialect: string;
  private readonly specs: Map<string, EventSpec>;
  private readonly asyncRuns = new AsyncRuns();
  private readonly outputLimitBytes: number;
  private readonly agentEnv: Readonly<Record<string, string | undefined>>;
  private readonly registrations: InProcessRegistration[] = [];
  private inProcessCount = 0;
  private current: Generation;
  /** The configuration in effect, as loaded (the generation is built from it). */
  private loaded: Loaded;
  /** Signatures of the paths the current configuration (or the last failed attempt) was read from. */
  private seen: StatSignatures;
  /** Warnings of the last failed reload; empty once a reload succeeds. */
  private reloadWarnings: string[] = [];
  private watcher: ConfigWatcher | null = null;
  private queuedReload: Promise<void> | null = null;
  private lastReload: Promise<void> = Promise.resolve();
  private reloadsPending = 0;
  private closed = false;

  constructor(
    private readonly definition: Dialect,
    private readonly context: LoadContext,
    loaded: Loaded,
    private readonly options: EngineSettings,
  ) {
    this.dialect = definition.id;
    this.specs = new Map(definition.events.map((spec) => [spec.name, spec]));
    this.outputLimitBytes = options.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES;
    // Snapshot once: reading process.env is slow (every key is a native getter) and dispatch is hot.
    this.agentEnv = { ...context.env };
    this.loaded = loaded;
    this.current = this.generationOf(loaded);
    this.seen = loaded.signatures;
  }

  get enabled(): boolean {
    return this.current.enabled;
  }

  get switchedOff(): SwitchedOff | null {
    return this.current.switchedOff;
  }

  get handlers(): readonly EngineHandler[] {
    return this.current.handlers;
  }

  get warnings(): readonly string[] {
    return this.reloadWarnings.length === 0 ? this.current.warnings : [...this.current.warnings, ...this.reloadWarnings];
  }

  async dispatch(event: string, payload: unknown, options: DispatchOptions = {}): Promise<Outcome> {
    const spec = this.specFor(event);
    const input = this.withDefaults(payload);
    // Serialised first: a cycle or a BigInt is a named error, not a TypeError from deep inside.
    const stdin = serializePayload(event, input);
    const validation = this.definition.contracts.validateInput(event, input);
    const payloadWarnings = validation.ok ? [] : this.tolerated(event, spec, input, validation.errors);
    if (this.watcher !== null) await this.catchUp();
    const generation = this.current;
    const warnings = payloadWarnings.length === 0 ? this.warnings : [...this.warnings, ...payloadWarnings];
    if (!generation.enabled) return disabledOutcome(this.dialect, event, warnings);
    return dispatchEvent(
      {
        dialect: this.definition,
        spec,
        selector: selectorFor(generation, event),
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
        skipReasonsIn: (runDir) => this.skipReasonsIn(generation, runDir),
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
  private tolerated(event: string, spec: EventSpec, input: unknown, raw: readonly ValidationError[]): string[] {
    const errors = raw.map((error) => explainOtherEvent(error, input, event, this.definition.events));
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
    if (this.current.handlers.some((handler) => handler.id === name)) {
      throw new DuplicateHookIdError(name);
    }
    this.registrations.push({ event, hook, name });
    addInProcess(this.current, this.inProcessHandler(event, hook, name));
  }

  reload(): Promise<void> {
    // Requests made while a reload is queued share it; one made while a reload runs queues the
    // next, since the running one may have read the files before the change it is asked about.
    if (this.queuedReload !== null) return this.queuedReload;
    this.reloadsPending++;
    const next = this.lastReload.then(() => {
      this.queuedReload = null;
      return this.reloadNow();
    });
    this.queuedReload = next;
    this.lastReload = next.then(ignore, ignore).finally(() => this.reloadsPending--);
    return next;
  }

  async close(options: CloseOptions = {}): Promise<void> {
    this.closed = true;
    this.watcher?.close();
    await this.lastReload;
    await this.asyncRuns.close(options);
  }

  /** Arms the file watcher when the engine was asked to watch (openEngine calls this once). */
  startWatching(): void {
    if (!this.options.watch || this.watcher !== null) return;
    this.watcher = new ConfigWatcher(() => void this.onWatchEvent());
    this.watcher.watch(this.seen.keys());
  }

  /**
   * After a burst of file events in a watched directory: reload when a watched path's signature
   * changed, judged once the reloads under way are done (they record the signatures they read).
   */
  private async onWatchEvent(): Promise<void> {
    if (this.reloadsPending > 0) await this.lastReload;
    if (this.closed) return;
    if (signaturesChanged(this.seen)) this.reload().catch(ignore);
    // A directory on the way to a watched path may have appeared (`mkdir .octo`): watch it now,
    // or the file created in it next would only be seen by the stat check of the next dispatch.
    else this.watcher?.watch(this.seen.keys());
  }

  /**
   * Before a dispatch of a watching engine: reload first when a watched path changed (the stat
   * fallback), and wait for a reload already under way, so the dispatch sees every change made
   * before it started. A failed reload leaves its warning on the outcome.
   */
  private async catchUp(): Promise<void> {
    if (signaturesChanged(this.seen)) await this.reload().catch(ignore);
    else if (this.reloadsPending > 0) await this.lastReload;
  }

  private async reloadNow(): Promise<void> {
    if (this.closed) return;
    const before = statSignatures(this.seen.keys());
    try {
      const loaded = await loadConfiguration(this.definition, this.context, before, this.loaded.config, {
        events: this.options.events,
        watch: this.options.watch,
      });
      this.loaded = loaded;
      this.current = this.generationOf(loaded);
      this.seen = loaded.signatures;
      this.reloadWarnings = [];
    } catch (error) {
      // The last good configuration stays; the attempt's signatures stop every dispatch from
      // retrying the same broken files until one of them changes again.
      this.seen = before;
      this.reloadWarnings = reloadFailureWarnings(error);
      await this.redecideTrust();
      this.watcher?.watch(this.seen.keys());
      this.options.onReload?.(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    this.watcher?.watch(this.seen.keys());
    this.options.onReload?.(null);
  }

  /**
   * The configuration kept after a failed reload still has its trust decided afresh: a script
   * edited along with the broken config file (or `hookctl untrust` meanwhile) must not keep
   * running under the trust it had. If the trust store itself is what fails, the last decisions stand.
   */
  private async redecideTrust(): Promise<void> {
    try {
      const trust = await this.definition.trust.evaluate(this.loaded.config.handlers, { ...this.context, projectDir: this.context.cwd });
      this.loaded = { ...this.loaded, trust };
      this.current = this.generationOf(this.loaded);
    } catch {
      // The failure is already in reloadWarnings.
    }
  }

  private generationOf(loaded: Loaded): Generation {
    const { config, trust, builtins } = loaded;
    const warnings = config.findings.map(formatFinding);
    if (!config.enabled) warnings.push(HOOKS_DISABLED_WARNING);
    if (this.options.bypassTrust) warnings.push(BYPASS_TRUST_WARNING);
    const handlers = config.handlers.map((record, index) => this.commandHandler(record, trust[index]!, config.managedOnly));
    const generation: Generation = {
      enabled: config.enabled,
      switchedOff: config.switchedOff,
      managedOnly: config.managedOnly,
      records: config.handlers,
      handlers,
      warnings,
      selectors: new Map(),
      skipReasonsByRunDir: new Map(),
    };
    for (const builtin of builtins) addInProcess(generation, this.inProcessHandler(builtin.event, builtin.run, builtin.name));
    for (const { event, hook, name } of this.registrations) addInProcess(generation, this.inProcessHandler(event, hook, name));
    return generation;
  }

  private commandHandler(record: HandlerRecord, handlerTrust: HandlerTrust, managedOnly: boolean): EngineHandler {
    // Merged on the handler's first run, not here: a config of 10,000 handlers would copy the whole
    // environment 10,000 times for every `hookctl run`, which runs one or two of them.
    let env: typeof this.agentEnv | undefined;
    const handlerEnv = () => (env ??= Object.keys(record.env).length === 0 ? this.agentEnv : { ...this.agentEnv, ...record.env });
    return {
      ...record,
      mode: record.async ? 'async' : 'sync',
      trust: handlerTrust,
      skipReason: standingSkipReason(record, handlerTrust, managedOnly, this.options.bypassTrust === true),
      invoke: async (invocation) => {
        const setupError = await this.ensureDataDir(record.dataDir);
        if (setupError) return setupFailure(setupError);
        if (record.launch?.kind === 'fails') return setupFailure(record.launch.error);
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
          env: invocationEnv(handlerEnv, record.env, invocation),
          timeoutMs: invocation.timeoutMs ?? record.timeoutMs,
          outputLimitBytes: invocation.outputLimitBytes ?? this.outputLimitBytes,
          ...(invocation.signal ? { signal: invocation.signal } : {}),
        });
      },
    } satisfies EngineHandler;
  }

  private inProcessHandler(event: string, hook: InProcessHook, name: string): EngineHandler {
    const position = { group: -1, handler: this.inProcessCount++ };
    return {
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
    };
  }

  /**
   * Trust decided for hooks that run in `runDir` rather than the project dir: relative scripts
   * resolve there, so other files run, and those must be the reviewed ones (SPEC 6.1.2). Decided
   * once per run dir per configuration (the store is read and the files hashed again), like trust
   * at load; null when no hook's trust depends on where it runs.
   */
  private skipReasonsIn(generation: Generation, runDir: string): Promise<ReadonlyMap<EngineHandler, SkipReason> | null> | null {
    if (!generation.records.some((record) => record.source === 'project')) return null;
    const cache = generation.skipReasonsByRunDir;
    let decided = cache.get(runDir);
    if (decided === undefined) {
      decided = this.decideIn(generation, runDir);
      // A failed decision is not cached: the next dispatch tries again.
      decided.catch(() => cache.delete(runDir));
    } else cache.delete(runDir);
    cache.set(runDir, decided);
    if (cache.size > MAX_RUN_DIRS) cache.delete(cache.keys().next().value!);
    return decided;
  }

  private async decideIn(generation: Generation, runDir: string): Promise<ReadonlyMap<EngineHandler, SkipReason> | null> {
    // The project dir spelled another way (a symlink, a trailing dot) is the project dir: trust stands.
    if ((await realpathOrSelf(runDir)) === (await realpathOrSelf(this.context.cwd))) return null;
    const trustContext = { ...this.context, projectDir: this.context.cwd, runDir };
    // A watching engine also watches the files this decision reads (the scripts as resolved in the
    // run dir): one edited there is a change like any other, and the next dispatch decides anew.
    if (this.watcher !== null) await this.watchMore((await this.definition.trust.watchPaths?.(generation.records, trustContext)) ?? []);
    const trust = await this.definition.trust.evaluate(generation.records, trustContext);
    const reasons = new Map<EngineHandler, SkipReason>();
    generation.records.forEach((record, index) => {
      reasons.set(
        generation.handlers[index]!,
        standingSkipReason(record, trust[index]!, generation.managedOnly, this.options.bypassTrust === true),
      );
    });
    return reasons;
  }

  /** Adds paths to the watched set, with their signatures as of now (before they are read). */
  private async watchMore(paths: readonly string[]): Promise<void> {
    const added = paths.filter((path) => !this.seen.has(path));
    if (added.length === 0) return;
    this.seen = new Map([...this.seen, ...statSignatures(added)]);
    this.watcher?.watch(this.seen.keys());
  }

  private specFor(event: string): EventSpec {
    const spec = this.specs.get(event);
    if (!spec) throw new UnknownEventError(this.dialect, event, didYouMean(event, [...this.specs.keys()]));
    return spec;
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

function addInProcess(generation: Generation, handler: EngineHandler): void {
  generation.handlers.push(handler);
  generation.selectors.delete(handler.event);
}

/** Matchers are indexed once per event per configuration, on the event's first dispatch. */
function selectorFor(generation: Generation, event: string): EventSelector<EngineHandler> {
  let selector = generation.selectors.get(event);
  if (!selector) {
    selector = new EventSelector(generation.handlers.filter((handler) => handler.event === event));
    generation.selectors.set(event, selector);
  }
  return selector;
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
    if (error instanceof NotJsonError)
      throw new PayloadNotJsonError(event, [{ path: error.path, message: `${error.problem}; a payload must be plain JSON` }]);
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

const RELOAD_FAILED_PREFIX = 'configuration reload failed; the last good configuration stays in effect: ';

/** One outcome warning per problem of a reload that did not load. */
export function reloadFailureWarnings(error: unknown): string[] {
  if (error instanceof ConfigLoadError || error instanceof ConfigReloadError)
    return error.findings.map((finding) => RELOAD_FAILED_PREFIX + formatFinding(finding));
  return [RELOAD_FAILED_PREFIX + (error instanceof Error ? error.message : String(error))];
}

function ignore(): void {}

function setupFailure(error: string): RunResult {
  return { exitCode: null, signal: null, stdout: '', stderr: '', truncated: false, timedOut: false, durationMs: 0, error };
}

function disabledOutcome(dialect: string, event: string, warnings: readonly string[]): Outcome {
  return { dialect, event, matcherTarget: null, ...noEffect(), runs: [], warnings: [...warnings] };
}

/**
 * The environment one run gets: the agent's, the dispatch's base (under the hook's own `env`), the
 * hook's own, then the dispatch's overrides. Without a base the memoised agent+hook merge is reused.
 */
function invocationEnv(
  handlerEnv: () => Readonly<Record<string, string | undefined>>,
  own: Readonly<Record<string, string | undefined>>,
  invocation: Invocation,
): Record<string, string | undefined> {
  const merged = invocation.baseEnv ? { ...handlerEnv(), ...invocation.baseEnv, ...own } : handlerEnv();
  return invocation.env ? { ...merged, ...invocation.env } : merged;
}

/**
 * A payload of another event sent to this one (`run PreToolUse` fed a PostToolUse payload) fails only
 * the event-name field's constant; say which event it is, so the mix-up reads as one, not as a typo.
 */
function explainOtherEvent(error: ValidationError, input: unknown, event: string, events: readonly EventSpec[]): ValidationError {
  const field = /^\/([A-Za-z_]+)$/.exec(error.path)?.[1];
  if (field === undefined || !isPlainObject(input)) return error;
  const named = input[field];
  if (typeof named !== 'string' || named === event || !events.some((spec) => spec.name === named)) return error;
  return {
    path: error.path,
    message: `is "${named}": this is a ${named} payload, and these are the ${event} hooks (dispatch it as ${named})`,
  };
}
