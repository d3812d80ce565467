import type { Dialect } from '../dialect.js';
import { builtinHooks } from './builtin-hooks.js';
import { contracts } from './contracts.js';
import { OCTO_EVENTS } from './events.js';
import { fixture } from './fixture.js';
import { formatOctoListing } from './list-text.js';
import { loadConfig } from './load-config.js';
import { protocol } from './protocol.js';
import { trust } from './trust.js';

/** The `octo` dialect (SPEC 3): a Claude-Code-style engine with YAML config and a sequential gate. */
export const dialect: Dialect = {
  id: 'octo',
  events: OCTO_EVENTS,
  contracts,
  loadConfig,
  aliases: {},
  transportField: 'transport',
  builtinHooks,
  protocol,
  trust,
  fixture,
  formatListing: formatOctoListing,
};
