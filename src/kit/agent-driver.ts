import type { Outcome } from './outcome.js';

/**
 * Running a user's own hook test case inside the real agent (`hookctl test --agent`): the dialect
 * turns the case into a scripted session of its agent (a model server of ours on 127.0.0.1, the
 * agent pointed at it), runs it, and says what the agent did in the outcome's own vocabulary. The
 * testing core only talks to this role, so it never needs to know an agent's flags or formats.
 */
export interface AgentDriver {
  /** The agent's display name (`Claude Code`). */
  readonly agent: string;
  /** The executable looked up on PATH when `--agent-bin` is not given. */
  readonly binName: string;
  /** The command that installs the agent, for the error when it is missing. */
  readonly installHint: string;
  /** The events a case can make the agent fire; other cases are reported as not drivable. */
  readonly events: readonly string[];
  /**
   * Events every scripted session fires whatever the case (its start, its prompt, its final stop):
   * a hook of one of them that cannot run breaks every case, so `test --agent` checks them first.
   */
  readonly sessionEvents?: readonly string[];
  /** `claude --version` and the like: the agent version recorded in every report. */
  version(bin: string): Promise<string>;
  /**
   * Settings in the layers that would be copied which could send the agent (or anything it runs
   * besides hooks) off loopback, or fetch credentials: one line each, naming the file and key. The
   * core refuses to run when any is found, so a user's real credentials never leave the machine.
   */
  redirections(context: AgentProjectContext): string[];
  /** Runs one case in a fresh agent session and observes it against hookctl's prediction. */
  run(agentCase: AgentCase): Promise<AgentObservation>;
}

export interface AgentProjectContext {
  readonly projectDir: string;
  /** The user's home; its agent settings are read only with `--with-user-settings`. */
  readonly home: string;
  readonly withUserSettings: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface AgentCase extends AgentProjectContext {
  readonly bin: string;
  readonly event: string;
  /** The case's payload with `${PROJECT}` resolved against projectDir. */
  readonly payload: Record<string, unknown>;
  /** hookctl's outcome for the same case: what the observation is checked against. */
  readonly prediction: Outcome;
  /** An empty private directory for this case's sandbox (project copy, HOME, config); the core removes it. */
  readonly sandbox: string;
  readonly timeoutMs: number;
  /**
   * `--served`: hookctl predicted the hooks `hookctl serve --http` serves, so the driver serves them
   * to the agent the same way (an endpoint in the agent's sandbox, reached by the project's own http
   * handler). A driver whose agent takes no served hooks reports the case not drivable.
   */
  readonly served?: boolean;
}

/** One place where the agent did something other than hookctl predicted. */
export interface AgentDisagreement {
  /** The outcome field (`decision`, `blocked`, `reason`, `additionalContext`, `updatedInput`). */
  readonly field: string;
  /** What the agent did, as a sentence fragment: `ran the tool call`. */
  readonly agentDid: string;
  /** What hookctl predicted, likewise: `deny: refusing rm -rf`. */
  readonly hookctlPredicts: string;
  /** The value the agent's behaviour stands for, in the outcome's vocabulary. */
  readonly agentValue: unknown;
}

export interface AgentObservation {
  /** False when no hook of the event ran in the agent (the disagreement list says whether hookctl agrees). */
  readonly fired: boolean;
  /** A one-line summary of what the agent did (`denied the tool call: …`, `stopped`). */
  readonly summary: string;
  readonly disagreements: readonly AgentDisagreement[];
  /** The agent's exit status and the tail of its stderr, for a failed case. */
  readonly exitCode: number | null;
  readonly stderrTail: string;
  /** Why the session could not be run as the case asks (an event the agent does not fire here), else null. */
  readonly notDrivable: string | null;
  /** Why the session did not end by itself, as far as the driver saw; absent when it did. */
  readonly stuck?: AgentStuck;
}

/**
 * A session that would not end (issue 44). `loop`: the agent kept re-entering `event` (a Stop hook
 * that blocks every attempt, or exits 2 because it crashed) and the run was ended after `times`;
 * `payload` is the last one the agent sent for it (project paths as the user's), so the core can run
 * the event's hooks and name the one that blocked. `hang`: the run timed out with these processes of
 * the agent's still running (a hook that hangs), oldest first.
 */
export type AgentStuck =
  | {
      readonly kind: 'loop';
      readonly event: string;
      readonly times: number;
      readonly payload: Record<string, unknown> | null;
      /** What the agent gave the model when it went on the last time (a hook's reason or stderr), clipped. */
      readonly agentText: string;
    }
  | { readonly kind: 'hang'; readonly timeoutMs: number; readonly running: readonly { command: string; runningMs: number }[] };
