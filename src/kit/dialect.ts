import type { AgentDriver } from './agent-driver.js';
import type { Contracts } from './contracts.js';
import type { Finding } from './finding.js';
import type { CompiledCondition, HandlerRecord } from './handler-record.js';
import type { BuiltinHook } from './in-process.js';
import type { HookListing, ListedHookDetail, ListedSetting, SwitchedOff } from './listing.js';
import type { LoadContext } from './load-context.js';
import type { DialectManifest, EventSpec } from './manifest.js';
import type { DialectProtocol } from './protocol.js';
import type { DialectScaffolding } from './scaffold.js';
import type { SessionRecordReader } from './session-records.js';
import type { ToolSamples } from './tool-samples.js';
import type { TrustAuthority } from './trust-authority.js';

/**
 * A dialect is data plus one small protocol module. The engine core (src/engine) only ever talks
 * to this interface; it never names a dialect.
 */
export interface Dialect {
  readonly id: string;
  /** The dialect's data: config directory and files, events. The registry lists it without loading the rest. */
  readonly manifest: DialectManifest;
  /** The manifest's events (the same array), kept here for callers that only hold a Dialect. */
  readonly events: readonly EventSpec[];
  readonly contracts: Contracts;
  /** Discover, parse and normalise every config layer (SPEC 2.1 / 3.1). */
  loadConfig(context: LoadContext): Promise<LoadedConfig>;
  /**
   * How `hookctl run`'s compiled-config cache rebuilds this dialect's loaded configuration; a
   * dialect without it is never cached (the dialect vouches that its load depends only on its
   * context and its watch paths, apart from what `refresh` puts back).
   */
  readonly configCache?: ConfigCacheSupport;
  /**
   * Other names a matcher target answers to (SPEC 2.4: `apply_patch` also matches `Edit` and `Write`).
   * A dispatch tests matchers against the target, these aliases and the request's own aliases.
   */
  readonly aliases: Readonly<Record<string, readonly string[]>>;
  /** The payload field the engine option `transport` fills when a payload lacks it (octo's envelope). */
  readonly transportField?: string;
  /** Host hooks built into the agent, active under conditions the dialect checks (octo memory reminders). */
  builtinHooks?(context: LoadContext): Promise<BuiltinHook[]>;
  readonly protocol: DialectProtocol;
  /** Decides trust at load time and records the decisions `hookctl trust` makes. */
  readonly trust: TrustAuthority;
  /** The agent's own `hooks list` layout, when it has one (octo, SPEC 3.5); else hookctl's layered one. */
  formatListing?(details: readonly ListedHookDetail[], listing: HookListing): string;
  /** A schema-valid example input payload for `hookctl fixture` and dry-runs without a payload. */
  fixture(event: string, context: { cwd: string }): Record<string, unknown>;
  /** Per-tool calls that fit the tool, for fixtures of tool events (`--tool Edit`). */
  readonly toolSamples?: ToolSamples;
  /** How `hookctl scaffold` writes and registers hooks for this dialect. */
  readonly scaffold: DialectScaffolding;
  /** Reads the agent's session records back into hook payloads (`hookctl replay`), when the agent keeps them. */
  readonly sessionRecords?: SessionRecordReader;
  /**
   * Runs a user's test cases inside the real agent (`hookctl test --agent`). Loaded on demand: the
   * driver brings a model server and process handling no other command needs.
   */
  readonly agentDriver?: () => Promise<AgentDriver>;
}

/** What a dialect gives `hookctl run`'s compiled-config cache (src/config/config-cache.ts). */
export interface ConfigCacheSupport {
  /**
   * The condition `loadConfig` compiled from `source` and `data` (CompiledCondition.data). Without
   * it, a configuration holding a condition is not cached.
   */
  reviveCondition?(source: string, data: unknown): CompiledCondition;
  /**
   * Puts back, in a configuration taken from the cache, what the load took from the process that
   * loaded it rather than from files or the context (claude: its pid as CLAUDE_PID).
   */
  refresh?(config: LoadedConfig, context: LoadContext): void;
  /**
   * What else decides the load besides the context, the environment and the watch paths (codex:
   * the login shell the password database gives the account), as text compared in full with the
   * rest of the key: any difference is a miss.
   */
  key?(context: LoadContext): string;
}

export interface LoadedConfig {
  /** False when `[features] hooks = false` switches leave no hook to run. */
  enabled: boolean;
  /** Which hooks a `[features] hooks = false` switch turned off, and where; null when none did. */
  switchedOff: SwitchedOff | null;
  /** True when `allow_managed_hooks_only` is set: non-managed handlers are listed but never run. */
  managedOnly: boolean;
  /** Every normalised handler, in execution-report order. */
  handlers: HandlerRecord[];
  /**
   * Handlers the agent registers only while one of its own components runs (claude: skill and
   * subagent frontmatter): listed, each with why it never runs here, and never dispatched.
   */
  listedOnly?: HandlerRecord[];
  /** Config files that were read, in layer order. */
  files: string[];
  /**
   * Every path whose content or existence decides what this load (and `builtinHooks`) produced:
   * the files read, and each place a file would be read from if it were created (every directory
   * of the project walk, the user dir, the managed file, enabled plugins) or whose presence moves
   * the walk (a `.git`). A long-lived engine (`watch: true`, `hookctl serve`) watches them and
   * reloads when one changes; without it, only `files` are watched. A path ending in `/` is a
   * directory whose entries matter (a drop-in directory): a file added or removed there is a change.
   */
  watchPaths?: string[];
  /** Problems met while loading, with positions. Lint reports them; the runtime applies the dialect's policy. */
  findings: Finding[];
  /** Merged list settings in force that `list` shows with their sources; absent or empty when none is set. */
  settings?: ListedSetting[];
}
