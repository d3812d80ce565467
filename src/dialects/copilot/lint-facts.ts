import { dirname } from 'node:path';
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
  // What the hook process gets (test/agents/copilot/process.test.ts): a script path built from them is checked like a relative one.
  pathVariables: (file, projectDir) => ({
    COPILOT_PROJECT_DIR: projectDir,
    CLAUDE_PROJECT_DIR: projectDir,
    COPILOT_HOOK_DIR: dirname(file.parsed.path),
  }),
  projectAnchor: {
    root: 'project',
    // Copilot reads .github/hooks only from the session directory and runs hooks there (process.test.ts):
    // that a `cd` in its shell tool moves them is not proven, so cwd-relative-script says nothing.
    cwdPremise: null,
    shellPrefix: '"$COPILOT_PROJECT_DIR"/',
    exitTwo: { preToolUse: 'denies every tool call it matches', PreToolUse: 'denies every tool call it matches' },
    anyFailure: { preToolUse: 'denies every tool call it matches', PreToolUse: 'denies every tool call it matches' },
  },
};
