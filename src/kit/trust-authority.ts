import type { HandlerRecord, TrustStatus } from './handler-record.js';
import type { LoadContext } from './load-context.js';

/** Absolute script path → content hash, or null when the file did not exist. */
export type ScriptHashes = Record<string, string | null>;

/** A handler's trust as decided from the store (SPEC 2.7, 3.1). */
export interface HandlerTrust {
  status: TrustStatus;
  enabled: boolean;
  /** The definition hash (openinterpreter) or file fingerprint (octo), when it applies. */
  hash: string | null;
  /** Why a hook is `modified` (e.g. `script changed: scripts/guard.sh`), else null. */
  detail: string | null;
  /**
   * A trust decision above the hook that holds it back (claude: the workspace trust dialog was
   * never accepted for this folder). Like missing trust, the trust bypass lifts it.
   */
  gate?: 'workspace-untrusted';
  /**
   * What the agent itself does about this hook's trust although it runs it, as one sentence that a
   * dry-run prints beside the hook's run (Gemini CLI announces a project hook it has not recorded
   * yet, then runs it). Absent: nothing to say beyond the status.
   */
  notice?: string;
}

export interface TrustModel {
  evaluate(handlers: readonly HandlerRecord[], context: TrustContext): Promise<HandlerTrust[]>;
  /**
   * The files `evaluate` reads for these handlers: the trust store(s) and the project scripts whose
   * content the decision depends on (resolved in `context.runDir` when given). A long-lived engine
   * re-decides trust when one of them changes (`hookctl trust` in another terminal, a script edited
   * behind an unchanged command).
   */
  watchPaths?(handlers: readonly HandlerRecord[], context: TrustContext): Promise<string[]>;
}

export type TrustContext = LoadContext & {
  projectDir: string;
  /**
   * Where the hooks run (a dispatch's payload `cwd`); relative script paths resolve here, so trust
   * covers the files that actually run (SPEC 6.1.2). Default: projectDir.
   */
  runDir?: string;
};

/**
 * One trust decision a person makes: a single hook (openinterpreter trusts exact definitions) or a
 * whole project hooks file (octo trusts a file fingerprint).
 */
export interface TrustUnit {
  /** Shown in prompts and reports: `hook guard` or `project hooks file /p/.octo/hooks.yml`. */
  label: string;
  status: TrustStatus;
  /** The hooks this decision covers. */
  handlers: HandlerRecord[];
  /** The definition hash or file fingerprint that trusting records. */
  hash: string;
  /** The earlier trusted hash a `modified` decision replaces, else null. */
  replaces: string | null;
  /** Project scripts as they are now, recorded with the trust. */
  scripts: ScriptHashes;
  /** The lines a reviewer reads: the definition, and for `modified` what changed. */
  review: string[];
}

/**
 * A trust decision above the hooks that keeps them from running however each is trusted (codex:
 * the agent loads no config of a project the user has not trusted). `hookctl trust` says so and
 * offers to record it, since hook trust alone would never apply.
 */
export interface ProjectGate {
  /** Why the hooks do not run, in the agent's words. */
  readonly reason: string;
  /** The project keys trusting records (the agent's own keys, e.g. the repository root). */
  readonly projects: readonly string[];
  /** The file trusting writes to. */
  readonly file: string;
  /** What trusting writes there, one entry per project, in the file's own syntax (for the confirmation). */
  readonly entries: readonly string[];
  /**
   * Set when hookctl will not lift the gate itself: what holds it and the step the person takes
   * instead (an environment variable that forces distrust, a rule of their own that distrusts a
   * parent folder, which recording would override). `trust` then says so and records no project trust.
   */
  readonly blocked?: string;
  /** How many loaded hooks it holds back. */
  readonly held: number;
}

/** A dialect's trust model plus the operations behind `hookctl trust/untrust/enable/disable`. */
export interface TrustAuthority extends TrustModel {
  /**
   * Set when the dialect's agent has no per-hook trust or switch (claude): the sentence the trust,
   * untrust, enable and disable commands print instead of acting. They then write nothing.
   */
  readonly notApplicable?: string;
  /** The trust decisions covering `selected` (managed and built-in hooks need none), given every loaded handler. */
  units(selected: readonly HandlerRecord[], all: readonly HandlerRecord[], context: TrustContext): Promise<TrustUnit[]>;
  /** Records these decisions as trusted, in one locked write. */
  trust(units: readonly TrustUnit[], context: TrustContext): Promise<void>;
  /** Forgets these decisions (and the earlier trust of a `modified` one). */
  untrust(units: readonly TrustUnit[], context: TrustContext): Promise<void>;
  /**
   * Enables or disables `selected`, given every loaded handler; refuses managed hooks. Returns the
   * hooks whose state changed: identical definitions of a file are one hook and change together.
   */
  setEnabled(
    selected: readonly HandlerRecord[],
    all: readonly HandlerRecord[],
    enabled: boolean,
    context: TrustContext,
  ): Promise<HandlerRecord[]>;
  /** The project-level trust that still holds back some of `handlers`, or null when none does. */
  projectGate?(handlers: readonly HandlerRecord[], context: TrustContext): Promise<ProjectGate | null>;
  /** Records the gate's projects as trusted, the way the agent itself does, in one locked write. */
  trustProject?(gate: ProjectGate, context: TrustContext): Promise<void>;
}
