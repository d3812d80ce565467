import { defineDialect, type Dialect } from '../../kit/index.js';
import { CODEX_TOOL_ALIASES } from './events.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { toolSamples } from './tool-samples.js';
import { loadConfig } from './load-config.js';
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
  aliases: CODEX_TOOL_ALIASES,
  protocol,
  trust,
  fixture,
  toolSamples,
  scaffold: scaffolding,
  sessionRecords,
});
