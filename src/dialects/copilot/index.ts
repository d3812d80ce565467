import { type Dialect, defineDialect } from '../../kit/index.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { loadConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { sessionRecords } from './session-records.js';
import { toolSamples } from './tool-samples.js';
import { trust } from './trust.js';

/** The `copilot` dialect: GitHub Copilot CLI's `.github/hooks/*.json` and `~/.copilot/hooks/*.json`, command hooks. */
export const dialect: Dialect = defineDialect({
  manifest,
  contracts,
  loadConfig,
  // Copilot CLI matches a Claude-named event's matcher against Claude's name and its own (`Bash` and `bash`).
  aliases: { Bash: ['bash'] },
  protocol,
  trust,
  fixture,
  toolSamples,
  scaffold: scaffolding,
  sessionRecords,
  agentDriver: async () => (await import('./agent/test-driver.js')).copilotAgentDriver,
});
