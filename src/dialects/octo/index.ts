import { defineDialect, type Dialect } from '../../kit/index.js';
import { builtinHooks } from './builtin-hooks.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { toolSamples } from './tool-samples.js';
import { formatOctoListing } from './list-text.js';
import { loadConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { trust } from './trust.js';

/** The `octo` dialect (SPEC 3): a Claude-Code-style engine with YAML config and a sequential gate. */
export const dialect: Dialect = defineDialect({
  manifest,
  contracts,
  loadConfig,
  transportField: 'transport',
  builtinHooks,
  protocol,
  trust,
  fixture,
  toolSamples,
  scaffold: scaffolding,
  formatListing: formatOctoListing,
});
