import { type Dialect, defineDialect } from '../../kit/index.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { loadConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { toolSamples } from './tool-samples.js';
import { trust } from './trust.js';

/** The `gemini` dialect: Gemini CLI's settings files and extensions, 11 events, command hooks. */
export const dialect: Dialect = defineDialect({
  manifest,
  contracts,
  loadConfig,
  protocol,
  trust,
  fixture,
  toolSamples,
  scaffold: scaffolding,
});
