import type { Dialect } from '../../kit/index.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { toolSamples } from './tool-samples.js';
import { formatClaudeListing } from './list-text.js';
import { reviveCondition } from './if-condition.js';
import { loadConfig, refreshCachedConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { sessionRecords } from './session-records.js';
import { trust } from './trust.js';

/** The `claude` dialect (SPEC-dialects 8): Claude Code's settings files, 31 events, command and HTTP hooks. */
export const dialect: Dialect = {
  id: manifest.id,
  manifest,
  events: manifest.events,
  contracts,
  loadConfig,
  configCache: { reviveCondition, refresh: refreshCachedConfig },
  // 8.3: "hookctl adds no aliases".
  aliases: {},
  protocol,
  trust,
  formatListing: formatClaudeListing,
  fixture,
  toolSamples,
  scaffold: scaffolding,
  sessionRecords,
};
