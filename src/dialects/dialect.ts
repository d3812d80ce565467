import type { SwitchedOff } from '../config/features-switch.js';
import type { HandlerRecord, TrustStatus } from '../config/handler-record.js';
import type { AggregateEffect, RunStatus } from '../engine/outcome.js';
import type { RunResult } from '../engine/run-result.js';
import type { Finding } from '../lint/finding.js';
import type { TrustAuthority } from '../trust/authority.js';
import type { HookListing, ListedHookDetail } from '../trust/list-hooks.js';

/**
 * A dialect is data plus one small protocol module. The engine core (src/engine) only ever talks
 * to this interface; it never names a dialect.
 */
export interface Dialect {
  readonly id: string;
  readonly events: readonly EventSpec[];
  readonly contracts: Contracts;
  /** Discover, parse and normalise every config layer (SPEC 2.1 / 3.1). */
  loadConfig(context: LoadContext): Promise<LoadedConfig>;
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
}

export interface EventSpec {
  readonly name: string;
  /** One-line description of when the event fires. */
  readonly summary: string;
  /** Payload field matchers are tested against; null when the event ignores matchers. */
  readonly matcherField: string | null;
  /** The closed set of values the matcher field can take (SessionStart sources…), else null. */
  readonly closedTargets: readonly string[] | null;
  readonly asyncAllowed: boolean;
  /** Host in-process hooks may be registered on this event. */
  readonly inProcessAllowed: boolean;
}

export type ValidationResult<T = unknown> =
  | { ok: true; value: T }
  | { ok: false; errors: ValidationError[] };

export interface ValidationError {
  /** JSON pointer into the validated value, `""` for the root. */
  path: string;
  message: string;
}

export interface Contracts {
  validateInput(event: string, value: unknown): ValidationResult;
  validateOutput(event: string, value: unknown): ValidationResult;
}

export interface LoadContext {
  cwd: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  managedConfigPath?: string;
  /**
   * Untrusted hooks will run (`--dangerously-bypass-hook-trust`). A dialect whose load policy
   * depends on what would run (octo: errors in an untrusted project file are not fatal) reads it.
   */
  bypassTrust?: boolean;
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
  /** Config files that were read, in layer order. */
  files: string[];
  /** Problems met while loading, with positions. Lint reports them; the runtime applies the dialect's policy. */
  findings: Finding[];
}

/** A handler's trust as decided from the store (SPEC 2.7, 3.1). */
export interface HandlerTrust {
  status: TrustStatus;
  enabled: boolean;
  /** The definition hash (openinterpreter) or file fingerprint (octo), when it applies. */
  hash: string | null;
  /** Why a hook is `modified` (e.g. `script changed: scripts/guard.sh`), else null. */
  detail: string | null;
}

export interface TrustModel {
  evaluate(handlers: readonly HandlerRecord[], context: LoadContext & { projectDir: string }): Promise<HandlerTrust[]>;
}

/** One handler's result as the dialect reads it. */
export interface Interpretation {
  status: Exclude<RunStatus, 'skipped' | 'running'>;
  error: string | null;
  /** True when the handler reached a verdict that ends a sequential dispatch (octo PreToolUse). */
  verdict: boolean;
  effect: HandlerEffect;
}

export interface HandlerEffect {
  decision?: 'allow' | 'deny' | 'ask';
  /** Block/deny reason, feedback, or continuation prompt. */
  reason?: string;
  additionalContext?: string;
  updatedInput?: unknown;
  stop?: boolean;
  stopReason?: string;
  systemMessage?: string;
}

export interface DialectProtocol {
  /** How a dispatch runs its selected sync handlers. */
  schedule(event: string): 'concurrent' | 'sequential-until-verdict';
  interpret(event: string, handler: HandlerRecord, result: RunResult): Interpretation;
  /** Combine interpretations listed in configured order (skipped handlers are not passed). */
  aggregate(event: string, interpreted: readonly { handler: HandlerRecord; interpretation: Interpretation }[]): AggregateEffect;
}

/**
 * A host-side hook that runs inside the agent's process. Its return value is read like a command's
 * stdout with exit 0 (objects as JSON); a thrown error is a failed run.
 */
export type InProcessHook = (
  payload: Readonly<Record<string, unknown>>,
  context: { signal: AbortSignal },
) => string | Record<string, unknown> | void | Promise<string | Record<string, unknown> | void>;

export interface BuiltinHook {
  event: string;
  /** Shown in listings and outcome runs as the hook's command. */
  name: string;
  run: InProcessHook;
}
