/** What the command runner observed for one handler process (SPEC 2.8). Dialect-neutral. */
export interface RunResult {
  /** Exit code, or null when the process ended by a signal, timed out, or never started. */
  readonly exitCode: number | null;
  /** Signal name (e.g. `SIGKILL`) when the process ended by a signal, else null. */
  readonly signal: string | null;
  /** Decoded as UTF-8 with replacement, capped at the output limit. */
  readonly stdout: string;
  readonly stderr: string;
  /**
   * The last bytes the hook wrote to stderr (decoded), kept as a rolling tail even past the cap, when
   * stderr went past it; absent when `stderr` is all of it. Read where a reason is "the end of stderr".
   */
  readonly stderrTail?: string;
  /** True when stdout or stderr went past the cap and the rest was discarded. */
  readonly truncated: boolean;
  readonly timedOut: boolean;
  readonly durationMs: number;
  /** Spawn failure, command not found (exit 127), signal or timeout, as a sentence; else null. */
  readonly error: string | null;
}
