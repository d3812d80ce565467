import { dirname } from 'node:path';
import { declaredDiscovery, type LayerDeclaration, type LoadPolicy } from '../../config/load-declaration.js';
import type { RuledConfigSpec } from '../../config/rule.js';
import { LAYERS } from './config-layers.js';
import { COPILOT_EVENTS } from './events.js';
import { compileCopilotMatcher } from './matcher.js';
import { rules } from './rules/index.js';

/**
 * copilot config rules: `{version: 1, hooks: {event: [entry…]}}` where an entry is a command hook
 * `{type: "command", bash, powershell, cwd, env, timeoutSec, matcher}` or a matcher group
 * `{matcher, hooks: [hook…]}`. `bash` is the command on Linux and macOS; `timeoutSec` its timeout
 * (load-config.ts reads both).
 */
export const configSpec: RuledConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'copilot',
  events: COPILOT_EVENTS,
  nesting: 'mixed',
  matcherSyntax: 'regex',
  compileMatcher: compileCopilotMatcher,
  groupFields: { matcher: { kind: 'string' } },
  handlerFields: {
    type: { kind: 'enum', values: ['command'] },
    bash: { kind: 'non-empty-string' },
    powershell: { kind: 'string' },
    cwd: { kind: 'string' },
    env: { kind: 'string-record' },
    timeoutSec: { kind: 'any' },
    matcher: { kind: 'string' },
  },
  // Docs only: 30 s unless `timeoutSec` says otherwise.
  timeout: { unit: 'seconds', defaultMs: 30_000, suspiciousSeconds: 1000 },
  handlerTypes: { supported: ['command'], unsupported: [], required: { command: ['bash'] } },
  topLevel: {
    'hooks-file': { fields: { version: { kind: 'any' }, $schema: { kind: 'string' } }, unknown: 'warning' },
    'inline-config': { fields: {}, unknown: 'ignore' },
    'managed-requirements': { fields: {}, unknown: 'ignore' },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
  // An entry Copilot CLI cannot use is skipped and the rest run.
  policy: { onError: 'skip', rejection: 'entry' },
  layers: LAYERS,
  commandFields: { shell: 'bash', otherShells: ['powershell'], cwd: 'cwd' },
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
  ...declaredDiscovery(LAYERS),
  // Lint rules only Copilot CLI needs (rules/index.ts), run after the core rules.
  rules,
};
