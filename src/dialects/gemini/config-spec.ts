import type { FieldType } from '../../config/config-spec.js';
import type { RuledConfigSpec } from '../../config/rule.js';
import type { LayerDeclaration, LoadPolicy } from '../../config/load-declaration.js';
import { LAYERS } from './config-layers.js';
import { GEMINI_EVENTS } from './events.js';
import { lintFacts } from './lint-facts.js';
import { compileGeminiMatcher } from './matcher.js';
import { rules } from './rules/index.js';

/** Settings keys hookctl reads; every other key belongs to Gemini CLI and is not checked. */
const SETTINGS_FIELDS: Readonly<Record<string, FieldType>> = {
  hooksConfig: { kind: 'object' },
  security: { kind: 'object' },
};

/** Keys under `hooks` in a settings file that are settings, not events. */
const HOOKS_CONFIG_FIELDS: Readonly<Record<string, FieldType>> = {
  enabled: { kind: 'boolean' },
  disabled: { kind: 'string-list' },
  notifications: { kind: 'boolean' },
};

/**
 * gemini config rules (packages/core/src/hooks/types.ts, hookRegistry.ts): settings files with
 * `hooks: {Event: [{matcher, sequential, hooks: [{type, command, name, timeout, env}]}]}`, command
 * hooks only, timeouts in milliseconds (60 s by default), JavaScript-regex tool matchers.
 * Gemini CLI skips what it cannot use one entry at a time (an unknown event, a definition without
 * `hooks`, a hook without `type` or `command`) and runs the rest; `hooksConfig.enabled: false`
 * (the last settings file that sets it) runs no hook at all.
 */
export const configSpec: RuledConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'gemini',
  events: GEMINI_EVENTS,
  nesting: 'groups',
  // Its own matcher rules: JavaScript regex on tool events, exact text elsewhere.
  matcher: compileGeminiMatcher,
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
    // types.ts HOOKS_CONFIG_FIELDS: keys under `hooks` that are settings, not events (older files kept them there).
    'inline-config': { fields: SETTINGS_FIELDS, unknown: 'ignore', hooksKeys: HOOKS_CONFIG_FIELDS },
    'managed-requirements': { fields: SETTINGS_FIELDS, unknown: 'ignore' },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
  policy: { onError: 'skip', rejection: 'entry', disableAll: { path: ['hooksConfig', 'enabled'], value: false } },
  // What Gemini CLI does that the shared lint rules say (lint-facts.ts).
  lint: lintFacts,
  layers: LAYERS,
  // The core rule that does not hold for Gemini CLI (rules/index.ts).
  rules,
};
