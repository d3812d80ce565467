import type { Dialect } from '../../kit/index.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { loadConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { trust } from './trust.js';

/** The `openinterpreter` dialect (SPEC 2): a Codex-derived engine with JSON and inline TOML config. */
export const dialect: Dialect = {
  id: manifest.id,
  manifest,
  events: manifest.events,
  contracts,
  loadConfig,
  // SPEC 2.4: the patch and sub-agent tools also answer to the names Claude-style configs use.
  // Codex: codex-rs/core/src/tools/hook_names.rs (HookToolName::apply_patch, ::spawn_agent).
  aliases: { apply_patch: ['Write', 'Edit'], spawn_agent: ['Agent'] },
  protocol,
  trust,
  fixture,
  scaffold: scaffolding,
};
