import type { HookInputMap as ClaudeInputs } from '../../generated/claude/types.js';
import type { HookInputMap as CodexInputs } from '../../generated/codex/types.js';
import type { HookInputMap as CopilotInputs } from '../../generated/copilot/types.js';
import type { HookInputMap as GeminiInputs } from '../../generated/gemini/types.js';
import type { HookInputMap as OctoInputs } from '../../generated/octo/types.js';
import type { HookInputMap as OpenInterpreterInputs } from '../../generated/openinterpreter/types.js';
import type { DialectRules, Rule, RuledConfigSpec } from '../config/rule.js';
import { UnknownDialectError } from '../errors.js';
import type { Dialect, DialectManifest } from '../kit/index.js';
import { didYouMean } from '../util/did-you-mean.js';
import { manifest as claudeManifest } from './claude/manifest.js';
import { manifest as codexManifest } from './codex/manifest.js';
import { manifest as copilotManifest } from './copilot/manifest.js';
import { manifest as geminiManifest } from './gemini/manifest.js';
import { manifest as octoManifest } from './octo/manifest.js';
import { manifest as openInterpreterManifest } from './openinterpreter/manifest.js';

/** One dialect as the registry holds it: its data, and loaders for the rest, run on demand. */
export interface DialectEntry {
  /** Data only (config dir, files, events): cheap, imported at start-up. */
  readonly manifest: DialectManifest;
  /** The whole dialect: loaders, validators, protocol, trust. */
  load(): Promise<Dialect>;
  /** The dialect's config rules alone (what lint needs), without its validators or protocol. */
  loadConfigSpec(): Promise<RuledConfigSpec>;
  /** The lint rules the dialect registers (its `rules/` folder, also its spec's `rules`), without the spec. */
  loadRules?(): Promise<DialectRules>;
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
  claude: {
    manifest: claudeManifest,
    load: async () => (await import('./claude/index.js')).dialect,
    loadConfigSpec: async () => (await import('./claude/config-spec.js')).configSpec,
    loadRules: async () => (await import('./claude/rules/index.js')).rules,
  },
  codex: {
    manifest: codexManifest,
    load: async () => (await import('./codex/index.js')).dialect,
    loadConfigSpec: async () => (await import('./codex/config-spec.js')).configSpec,
    loadRules: async () => (await import('./codex/rules/index.js')).rules,
  },
  gemini: {
    manifest: geminiManifest,
    load: async () => (await import('./gemini/index.js')).dialect,
    loadConfigSpec: async () => (await import('./gemini/config-spec.js')).configSpec,
  },
  copilot: {
    manifest: copilotManifest,
    load: async () => (await import('./copilot/index.js')).dialect,
    loadConfigSpec: async () => (await import('./copilot/config-spec.js')).configSpec,
  },
} as const satisfies Record<string, DialectEntry>;

export type DialectId = keyof typeof DIALECTS;

/** Each dialect's event name → input payload type, from the generated contracts. */
export interface DialectInputs extends Record<DialectId, object> {
  openinterpreter: OpenInterpreterInputs;
  octo: OctoInputs;
  claude: ClaudeInputs;
  codex: CodexInputs;
  gemini: GeminiInputs;
  copilot: CopilotInputs;
}

export const DIALECT_IDS = Object.keys(DIALECTS) as DialectId[];

/** The dialect used when detection finds none or several. */
export const DEFAULT_DIALECT: DialectId = 'openinterpreter';

export function isDialectId(value: string): value is DialectId {
  return Object.hasOwn(DIALECTS, value);
}

export function manifestOf(id: DialectId): DialectManifest {
  return entryOf(id).manifest;
}

export function loadDialect(id: DialectId): Promise<Dialect> {
  return entryOf(id).load();
}

export function loadConfigSpec(id: DialectId): Promise<RuledConfigSpec> {
  return entryOf(id).loadConfigSpec();
}

/** The lint rules a dialect registers, in its order; none for a dialect with only the core rules. */
export async function loadDialectRules(id: DialectId): Promise<readonly Rule[]> {
  return (await entryOf(id).loadRules?.())?.all() ?? [];
}

/** Library callers are not type-checked: `createEngine({ dialect: 'nope' })` gets a named error, not `DIALECTS[id] is undefined`. */
function entryOf(id: DialectId): DialectEntry {
  if (typeof id !== 'string' || !isDialectId(id)) {
    throw new UnknownDialectError(String(id), DIALECT_IDS, didYouMean(String(id), DIALECT_IDS));
  }
  return DIALECTS[id];
}
