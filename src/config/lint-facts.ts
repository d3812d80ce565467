import type { ConfigFile } from './config-file.js';

/**
 * What a dialect's agent does that only lint needs to know, to say it in the findings of the core rules
 * every dialect shares (cwd-relative-script, output-ignored, unknown-event, tool-matcher-never-matches,
 * unset-variable, machine-specific-path, matcher-backtracking, mcp-matcher-without-tool): facts as data,
 * read by rules that name no agent (at load too, for the rules that run there); the normaliser and the
 * engine never read them. A check only one agent needs is a rule of that dialect instead
 * (src/dialects/<id>/rules/), reading its own facts from its own modules.
 */
export interface LintFacts {
  /**
   * Command handlers that may run without a shell (claude): when `argsField` is set, `command` is
   * the program (spawned directly) and each item of it one argument.
   */
  execForm?: { argsField: string };
  /**
   * Variables whose value lint knows (claude `CLAUDE_PROJECT_DIR` = the project dir, a plugin's
   * root): a script path built from them is checked like a relative one. In shell form `$NAME` and
   * `${NAME}` count, in exec form only `${NAME}` (the agent replaces it as text).
   */
  pathVariables?(file: ConfigFile, projectDir: string): Readonly<Record<string, string>>;
  /**
   * How a command reaches a project script from whatever directory the hook runs in. The agents run
   * hooks in the session's cwd, which follows `cd`, so a path relative to the cwd breaks after one
   * (lint `cwd-relative-script`). `shellPrefix`/`execPrefix`: written before a path from the project
   * root in a shell-form / exec-form command (claude `"$CLAUDE_PROJECT_DIR"/`, `${CLAUDE_PROJECT_DIR}/`).
   * `exitTwo`: events where exit code 2 has an effect, and that effect in a few words (a missing
   * script read by python exits 2); `anyFailure`: events where every non-zero exit has one.
   */
  projectAnchor?: {
    /** What the prefix stands for: the project dir hooks start in (claude), or the git root above it. */
    root: 'project' | 'git';
    shellPrefix: string;
    execPrefix?: string;
    exitTwo: Readonly<Record<string, string>>;
    anyFailure?: Readonly<Record<string, string>>;
    /**
     * Why a path relative to the cwd can miss, in this agent's own terms: the words that end with
     * where the script is then not found (default: the agent runs hooks in the session's cwd, which
     * follows `cd`, "from any other directory"). `null` where it cannot: the agent reads the project
     * file only from the directory it starts in and runs the hooks there (gemini), so lint's
     * `cwd-relative-script` says nothing.
     */
    cwdPremise?: string | null;
  };
  /**
   * Events where exit code 2 cannot block, with what the agent does with it instead, as a clause
   * ("Claude Code shows stderr to the user"): a hook written `… || exit 2` there blocks nothing
   * (lint's `output-ignored`). Events not listed are not judged.
   */
  exitTwoIgnored?: Readonly<Record<string, string>>;
  /**
   * Where exit 2 blocks only with a reason written out: the agent's name (Gemini CLI reads the hook's
   * stdout, else its stderr, and an exit 2 with neither is no output at all, so nothing is blocked).
   * A hook whose command writes nothing before `exit 2` fails open (lint's `output-ignored`).
   */
  exitTwoNeedsText?: string;
  /**
   * A handler field that filters on the tool call and that the agent evaluates only on some events
   * (claude `if`); on any other event a handler with it never runs.
   */
  conditionField?: { field: string; events: ReadonlySet<string> };
  /**
   * How the agent names MCP tools, `<prefix><server>__<tool>` (claude `mcp__`): an exact matcher
   * on a tool event that names only a server matches no tool.
   */
  mcpToolPrefix?: string;
  /**
   * Event names of other agents that configs copied from them carry (Claude Code's `PreToolUse` in a
   * Gemini CLI file): whose each is and what this agent calls it, so `unknown-event` says so. Filled
   * by the registry from the cross-agent concordance (src/dialects/cross-agent.ts); a dialect never
   * writes it.
   */
  otherAgentEvents?: Readonly<Record<string, { agent: string; instead: string }>>;
  /**
   * Where the agent ignores an event it does not know (claude drops the entry, codex skips it)
   * rather than refusing the file: the agent and the version whose events hookctl knows. Lint's
   * `unknown-event` is then a warning naming that version (a newer agent may know the event);
   * without it (octo, a hard load error) it stays an error.
   */
  unknownEventIgnored?: { agent: string; effect: string };
  /**
   * The tool names a tool event's matcher is compared with (claude `Bash`, `Read`…), for lint: an
   * exact matcher that names one in the wrong case, or a tool of another agent (`terminal`, `Shell`),
   * matches no tool.
   */
  toolNames?: {
    tools: readonly string[];
    /** Old names the agent still matches as the tool's new name (claude `Task` → `Agent`): an info note. */
    legacy?: Readonly<Record<string, { tool: string; agent: string }>>;
    /** Tools the agent no longer has (claude `MultiEdit`): the name matches nothing; `instead` does the work now. */
    removed?: Readonly<Record<string, { agent: string; instead: string }>>;
    /**
     * Other agents' names for work this agent has a tool for (and names configs for this agent
     * carry that its hooks never see): whose each is and this agent's name(s), `|`-joined. Filled by
     * the registry from the cross-agent concordance (src/dialects/cross-agent.ts); a dialect never
     * writes it. A matcher alternative that names one while this agent's own is missing lets those
     * calls bypass the hook (lint's `tool-matcher-never-matches`).
     */
    equivalents?: Readonly<Record<string, { agent: string; instead: string }>>;
  };
  /**
   * The variables the agent sets for its hooks (SPEC-dialects 8.7, 9.7), for lint's
   * `unset-variable`: `always`, `byEvent` (a variable → the only events it is set on), `plugin`
   * (only for a plugin's hooks), and `neverSet`: names configs use that the agent never sets, each
   * with what to use instead (the input arrives as JSON on stdin).
   */
  hookVariables?: {
    always: readonly string[];
    byEvent?: Readonly<Record<string, readonly string[]>>;
    plugin: readonly string[];
    neverSet: Readonly<Record<string, string>>;
  };
  /**
   * Set when the agent evaluates regex matchers with a backtracking engine (claude: JavaScript's
   * `RegExp`): finds a regex that backtracks exponentially there, with a word that, repeated, shows
   * it. Such a pattern stalls the agent itself, although hookctl runs matchers in linear time.
   */
  exponentialBacktracking?(regex: string): { pump: string } | null;
}
