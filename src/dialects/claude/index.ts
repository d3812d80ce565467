import { defineDialect, type Dialect } from '../../kit/index.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { toolSamples } from './tool-samples.js';
import { formatClaudeListing } from './list-text.js';
import { loadConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { sessionRecords } from './session-records.js';
import { trust } from './trust.js';

/** The `claude` dialect (SPEC-dialects 8): Claude Code's settings files, 31 events, command and HTTP hooks; no aliases (8.3). */
export const dialect: Dialect = defineDialect({
  manifest,
  contracts,
  loadConfig,
  protocol,
  trust,
  formatListing: formatClaudeListing,
  fixture,
  toolSamples,
  scaffold: scaffolding,
  sessionRecords,
});
