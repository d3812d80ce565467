import type { FieldType } from '../../config/config-spec.js';
import type { RuledConfigSpec } from '../../config/rule.js';
import { CLAUDE_EVENTS } from './events.js';
import { SESSION_END_DEFAULT_MS, SESSION_END_MAX_MS } from './budget.js';
import { LAYERS } from './config-layers.js';
import type { LayerDeclaration, LoadPolicy } from '../../config/load-declaration.js';
import { compileClaudeMatcher } from './matcher.js';
import { lintFacts } from './lint-facts.js';
import { claudeRejection } from './rejection.js';
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
export const configSpec: RuledConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'claude',
  events: CLAUDE_EVENTS,
  nesting: 'groups',
  // Its own matcher rules: exact lists with `,` `-` and spaces, JavaScript regexes.
  matcher: compileClaudeMatcher,
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
  timeout: {
    unit: 'seconds',
    defaultMs: 600_000,
    suspiciousSeconds: 1000,
    fractional: true,
    // cc hooks §SessionEnd: the hooks share 1.5 s, raised to the largest per-hook timeout, at most 60 s.
    byEvent: { SessionEnd: { defaultMs: SESSION_END_DEFAULT_MS, maxMs: SESSION_END_MAX_MS } },
  },
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
  // a rejected value costs is Claude's granularity (rejection.ts): the entry, the event, or the file;
  // a setting of the wrong type, a blank command or a group without `hooks` included.
  // Managed files drop only the bad entries (agent-rejection.ts).
  // Skip what is broken and run the rest. Managed `disableAllHooks: true` turns every hook off;
  // anywhere else it turns off the non-managed hooks only (load-config.ts, with the other switches).
  policy: {
    onError: 'skip',
    rejection: 'event',
    // What a rejected value costs, level by level (rejection.ts).
    granularity: claudeRejection,
    disableAll: { path: ['disableAllHooks'], value: true, source: 'managed' },
  },
  layers: LAYERS,
  // What Claude Code does that the shared lint rules say (lint-facts.ts).
  lint: lintFacts,
  // Lint rules only Claude Code needs (rules/index.ts), run after the core rules.
  rules,
};
