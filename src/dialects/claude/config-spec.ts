import type { FieldType } from '../../config/config-spec.js';
import type { RuledConfigSpec } from '../../config/rule.js';
import { CLAUDE_EVENTS, GUARD_EVENTS, IF_EVENTS } from './events.js';
import { SESSION_END_DEFAULT_MS, SESSION_END_MAX_MS } from './budget.js';
import { describeClaudeFile, discoverClaudeFiles } from './config-layers.js';
import { compileClaudeMatcher } from './matcher.js';
import { projectAnchor } from './project-anchor.js';
import { toolNames } from './tool-names.js';
import { hookVariables } from './hook-variables.js';
import { exponentialBacktracking } from '../../config/regex-backtracking.js';
import { claudeRejection } from './rejection.js';
import { CLAUDE_CODE } from './agent-version.js';
import { rules } from './rules/index.js';

/** Settings keys hookctl reads (SPEC-dialects 8.1, 8.2); every other settings key belongs to Claude Code and is not checked. */
const SETTINGS_FIELDS: Readonly<Record<string, FieldType>> = {
  disableAllHooks: { kind: 'boolean' },
  allowedHttpHookUrls: { kind: 'string-list' },
  httpHookAllowedEnvVars: { kind: 'string-list' },
  enabledPlugins: { kind: 'object' },
};

/** The handler types of cc hooks §Hook handler fields with the fields only they have. */
const TYPE_FIELDS = {
  command: ['command', 'args', 'shell', 'async', 'asyncRewake', 'onFailure'],
  http: ['url', 'headers', 'allowedEnvVars', 'onFailure'],
  mcp_tool: ['server', 'tool', 'input', 'onFailure'],
  prompt: ['prompt', 'model', 'continueOnBlock'],
  agent: ['prompt', 'model'],
} as const;

/**
 * claude config rules (SPEC-dialects 8.1 to 8.3): JSON settings files with matcher groups, five
 * handler types, timeouts in seconds (fractions allowed), Claude's own matcher rules.
 */
export const configSpec: RuledConfigSpec = {
  dialect: 'claude',
  events: CLAUDE_EVENTS,
  nesting: 'groups',
  // Unused: compileMatcher below decides (exact lists with `,` `-` and spaces, JavaScript regexes).
  matcherSyntax: 'exact-list-or-regex',
  compileMatcher: compileClaudeMatcher,
  groupFields: { matcher: { kind: 'string' } },
  handlerFields: {
    type: { kind: 'enum', values: Object.keys(TYPE_FIELDS) },
    if: { kind: 'string' },
    timeout: { kind: 'positive-seconds' },
    statusMessage: { kind: 'string' },
    once: { kind: 'boolean' },
    command: { kind: 'command' },
    args: { kind: 'string-list' },
    shell: { kind: 'enum', values: ['bash', 'powershell'] },
    async: { kind: 'boolean' },
    asyncRewake: { kind: 'boolean' },
    url: { kind: 'non-empty-string' },
    headers: { kind: 'string-record' },
    allowedEnvVars: { kind: 'string-list' },
    server: { kind: 'non-empty-string' },
    tool: { kind: 'non-empty-string' },
    input: { kind: 'object' },
    // The binary's schema takes any string, a blank one too (test/agents/claude: the file loads).
    prompt: { kind: 'string' },
    model: { kind: 'string' },
    continueOnBlock: { kind: 'boolean' },
    // Claude Code 2.1.295+ (the binary's settings schema): command, http and mcp_tool handlers.
    onFailure: { kind: 'enum', values: ['continue', 'block'] },
  },
  timeout: { unit: 'seconds', defaultMs: 600_000, suspiciousSeconds: 1000, fractional: true },
  handlerTypes: {
    supported: Object.keys(TYPE_FIELDS),
    unsupported: [],
    fields: TYPE_FIELDS,
    required: { command: ['command'], http: ['url'], mcp_tool: ['server', 'tool'], prompt: ['prompt'], agent: ['prompt'] },
  },
  topLevel: {
    // A plugin's hooks/hooks.json: {description?, hooks} (cc hooks §Reference scripts by path).
    'hooks-file': { fields: { $schema: { kind: 'string' }, description: { kind: 'string' } }, unknown: 'warning' },
    // settings.json files hold much more than hooks.
    'inline-config': { fields: SETTINGS_FIELDS, unknown: 'ignore' },
    'managed-requirements': {
      fields: {
        ...SETTINGS_FIELDS,
        allowManagedHooksOnly: { kind: 'boolean' },
      },
      unknown: 'ignore',
    },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
  // A settings or plugin hooks file is read whole (cc settings §Fix a broken settings file), but what
  // a rejected value costs is Claude's granularity (rejection.ts): the entry, the event, or the file.
  // Managed files drop only the bad entries (agent-rejection.ts).
  wholeFileRejection: true,
  schemaRejectsFile: true,
  rejectionGranularity: claudeRejection,
  onError: 'skip',
  // cc hooks §SessionEnd: the hooks share 1.5 s, raised to the largest per-hook timeout, at most 60 s.
  eventTimeouts: { SessionEnd: { defaultMs: SESSION_END_DEFAULT_MS, maxMs: SESSION_END_MAX_MS } },
  // cc hooks §Exec form and shell form (`${user_config.*}` refused in shell form: rules/shell-form-placeholder.ts).
  execForm: { argsField: 'args' },
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
  conditionField: { field: 'if', events: IF_EVENTS },
  // `onFailure: "block"` makes a failed or timed-out guard block (the binary's guard-event set;
  // test/agents/claude cases). For lint's `guard-fails-open`.
  failClosed: {
    agent: CLAUDE_CODE,
    field: 'onFailure',
    value: 'block',
    events: GUARD_EVENTS,
    types: new Set(['command', 'http', 'mcp_tool']),
    ignoredWith: ['async', 'asyncRewake'],
  },
  mcpToolPrefix: 'mcp__',
  // Other agents' names for Claude's tools, from the one cross-agent table (issue 39).
  // Other agents' names for its tools and events: the registry adds them from the cross-agent concordance.
  toolNames,
  // cc changelog 2.1.101: an unknown event drops only its own entry.
  unknownEventIgnored: { agent: CLAUDE_CODE, effect: 'drops this entry' },
  hookVariables,
  exponentialBacktracking,
  discover: discoverClaudeFiles,
  describeFile: describeClaudeFile,
  // Lint rules only Claude Code needs (rules/index.ts), run after the core rules.
  rules,
};
