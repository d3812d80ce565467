/**
 * Where a handler was declared. `local` and `flag` are settings layers of their own (claude's
 * settings.local.json and `--settings`), `session` a layer of command-line overrides (codex `-c`).
 */
export type HandlerSource = 'managed' | 'user' | 'project' | 'local' | 'flag' | 'session' | 'plugin' | 'env' | 'builtin';

/** What a handler is. hookctl runs `command` and `http` handlers; the others need the agent itself. */
export type HandlerType = 'command' | 'http' | 'mcp_tool' | 'prompt' | 'agent';

/**
 * How the runner starts a handler. Absent: `sh -c <command>` (SPEC 2.8). A `process` launch spawns
 * `argv[0]` (found on PATH) with the rest as arguments and no shell of its own, so a dialect says
 * which shell, if any (`['bash', '-c', command]`, an exec-form `['node', 'hook.js']`). An `http`
 * launch POSTs the payload as JSON and reads the response body as the hook's stdout. A `fails`
 * launch is selected and counted as a run like any other, but starting it fails with `error` and
 * nothing is spawned: the agent would start it and see it fail, where hookctl cannot start it at all
 * (claude `${user_config.*}`, whose values only the agent keeps).
 */
export type Launch =
  | { readonly kind: 'process'; readonly argv: readonly string[] }
  | { readonly kind: 'http'; readonly url: string; readonly headers: Readonly<Record<string, string>> }
  | { readonly kind: 'fails'; readonly error: string };

/**
 * A condition's answer. `true` selects, `false` does not (the handler is then not a run at all), a
 * string selects with that warning (the test could not decide and fails open, as the agent does),
 * and `{ unselected }` does not select but says why that matters: the agent skips a form that a
 * wider reading would match, so a guard on this condition is bypassed by it.
 */
export type ConditionVerdict = boolean | string | { readonly unselected: string };

/** A test on the payload that selection applies after the matcher (claude `if`), compiled once per load. */
export interface CompiledCondition {
  readonly source: string;
  /**
   * The JSON data the dialect's `reviveCondition` rebuilds this test from (hookctl run's
   * compiled-config cache). Absent: a configuration holding this condition is never cached.
   */
  readonly data?: unknown;
  test(payload: Readonly<Record<string, unknown>>): ConditionVerdict;
}

/** Load-time reasons a handler never runs (HandlerRecord.unrunnable). */
export type UnrunnableReason = 'not-runnable' | 'url-not-allowed' | 'disabled' | 'managed-only' | 'workspace-untrusted';

/**
 * Trust status of a handler; see SPEC 2.7 / 3.1. `workspace-trusted` and `workspace-untrusted`
 * are for dialects without per-hook trust, whose agent trusts a whole folder (claude, SPEC-dialects 8.8).
 */
export type TrustStatus = 'managed' | 'trusted' | 'modified' | 'untrusted' | 'workspace-trusted' | 'workspace-untrusted';

/** A matcher compiled once per load (SPEC 2.3). `test` gets the candidate names of one dispatch. */
export interface CompiledMatcher {
  /** The matcher text as written, or null when absent. */
  readonly source: string | null;
  readonly kind: 'all' | 'exact' | 'regex';
  /**
   * Every name this matcher accepts, when that is a finite list of names: the pieces of an exact
   * matcher, or the alternatives of an anchored-literal regex such as `^tool_17$`. Selection looks
   * these up instead of testing the matcher.
   */
  readonly names?: readonly string[];
  /**
   * The RE2 pattern a regex matcher is evaluated with, when it differs from `source` (claude
   * rewrites JavaScript regexes into RE2 so they run in linear time).
   */
  readonly re2Source?: string;
  test(candidate: string): boolean;
}

/**
 * One normalised hook handler with its provenance. Produced by the config stage for every
 * dialect; everything downstream (lint, trust, select, run, report) reads only this shape.
 */
export interface HandlerRecord {
  readonly dialect: string;
  /** The handler's own `id`, else `<source>:<event>:<group>:<handler>`. */
  readonly id: string;
  /**
   * The id the hook declared (or derived) when another hook of the load had it first and this one
   * was loaded as `id#2`, `id#3`…; absent when `id` is the declared one.
   */
  readonly declaredId?: string;
  /**
   * The hook's own display name where the agent has one apart from `id` (Gemini CLI `name`, which
   * it shows and deduplicates by); absent otherwise.
   */
  readonly name?: string;
  /** True when `id` was written in the config rather than derived from position. */
  readonly explicitId: boolean;
  readonly source: HandlerSource;
  /** Absolute path of the declaring file; null for env-compat and built-in hooks. */
  readonly file: string | null;
  /** 1-based position of the handler object (or env variable) in its file. */
  readonly line: number | null;
  readonly column: number | null;
  /** Position in the file: index of the matcher group and of the handler inside it. */
  readonly position: { readonly group: number; readonly handler: number };
  readonly event: string;
  readonly matcher: CompiledMatcher;
  /** The handler's type; for `http` handlers `command` holds the URL (what listings and runs show). */
  readonly type: HandlerType;
  /** How to start it; absent means `sh -c <command>`. */
  readonly launch?: Launch;
  /** A further selection test on the payload (claude `if`); absent selects every matched dispatch. */
  readonly condition?: CompiledCondition;
  /**
   * Handlers of one dispatch with the same scope and key run once: the first in configured order
   * runs, later copies are skipped as `duplicate` (claude runs an identical handler from several
   * settings files once). Absent: never deduplicated.
   */
  readonly dedup?: { readonly scope: string; readonly key: string };
  /**
   * Why this handler never runs, decided at load, with the error its skipped run carries:
   * `not-runnable` (it needs the agent's model or MCP client), `url-not-allowed` (an http URL
   * outside the allow-list), a configuration switch that turns it off (`disabled`, `managed-only`:
   * claude `disableAllHooks`, `allowManagedHooksOnly`), or `workspace-untrusted` (codex: its project
   * is not trusted, so the agent loads no project config). No trust bypass lifts it.
   */
  readonly unrunnable?: { readonly reason: UnrunnableReason; readonly error: string };
  /**
   * Declared in a group that asks for its hooks to run one after another, each reading the input
   * the previous one rewrote (Gemini `sequential: true`); the dialect's `schedule` reads it from
   * the selected handlers. Absent: the dialect's default schedule.
   */
  readonly sequential?: true;
  /** An async run whose exit 2 wakes the model with its stderr (claude `asyncRewake`). */
  readonly asyncRewake?: boolean;
  /** The command that runs (plugin variables substituted). */
  readonly command: string;
  /**
   * The command as written, when it differs from `command` (a plugin's `${PLUGIN_ROOT}` before
   * substitution). The trust identity is taken of this, so it does not move with the home dir.
   */
  readonly declaredCommand?: string;
  readonly timeoutMs: number;
  /** True when the config wrote the timeout (false: the dialect's default applies). */
  readonly timeoutSet?: boolean;
  readonly async: boolean;
  /**
   * `async: true` as written on an event that runs it synchronously (codex SessionEnd): the trust
   * identity is taken of the declaration, as Codex hashes it. Absent otherwise.
   */
  readonly declaredAsync?: true;
  readonly statusMessage: string | null;
  readonly onFailure: 'continue' | 'abort';
  /**
   * openinterpreter `additionalContextLimit`: approximate tokens of additional context above which
   * the agent spills the text to a file and gives the model a preview (0: never). Absent: the default.
   */
  readonly additionalContextLimit?: number;
  /**
   * Extra environment for the command (plugin PLUGIN_ROOT / PLUGIN_DATA); a variable set to
   * undefined is removed from the agent's environment the hook inherits (claude drops `OTEL_*`).
   */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Plugin name for plugin-layer hooks, else null. */
  readonly plugin: string | null;
  /** A directory the hook may keep state in, created before its first run (plugin `PLUGIN_DATA`). */
  readonly dataDir?: string;
  /**
   * The absolute directory the hook runs in, where its declaration names one (Copilot CLI's entry
   * `cwd`, resolved against the project dir at load). Absent: the dispatch's run dir (the payload's cwd).
   */
  readonly workingDir?: string;
  /**
   * `sha256:<hex>` of the text the declaring file was parsed from (UTF-8; for a UTF-8 file, its
   * bytes), when the loader records it (octo). Trust fingerprints exactly what was parsed instead
   * of re-reading a file that may have changed since.
   */
  readonly fileSha256?: string;
}
