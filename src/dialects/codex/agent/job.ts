import type { StillRunning } from '../../../util/process-tree.js';
import type { RecordedRequest, ScriptedTurn } from './responses-server.js';

/** One `codex exec` against the scripted model, as the driver runs it. */
export interface CodexJob {
  /** The `codex` executable (the pinned npm package's bin). */
  readonly codexBin: string;
  /** `CODEX_HOME`: an existing directory; the caller puts config.toml / hooks.json there. */
  readonly codexHome: string;
  /** The directory Codex works in (`-C`). */
  readonly cwd: string;
  readonly prompt: string;
  readonly script: readonly ScriptedTurn[];
  /** Turns of each subagent conversation (default: it says `done` at once). */
  readonly subagentScript?: readonly ScriptedTurn[];
  /** Tokens each model response reports as used (default 0); with a low compaction limit Codex compacts. */
  readonly usageTokens?: number;
  /** More `codex exec` arguments (`-c key=value`, approval flags…), before the prompt. */
  readonly args?: readonly string[];
  /** `--dangerously-bypass-approvals-and-sandbox` (default true); false for approval cases. */
  readonly bypass?: boolean;
  /** Extra environment for Codex (HOME is kept unless given). */
  readonly env?: Readonly<Record<string, string>>;
  /** Codex is killed after this long (default 60 s). */
  readonly timeoutMs?: number;
  /**
   * Codex is ended once the root conversation asks the model this many times past the script: each
   * such request is the turn going on after its final message, a Stop hook that blocked the stop
   * again (`test --agent` sets 5). Default 0: never ended for that (the conformance suites count
   * continuations themselves).
   */
  readonly loopAfter?: number;
}

/** What one run did: Codex's JSONL events, its stderr, and every request the model server saw. */
export interface CodexRun {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  /** Ended because the turn kept going past the script (`loopAfter`): how many times it did, and what Codex sent last. */
  readonly looped?: { readonly continuations: number; readonly lastInput: string } | null;
  /** On a timeout, the processes Codex had started that were still running, oldest first. */
  readonly stillRunning?: readonly StillRunning[];
  readonly durationMs: number;
  readonly events: readonly Record<string, unknown>[];
  readonly stderr: string;
  readonly requests: readonly RecordedRequest[];
}
