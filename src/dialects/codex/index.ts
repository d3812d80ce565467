import type { Dialect } from '../../kit/index.js';
import { contracts } from './contracts.js';
import { fixture } from './fixture.js';
import { loadConfig } from './load-config.js';
import { manifest } from './manifest.js';
import { protocol } from './protocol.js';
import { scaffolding } from './scaffolding.js';
import { trust } from './trust.js';

/** The `codex` dialect (SPEC-dialects 9): OpenAI Codex's hooks, exactly as Codex runs them. */
export const dialect: Dialect = {
  id: manifest.id,
  manifest,
  events: manifest.events,
  contracts,
  loadConfig,
  // Codex: codex-rs/core/src/tools/hook_names.rs: apply_patch answers to Write and Edit, spawn_agent to Agent.
  aliases: { apply_patch: ['Write', 'Edit'], spawn_agent: ['Agent'] },
  protocol,
  trust,
  fixture,
  scaffold: scaffolding,
};
