import type { DialectConfigSpec } from '../../config/config-spec.js';
import { CONTEXT_LIMIT_EVENTS } from './events.js';

/**
 * The config rules the Codex family shares (openinterpreter runs the Codex hooks runtime, codex-rs/hooks;
 * SPEC 2.2, 2.3, SPEC-dialects 9.2, 9.3): JSON/TOML matcher groups, timeouts in whole seconds, whole-file
 * rejection and the reserved `[hooks]` keys. It lives here, with the rest of the family's runtime, so that
 * openinterpreter imports codex/ and codex imports nothing of openinterpreter's. Each dialect's
 * config-spec.ts adds its events, layers and what its agent does differently.
 */
export const familySpec = {
  nesting: 'groups',
  // Load what can be loaded; the agent deserialises a file's hooks all at once (Codex's serde types),
  // so one bad value drops the file. `allow_managed_hooks_only` switches non-managed hooks off; each
  // dialect adds its `[features] hooks` switch.
  policy: { onError: 'skip', rejection: 'file', managedOnlyKey: 'allow_managed_hooks_only' },
  matcher: 'exact-list-or-regex',
  groupFields: { matcher: { kind: 'string' } },
  /** The fields the agent reads; hookctl's own additions are each dialect's choice. */
  handlerFields: {
    type: { kind: 'enum', values: ['command', 'prompt', 'agent', 'mcp_tool'] },
    command: { kind: 'command' },
    timeout: { kind: 'whole-seconds' },
    statusMessage: { kind: 'string' },
    async: { kind: 'boolean' },
    // Only events that can emit additional context read it (discovery.rs); elsewhere the agent ignores it.
    additionalContextLimit: { kind: 'count', events: CONTEXT_LIMIT_EVENTS },
    // The Windows command (either spelling, hook_config.rs); hookctl runs on POSIX, so it is never used.
    commandWindows: { kind: 'string' },
    command_windows: { kind: 'string' },
  },
  timeout: { unit: 'seconds', defaultMs: 600_000, suspiciousSeconds: 1000 },
  handlerTypes: { supported: ['command'], unsupported: ['prompt', 'agent', 'mcp_tool'] },
  topLevel: {
    // hooks.json: any top-level key but `description` makes the agent reject the file (SPEC 2.2;
    // Codex: codex-rs/config/src/hook_config.rs HooksFile is deny_unknown_fields), `$schema` included.
    'hooks-file': { fields: { description: { kind: 'string' } }, unknown: 'error' },
    // config.toml and requirements.toml hold much more than hooks.
    // The agent keeps per-hook state (enabled, trusted_hash) under [hooks.state."<key>"] (HooksToml).
    'inline-config': { fields: {}, unknown: 'ignore', hooksKeys: { state: { kind: 'any' } } },
    'managed-requirements': {
      fields: { allow_managed_hooks_only: { kind: 'boolean' } },
      unknown: 'ignore',
      // ManagedHooksRequirementsToml: where managed hook scripts live, per platform.
      hooksKeys: { managed_dir: { kind: 'string' }, windows_managed_dir: { kind: 'string' } },
    },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
  lint: {
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
        // Issue 39: written for Codex plugins; the Codex 0.171.0 binary has no such name (a plugin gets PLUGIN_ROOT).
        CODEX_PLUGIN_ROOT: "a plugin's hooks get $PLUGIN_ROOT (and $CLAUDE_PLUGIN_ROOT); a project file gets none",
      },
    },
  },
} satisfies Partial<DialectConfigSpec>;
