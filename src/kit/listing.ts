import type { Finding } from './finding.js';
import type { HandlerSource, HandlerType, TrustStatus } from './handler-record.js';
import type { StandingSkipReason } from './outcome.js';

/** Which hooks a features switch turned off: every hook, or every hook but the managed ones. */
export type SwitchedOffScope = 'all' | 'non-managed';

/** Where hooks were switched off (`[features] hooks = false`, a disable-all key), for listings and the engine. */
export interface SwitchedOff {
  scope: SwitchedOffScope;
  /** The config file whose switch decided. */
  file: string;
  line: number;
  column: number;
  /**
   * The switch as the agent's file writes it, where it is not the managed requirements file's
   * `[features] hooks = false` (gemini `hooksConfig.enabled = false`): what listings name.
   */
  setting?: string;
}

/**
 * A list setting that widens or narrows what hooks may do, as it is in force after the layers
 * merge (claude `httpHookAllowedEnvVars`): each value with the files that listed it, so an
 * administrator sees what a project added to a managed list.
 */
export interface ListedSetting {
  key: string;
  /** How the layers combine, in a few words (`lists merge across settings files`). */
  merge: string;
  /** What the setting decides, for the text listing (`environment variables HTTP hook headers may interpolate`). */
  meaning: string;
  values: { value: string; files: string[] }[];
}

/** What `hookctl list --json` prints. */
export interface HookListing {
  dialect: string;
  /** False when `[features] hooks = false` switches leave no hook to run. */
  enabled: boolean;
  /** Which hooks a `[features] hooks = false` switch turned off (`all` or `non-managed`), and where; else null. */
  switchedOff: SwitchedOff | null;
  hooks: ListedHook[];
  /**
   * Hard load errors (octo, SPEC 3.2). When there are any the configuration does not load, nothing
   * runs, and `hooks` is empty.
   */
  loadErrors: Finding[];
  /** Every other finding of the load (including why hooks are disabled), and the managed-only notice. */
  warnings: string[];
  /** Host hooks built into the agent that are active here (octo's memory reminders), by name. */
  builtins: string[];
  /** Merged list settings in force (only when the dialect has such settings and a layer sets one). */
  settings?: ListedSetting[];
}

export interface ListedHook {
  id: string;
  source: HandlerSource;
  file: string | null;
  line: number | null;
  event: string;
  matcher: string | null;
  command: string;
  /** The handler's type; for `http` handlers `command` holds the URL. */
  handlerType: HandlerType;
  /** A further filter on the payload (claude `if`), as written; null when there is none. */
  condition: string | null;
  /** The absolute directory its declaration runs it in (HandlerRecord.workingDir); absent when it runs in the session's. */
  workingDir?: string;
  mode: 'sync' | 'async';
  timeoutMs: number;
  trust: TrustStatus;
  enabled: boolean;
  /** Why the hook never runs as configured now (the engine's `skipReason`), else null. */
  skipReason: StandingSkipReason;
  /** The words of a load-time skip (a switch, an unrunnable type, a URL outside the allow-list), else null. */
  skipDetail: string | null;
  /**
   * Listed but never dispatched by hookctl (LoadedConfig.listedOnly: claude skill and subagent
   * frontmatter hooks, active only while their component runs); false for every dispatchable hook.
   */
  listedOnly: boolean;
  /** Definition hash (openinterpreter) or project file fingerprint (octo); null when none applies. */
  hash: string | null;
  /**
   * Project hooks: the files whose edits revoke trust (relative to the project dir where inside
   * it), and why some of what the command runs is not tracked (null when all of it is). Null for
   * hooks of other layers, whose files are the user's own.
   */
  scripts: { tracked: string[]; untracked: string | null } | null;
}

/** A listed hook together with why it is `modified`, for the text listing. */
export interface ListedHookDetail {
  hook: ListedHook;
  detail: string | null;
}
