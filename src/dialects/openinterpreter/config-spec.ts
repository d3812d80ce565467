import type { DialectConfigSpec } from '../../config/config-spec.js';
import { declaredDiscovery, type LayerDeclaration, type LoadPolicy } from '../../config/load-declaration.js';
import { projectAnchor } from './project-anchor.js';
import { CONTEXT_LIMIT_EVENTS } from '../codex/events.js';
import { OPENINTERPRETER_EVENTS } from './events.js';
import { featuresSwitch, LAYERS } from './config-layers.js';

/** openinterpreter config rules (SPEC 2.2, 2.3): JSON/TOML matcher groups, timeouts in whole seconds. */
export const configSpec: DialectConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'openinterpreter',
  events: OPENINTERPRETER_EVENTS,
  nesting: 'groups',
  // Load what can be loaded; the agent deserialises a file's hooks all at once (after Codex's serde
  // types), so one bad value drops the file. `[features] hooks` and `allow_managed_hooks_only` switch hooks off.
  policy: { onError: 'skip', rejection: 'file', managedOnlyKey: 'allow_managed_hooks_only', features: { switchOf: featuresSwitch } },
  matcherSyntax: 'exact-list-or-regex',
  groupFields: { matcher: { kind: 'string' } },
  handlerFields: {
    type: { kind: 'enum', values: ['command', 'prompt', 'agent', 'mcp_tool'] },
    command: { kind: 'command' },
    timeout: { kind: 'whole-seconds' },
    statusMessage: { kind: 'string' },
    async: { kind: 'boolean' },
    additionalContextLimit: { kind: 'count' },
    // The Windows command (either spelling, hook_config.rs); hookctl runs on POSIX, so it is never used.
    commandWindows: { kind: 'string' },
    command_windows: { kind: 'string' },
    // hookctl's additions; the agent ignores them.
    id: { kind: 'non-empty-string', extension: true },
    onFailure: { kind: 'enum', values: ['continue', 'abort'], extension: true },
  },
  timeout: { unit: 'seconds', defaultMs: 600_000, suspiciousSeconds: 1000 },
  handlerTypes: { supported: ['command'], unsupported: ['prompt', 'agent', 'mcp_tool'] },
  // Seed 000: the agent runs the Codex hooks runtime (codex-rs/hooks), whose HookEventsToml
  // (codex-rs/config/src/hook_config.rs) has no deny_unknown_fields: serde skips an event it does not
  // know, in hooks.json and in config.toml alike (SPEC 2.2 lists no unknown event among whole-file rejections).
  unknownEventIgnored: { agent: 'Open Interpreter as of 2026-09', effect: 'skips this event' },
  topLevel: {
    // hooks.json: any top-level key but `description` makes the agent reject the file (SPEC 2.2;
    // Codex: codex-rs/config/src/hook_config.rs HooksFile is deny_unknown_fields), `$schema` included.
    'hooks-file': { fields: { description: { kind: 'string' } }, unknown: 'error' },
    // config.toml and requirements.toml hold much more than hooks.
    'inline-config': { fields: {}, unknown: 'ignore' },
    'managed-requirements': { fields: { allow_managed_hooks_only: { kind: 'boolean' } }, unknown: 'ignore' },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
  reservedHookKeys: {
    // The agent keeps per-hook state (enabled, trusted_hash) under [hooks.state."<key>"] (HooksToml).
    'inline-config': { state: { kind: 'any' } },
    // ManagedHooksRequirementsToml: where managed hook scripts live, per platform.
    'managed-requirements': { managed_dir: { kind: 'string' }, windows_managed_dir: { kind: 'string' } },
  },
  contextLimitEvents: CONTEXT_LIMIT_EVENTS,
  projectAnchor,
  // Issue 39, from each event's schema description (docs/dialects.md): exit 2 cannot block these.
  exitTwoIgnored: {
    SessionStart: 'the agent gives it no special meaning',
    PreCompact: 'the agent gives it no special meaning',
    PostCompact: 'the agent gives it no special meaning',
  },
  // SPEC 2.1 and 2.8 (codex: SPEC-dialects 9.7): only a plugin's hooks get variables of their own.
  hookVariables: {
    always: [],
    plugin: ['PLUGIN_ROOT', 'PLUGIN_DATA', 'CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA'],
    neverSet: {
      CLAUDE_PROJECT_DIR:
        'that is Claude Code\'s; this agent sets no project-dir variable: use "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"',
      CLAUDE_TOOL_INPUT: 'the input is JSON on stdin: read .tool_input',
      CLAUDE_FILE_PATHS: 'the input is JSON on stdin: read .tool_input',
      CODEX_PROJECT_DIR: 'no project-dir variable is set: use "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"',
    },
  },
  // SPEC 2.4: the shell tool is Bash; apply_patch answers to Edit and Write, spawn_agent to Agent.
  toolNames: { tools: ['Bash', 'apply_patch', 'Edit', 'Write', 'spawn_agent', 'Agent'] },
  layers: LAYERS,
  ...declaredDiscovery(LAYERS),
};
