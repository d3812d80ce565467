import type { LayerDeclaration, LoadPolicy } from '../../config/load-declaration.js';
import type { RuledConfigSpec } from '../../config/rule.js';
import { LAYERS } from './config-layers.js';
import { COPILOT_EVENTS } from './events.js';
import { lintFacts } from './lint-facts.js';
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
  matcher: compileCopilotMatcher,
  groupFields: { matcher: { kind: 'string' } },
  handlerFields: {
    type: { kind: 'enum', values: ['command'] },
    // What each of these holds, for every rule that reads a command (handler-command.ts).
    bash: { kind: 'non-empty-string', holds: 'shell-command' },
    powershell: { kind: 'string', holds: 'other-shell-command' },
    cwd: { kind: 'string', holds: 'working-dir' },
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
  // What Copilot CLI does that the shared lint rules say (lint-facts.ts).
  lint: lintFacts,
  // Lint rules only Copilot CLI needs (rules/index.ts), run after the core rules.
  rules,
};
