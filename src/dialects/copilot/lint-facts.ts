import type { LintFacts } from '../../config/lint-facts.js';

/** What Copilot CLI does that the shared lint rules say in their findings (LintFacts). */
export const lintFacts: LintFacts = {
  // test/agents/copilot: exit 2 on these blocks nothing, and its stderr is a warning the model never sees.
  exitTwoIgnored: {
    userPromptSubmitted: 'Copilot CLI shows stderr as a warning (print {"decision": "block"} to block)',
    agentStop: 'Copilot CLI shows stderr as a warning (print {"decision": "block"} to keep the agent going)',
  },
  hookVariables: {
    always: ['COPILOT_PROJECT_DIR', 'CLAUDE_PROJECT_DIR', 'COPILOT_HOOK_DIR', 'COPILOT_CLI'],
    plugin: [],
    neverSet: {
      CLAUDE_TOOL_INPUT: 'the input is JSON on stdin: read .toolArgs (camelCase events) or .tool_input',
      COPILOT_TOOL_NAME: 'the input is JSON on stdin: read .toolName',
    },
  },
  projectAnchor: {
    root: 'project',
    shellPrefix: '"$COPILOT_PROJECT_DIR"/',
    exitTwo: { preToolUse: 'denies every tool call it matches', PreToolUse: 'denies every tool call it matches' },
    anyFailure: { preToolUse: 'denies every tool call it matches', PreToolUse: 'denies every tool call it matches' },
  },
};
