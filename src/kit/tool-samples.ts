/** A realistic call of one tool, as the agent's hook payload carries it. */
export interface ToolSample {
  /** `tool_input`: the arguments. Paths are under `cwd`, so they land inside the project. */
  readonly input: Record<string, unknown>;
  /** What the tool returned, for events that carry the result (PostToolUse). */
  readonly response: unknown;
}

/**
 * A dialect's role for `hookctl fixture --tool` and `dry-run --tool`: per tool of its agent, a call
 * that fits the tool (an Edit with a file path, an apply_patch with a patch), so a formatter or a
 * path guard can be tried without writing a payload. The core fixture code asks this role and names
 * no tool and no dialect.
 */
export interface ToolSamples {
  /** The tools with a sample, in the order help and errors list them. */
  readonly tools: readonly string[];
  /** The payload field holding the tool's result (`tool_response`; octo: `tool_output`). */
  readonly responseField: string;
  /**
   * The payload fields naming the tool and holding its input where they are not `tool_name` and
   * `tool_input` (copilot's camelCase events: `toolName`, `toolArgs`). An event whose payload has
   * `tool_name` instead (copilot's Claude-named events) keeps those.
   */
  readonly callFields?: { readonly name: string; readonly input: string };
  /**
   * Names a user may type for a tool the payload calls otherwise (codex sends `Bash` for
   * exec_command, shell and unified_exec): the name → the name the payload carries.
   */
  readonly payloadNames?: Readonly<Record<string, string>>;
  /** The sample for `tool` (a payload name), or undefined when the dialect has none. */
  sample(tool: string, context: { cwd: string }): ToolSample | undefined;
}
