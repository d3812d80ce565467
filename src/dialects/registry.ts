import type { HookInputMap as CodexInputs } from '../../generated/codex/types.js';
import type { HookInputMap as OctoInputs } from '../../generated/octo/types.js';
import type { HookInputMap as OpenInterpreterInputs } from '../../generated/openinterpreter/types.js';
import type { DialectConfigSpec } from '../config/config-spec.js';
import type { Dialect, DialectManifest } from '../kit/index.js';
import { manifest as codexManifest } from './codex/manifest.js';
import { manifest as octoManifest } from './octo/manifest.js';
import { manifest as openInterpreterManifest } from './openinterpreter/manifest.js';

/** One dialect as the registry holds it: its data, and loaders for the rest, run on demand. */
export interface DialectEntry {
  /** Data only (config dir, files, events): cheap, imported at start-up. */
  readonly manifest: DialectManifest;
  /** The whole dialect: loaders, validators, protocol, trust. */
  load(): Promise<Dialect>;
  /** The dialect's config rules alone (what lint needs), without its validators or protocol. */
  loadConfigSpec(): Promise<DialectConfigSpec>;
}

/**
 * Every dialect hookctl speaks: the only table that lists them (docs/architecture.md, "Adding a
 * dialect"). Loaders are static `import()`s, not a template path, so bundlers and test runners see
 * them; each runs on demand so CLI start-up only pays for the dialect it uses. Order matters where
 * a file's extension alone must pick a dialect: the first that claims it wins.
 */
export const DIALECTS = {
  openinterpreter: {
    manifest: openInterpreterManifest,
    load: async () => (await import('./openinterpreter/index.js')).dialect,
    loadConfigSpec: async () => (await import('./openinterpreter/config-spec.js')).configSpec,
  },
  octo: {
    manifest: octoManifest,
    load: async () => (await import('./octo/index.js')).dialect,
    loadConfigSpec: async () => (await import('./octo/config-spec.js')).configSpec,
  },
  codex: {
    manifest: codexManifest,
    load: async () => (await import('./codex/index.js')).dialect,
    loadConfigSpec: async () => (await import('./codex/config-spec.js')).configSpec,
  },
} as const satisfies Record<string, DialectEntry>;

export type DialectId = keyof typeof DIALECTS;

/** Each dialect's event name → input payload type, from the generated contracts. */
export interface DialectInputs extends Record<DialectId, object> {
  openinterpreter: OpenInterpreterInputs;
  octo: OctoInputs;
  codex: CodexInputs;
}

export const DIALECT_IDS = Object.keys(DIALECTS) as DialectId[];

/** The dialect used when detection finds none or several. */
export const DEFAULT_DIALECT: DialectId = 'openinterpreter';

export function isDialectId(value: string): value is DialectId {
  return Object.hasOwn(DIALECTS, value);
}

export function manifestOf(id: DialectId): DialectManifest {
  return DIALECTS[id].manifest;
}

export function loadDialect(id: DialectId): Promise<Dialect> {
  return DIALECTS[id].load();
}

export function loadConfigSpec(id: DialectId): Promise<DialectConfigSpec> {
  return DIALECTS[id].loadConfigSpec();
}
