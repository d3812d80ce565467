import type { DialectConfigSpec } from '../../config/config-spec.js';
import { OPENINTERPRETER_EVENTS } from './events.js';
import { describeOpenInterpreterFile, discoverOpenInterpreterFiles, featuresSwitch } from './config-layers.js';

/** openinterpreter config rules (SPEC 2.2, 2.3): JSON/TOML matcher groups, timeouts in whole seconds. */
export const configSpec: DialectConfigSpec = {
  dialect: 'openinterpreter',
  events: OPENINTERPRETER_EVENTS,
  nesting: 'groups',
  matcherSyntax: 'exact-list-or-regex',
  groupFields: { matcher: { kind: 'string' } },
  handlerFields: {
    type: { kind: 'enum', values: ['command', 'prompt', 'agent', 'mcp_tool'] },
    command: { kind: 'command' },
    timeout: { kind: 'whole-seconds' },
    statusMessage: { kind: 'string' },
    async: { kind: 'boolean' },
    id: { kind: 'non-empty-string' },
    onFailure: { kind: 'enum', values: ['continue', 'abort'] },
  },
  timeout: { unit: 'seconds', defaultMs: 600_000, suspiciousSeconds: 1000 },
  handlerTypes: { supported: ['command'], unsupported: ['prompt', 'agent', 'mcp_tool'] },
  topLevel: {
    // hooks.json: "other top-level keys are an error for that file" (SPEC 2.2).
    // `$schema` too, as the editor schema (schema/openinterpreter/config.json) allows it.
    'hooks-file': { fields: { $schema: { kind: 'string' }, description: { kind: 'string' } }, unknown: 'error' },
    // config.toml and requirements.toml hold much more than hooks.
    'inline-config': { fields: {}, unknown: 'ignore' },
    'managed-requirements': { fields: { allow_managed_hooks_only: { kind: 'boolean' } }, unknown: 'ignore' },
    env: { fields: {}, unknown: 'ignore' },
  },
  managedOnlySwitch: 'allow_managed_hooks_only',
  featuresSwitch,
  discover: discoverOpenInterpreterFiles,
  describeFile: describeOpenInterpreterFile,
};
