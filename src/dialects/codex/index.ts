import { defineDialect, type Dialect } from '../../kit/index.js';
import { CODEX_TOOL_ALIASES } from './events.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { toolSamples } from './tool-samples.js';
import { hookShell, loadConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { sessionRecords } from './session-records.js';
import { trust } from './trust.js';

/** The `codex` dialect (SPEC-dialects 9): OpenAI Codex's hooks, exactly as Codex runs them. */
export const dialect: Dialect = defineDialect({
  manifest,
  contracts,
  loadConfig,
  // Its hook shell comes from the password database, which no watch path records: part of the key.
  configCache: { key: hookShell },
  aliases: CODEX_TOOL_ALIASES,
  protocol,
  trust,
  fixture,
  toolSamples,
  scaffold: scaffolding,
  sessionRecords,
  agentDriver: async () => (await import('./agent/test-driver.js')).codexAgentDriver,
});
