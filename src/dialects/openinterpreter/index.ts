import { defineDialect, type Dialect } from '../../kit/index.js';
import { contracts } from './contracts.js';
import { CODEX_TOOL_ALIASES } from '../codex/events.js';
import { fixture } from './fixture.js';
import { toolSamples } from './tool-samples.js';
import { loadConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { trust } from './trust.js';

/** The `openinterpreter` dialect (SPEC 2): a Codex-derived engine with JSON and inline TOML config. */
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
});
