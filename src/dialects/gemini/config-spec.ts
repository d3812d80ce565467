import type { DialectConfigSpec, FieldType } from '../../config/config-spec.js';
import { declaredDiscovery, type LayerDeclaration, type LoadPolicy } from '../../config/load-declaration.js';
import { exponentialBacktracking } from '../../config/regex-backtracking.js';
import { LAYERS } from './config-layers.js';
import { GEMINI_EVENTS } from './events.js';
import { compileGeminiMatcher } from './matcher.js';
import { toolNames } from './tool-names.js';

/** Settings keys hookctl reads; every other key belongs to Gemini CLI and is not checked. */
const SETTINGS_FIELDS: Readonly<Record<string, FieldType>> = {
  hooksConfig: { kind: 'object' },
  security: { kind: 'object' },
};

/**
 * gemini config rules (packages/core/src/hooks/types.ts, hookRegistry.ts): settings files with
 * `hooks: {Event: [{matcher, sequential, hooks: [{type, command, name, timeout, env}]}]}`, command
 * hooks only, timeouts in milliseconds (60 s by default), JavaScript-regex tool matchers.
 * Gemini CLI skips what it cannot use one entry at a time (an unknown event, a definition without
 * `hooks`, a hook without `type` or `command`) and runs the rest; `hooksConfig.enabled: false`
 * (the last settings file that sets it) runs no hook at all.
 */
export const configSpec: DialectConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'gemini',
  events: GEMINI_EVENTS,
  nesting: 'groups',
  // Unused: compileMatcher decides (JavaScript regex on tool events, exact text elsewhere).
  matcherSyntax: 'regex',
  compileMatcher: compileGeminiMatcher,
  groupFields: { matcher: { kind: 'string' }, sequential: { kind: 'boolean' } },
  handlerFields: {
    // 'plugin' passes hookRegistry's validation and runs as a command; 'runtime' needs code Gemini registers itself.
    type: { kind: 'enum', values: ['command', 'plugin', 'runtime'] },
    command: { kind: 'command' },
    name: { kind: 'string' },
    description: { kind: 'string' },
    timeout: { kind: 'any' },
    env: { kind: 'string-record' },
  },
  // hookRunner.ts: DEFAULT_HOOK_TIMEOUT = 60000, `setTimeout(kill, timeout)`; below 1 s a value was
  // probably written in seconds (`hooks migrate --from-claude` copies Claude's seconds unchanged).
  timeout: { unit: 'milliseconds', defaultMs: 60_000, suspiciousBelowMs: 1000 },
  handlerTypes: {
    supported: ['command', 'plugin'],
    unsupported: ['runtime'],
    required: { command: ['command'], plugin: ['command'], runtime: [] },
  },
  topLevel: {
    // An extension's hooks/hooks.json: `{hooks}` (extension-manager.ts loadExtensionHooks).
    'hooks-file': { fields: { $schema: { kind: 'string' }, description: { kind: 'string' } }, unknown: 'warning' },
    // settings.json files hold much more than hooks.
    'inline-config': { fields: SETTINGS_FIELDS, unknown: 'ignore' },
    'managed-requirements': { fields: SETTINGS_FIELDS, unknown: 'ignore' },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
  // types.ts HOOKS_CONFIG_FIELDS: keys under `hooks` that are settings, not events (older files kept them there).
  reservedHookKeys: {
    'inline-config': { enabled: { kind: 'boolean' }, disabled: { kind: 'string-list' }, notifications: { kind: 'boolean' } },
  },
  policy: { onError: 'skip', rejection: 'entry', disableAll: { path: ['hooksConfig', 'enabled'], value: false } },
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
  layers: LAYERS,
  ...declaredDiscovery(LAYERS),
};
