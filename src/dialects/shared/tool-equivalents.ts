import type { DialectConfigSpec } from '../../config/config-spec.js';

/**
 * One table of the tool names agents give the same kind of work, as their hooks see them in
 * `tool_name` (issue 39): configs are copied between agents, and a matcher written for one names
 * tools another never calls. Each dialect takes its own column (`toolEquivalents`), so a name of
 * another agent's column reads as "that agent's tool; here it is …". Not a dialect: data the
 * dialects share, in the dialect layer so that core code names no agent.
 *
 * Sources: Claude Code 2.1.328 (claude/tool-names.ts), Gemini CLI 0.61.0 (gemini/tool-names.ts),
 * Codex 0.169.0 hook names (codex-rs/core/src/tools/hook_names.rs: apply_patch also matches Edit and
 * Write, spawn_agent Agent), octo (`terminal`), Cursor (`Shell`), Antigravity (its edit tools, which
 * configs copied from it carry: replace_file_content, multi_replace_file_content, write_to_file…).
 */
const TOOL_ROLES: readonly Readonly<Record<string, readonly string[]>>[] = [
  // Run a shell command.
  {
    'Claude Code': ['Bash'],
    Codex: ['Bash'],
    'Gemini CLI': ['run_shell_command'],
    octo: ['terminal'],
    Cursor: ['Shell'],
    Antigravity: ['run_command'],
  },
  // Change part of a file.
  {
    'Claude Code': ['Edit'],
    Codex: ['apply_patch', 'Edit'],
    'Gemini CLI': ['replace'],
    Antigravity: ['replace_file_content', 'multi_replace_file_content'],
  },
  // Write a whole file.
  { 'Claude Code': ['Write'], Codex: ['apply_patch', 'Write'], 'Gemini CLI': ['write_file'], Antigravity: ['write_to_file'] },
  // Read a file.
  { 'Claude Code': ['Read'], 'Gemini CLI': ['read_file'], Antigravity: ['view_file'] },
  // Find files, search their contents, list a directory.
  { 'Claude Code': ['Glob'], 'Gemini CLI': ['glob'], Antigravity: ['find_by_name'] },
  { 'Claude Code': ['Grep'], 'Gemini CLI': ['grep_search'] },
  { 'Gemini CLI': ['list_directory'], Antigravity: ['list_dir'] },
  // The web.
  { 'Claude Code': ['WebFetch'], 'Gemini CLI': ['web_fetch'], Antigravity: ['read_url_content'] },
  { 'Claude Code': ['WebSearch'], 'Gemini CLI': ['google_web_search'], Antigravity: ['search_web'] },
  // Start a subagent; keep a todo list.
  { 'Claude Code': ['Agent'], Codex: ['spawn_agent', 'Agent'], 'Gemini CLI': ['invoke_agent'] },
  { 'Claude Code': ['TodoWrite'], 'Gemini CLI': ['write_todos'] },
];

type Equivalents = NonNullable<NonNullable<DialectConfigSpec['toolNames']>['equivalents']>;

/**
 * `agent`'s column of the table, as lint reads it: every other agent's name for work `agent` has a
 * tool for → whose name it is and what `agent` calls it (`|` between several). A name that is also
 * one of `agent`'s own tools is left out.
 */
export function toolEquivalents(agent: string): Equivalents {
  const own = new Set(TOOL_ROLES.flatMap((row) => row[agent] ?? []));
  const found: Record<string, { agent: string; instead: string[] }> = {};
  for (const row of TOOL_ROLES) {
    const instead = row[agent];
    if (instead === undefined) continue;
    for (const [other, names] of Object.entries(row)) {
      if (other === agent) continue;
      for (const name of names) {
        if (own.has(name)) continue;
        found[name] ??= { agent: other, instead: [] };
        const entry = found[name];
        for (const tool of instead) if (!entry.instead.includes(tool)) entry.instead.push(tool);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(found).map(([name, { agent: other, instead }]) => [name, { agent: other, instead: instead.join('|') }]),
  );
}
