import type { LintFacts } from '../../config/lint-facts.js';
import { exponentialBacktracking } from '../../config/regex-backtracking.js';
import { toolNames } from './tool-names.js';

/** What Gemini CLI does that the shared lint rules say in their findings (LintFacts). */
export const lintFacts: LintFacts = {
  pathVariables: (file, projectDir) => ({
    GEMINI_PROJECT_DIR: projectDir,
    GEMINI_CWD: projectDir,
    CLAUDE_PROJECT_DIR: projectDir,
    ...(file.plugin ? { extensionPath: file.plugin.root } : {}),
  }),
  // Hooks run in the session's cwd with $GEMINI_PROJECT_DIR replaced by it before the shell runs.
  projectAnchor: {
    root: 'project',
    shellPrefix: '"$GEMINI_PROJECT_DIR"/',
    // Gemini CLI reads .gemini/settings.json only from the directory it starts in (paths.ts) and runs
    // hooks there (the input's `cwd`): a relative path from that directory cannot break after a `cd`.
    cwdPremise: null,
    exitTwo: {
      BeforeTool: 'denies every tool call it matches',
      AfterTool: 'hides every tool result it matches',
      BeforeAgent: 'blocks every prompt',
      AfterAgent: 'makes the agent retry every turn',
      BeforeModel: 'blocks every model request',
      AfterModel: 'blocks every model response',
    },
  },
  // Issue 39, from @google/gemini-cli-core 0.61.0: exit 2 turns stderr into `decision: "deny"` (hookRunner.js
  // convertPlainTextToHookOutput), which these events never read — SessionStart takes only additionalContext
  // (the CLI's interactiveCli), BeforeToolSelection only its toolConfig (hookSystem.js), SessionEnd,
  // PreCompress and Notification nothing. The blocking events are projectAnchor.exitTwo's above.
  exitTwoIgnored: {
    SessionStart: 'Gemini CLI reads only additionalContext from it',
    SessionEnd: 'Gemini CLI reads nothing from it',
    PreCompress: 'Gemini CLI reads nothing from it, and compresses anyway',
    Notification: 'Gemini CLI reads nothing from it',
    BeforeToolSelection: 'Gemini CLI reads only its toolConfig',
  },
  // hookRunner.js: the text read is stdout, else stderr; with neither there is no output, and no deny.
  exitTwoNeedsText: 'Gemini CLI',
  mcpToolPrefix: 'mcp_',
  // Other agents' names for its tools and events: the registry adds them from the cross-agent concordance.
  toolNames,
  hookVariables: {
    always: ['GEMINI_PROJECT_DIR', 'GEMINI_CWD', 'GEMINI_SESSION_ID', 'GEMINI_PLANS_DIR', 'CLAUDE_PROJECT_DIR'],
    plugin: [],
    neverSet: {
      CLAUDE_TOOL_INPUT: 'the input is JSON on stdin: read .tool_input',
      CLAUDE_TOOL_NAME: 'the input is JSON on stdin: read .tool_name',
      CLAUDE_FILE_PATHS: 'the input is JSON on stdin: read .tool_input.file_path',
      CLAUDE_PLUGIN_ROOT: 'an extension names its directory as ${extensionPath}',
      CLAUDE_CODE_SESSION_ID: 'use GEMINI_SESSION_ID, or .session_id of the JSON on stdin',
      GEMINI_TOOL_INPUT: 'the input is JSON on stdin: read .tool_input',
    },
  },
  // hookPlanner.ts evaluates tool matchers with JavaScript's backtracking RegExp.
  exponentialBacktracking,
};
