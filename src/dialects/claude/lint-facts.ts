import type { LintFacts } from '../../config/lint-facts.js';
import { exponentialBacktracking } from '../../config/regex-backtracking.js';
import { CLAUDE_CODE } from './agent-version.js';
import { IF_EVENTS } from './events.js';
import { hookVariables } from './hook-variables.js';
import { projectAnchor } from './project-anchor.js';
import { toolNames } from './tool-names.js';

/** cc hooks §Exec form and shell form (`${user_config.*}` refused in shell form: rules/shell-form-placeholder.ts). */
export const EXEC_FORM = { argsField: 'args' } as const;

/** The permission-rule filter on a handler (`if`), evaluated only on the tool events (rules/if-not-evaluated.ts). */
export const CONDITION_FIELD = { field: 'if', events: IF_EVENTS } as const;

/** What Claude Code does that the shared lint rules say in their findings (LintFacts). */
export const lintFacts: LintFacts = {
  execForm: EXEC_FORM,
  pathVariables: (file, projectDir) => ({
    CLAUDE_PROJECT_DIR: projectDir,
    ...(file.plugin ? { CLAUDE_PLUGIN_ROOT: file.plugin.root, CLAUDE_PLUGIN_DATA: file.plugin.data } : {}),
  }),
  projectAnchor,
  // Issue 39, from each event's schema description (docs/dialects.md): exit 2 cannot block these.
  exitTwoIgnored: {
    SessionStart: 'Claude Code shows stderr to the user as a hook error',
    Setup: 'Claude Code shows stderr to the user',
    Notification: 'Claude Code ignores the exit code and stderr',
    SubagentStart: "Claude Code shows stderr as a hook error in the subagent's transcript",
    CwdChanged: 'Claude Code shows stderr to the user',
    DirectoryAdded: 'Claude Code sends stderr to the debug log',
    FileChanged: 'Claude Code shows stderr to the user',
    WorktreeRemove: 'Claude Code logs the failure in debug mode only',
    SessionEnd: 'Claude Code shows stderr to the user',
  },
  conditionField: CONDITION_FIELD,
  mcpToolPrefix: 'mcp__',
  // Other agents' names for its tools and events: the registry adds them from the cross-agent concordance.
  toolNames,
  // cc changelog 2.1.101: an unknown event drops only its own entry.
  unknownEventIgnored: { agent: CLAUDE_CODE, effect: 'drops this entry' },
  hookVariables,
  exponentialBacktracking,
};
