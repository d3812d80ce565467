import type { HookInputMap as ClaudeInputs } from '../../generated/claude/types.js';
import type { HookInputMap as CodexInputs } from '../../generated/codex/types.js';
import type { HookInputMap as CopilotInputs } from '../../generated/copilot/types.js';
import type { HookInputMap as GeminiInputs } from '../../generated/gemini/types.js';
import type { HookInputMap as OctoInputs } from '../../generated/octo/types.js';
import type { HookInputMap as OpenInterpreterInputs } from '../../generated/openinterpreter/types.js';
import type { DialectConfigSpec } from '../config/config-spec.js';
import type { DialectRules, Rule, RuledConfigSpec } from '../config/rule.js';
import { UnknownDialectError } from '../errors.js';
import type { Dialect, DialectManifest } from '../kit/index.js';
import { didYouMean } from '../util/did-you-mean.js';
import { eventHints, toolHints, type ConcordanceRow } from './cross-agent.js';
import { FOREIGN_AGENTS } from './foreign-agents.js';
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
    loadRules: async () => (await import('./gemini/rules/index.js')).rules,
  },
  copilot: {
    manifest: copilotManifest,
    load: async () => (await import('./copilot/index.js')).dialect,
    loadConfigSpec: async () => (await import('./copilot/config-spec.js')).configSpec,
    loadRules: async () => (await import('./copilot/rules/index.js')).rules,
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

/** The whole dialect, its config rules completed with the cross-agent hints before its loader can read them. */
export async function loadDialect(id: DialectId): Promise<Dialect> {
  const entry = entryOf(id);
  withCrossAgentHints(id, await entry.loadConfigSpec());
  return entry.load();
}

/** The dialect's config rules, completed with the cross-agent hints (`withCrossAgentHints`). */
export async function loadConfigSpec(id: DialectId): Promise<RuledConfigSpec> {
  return withCrossAgentHints(id, await entryOf(id).loadConfigSpec());
}

/**
 * The cross-agent concordance: each dialect's row (its manifest's `concordance`), then the agents
 * hookctl has no dialect for (foreign-agents.ts). The canonical row leads, so that a name several
 * agents share (`PreToolUse`, `Bash`) is attributed to it; the rest keep the registry's order.
 */
export function concordanceRows(): readonly ConcordanceRow[] {
  const rows = DIALECT_IDS.flatMap((id): ConcordanceRow[] => {
    const { concordance: row, agentName } = manifestOf(id);
    return row === undefined ? [] : [{ agent: row.agent ?? agentName ?? id, dialect: id, row }];
  });
  const foreign = FOREIGN_AGENTS.map((row): ConcordanceRow => ({ agent: row.agent, dialect: null, row }));
  return [...rows.filter(({ row }) => row.canonical), ...rows.filter(({ row }) => !row.canonical), ...foreign];
}

const completed = new WeakSet<DialectConfigSpec>();

/**
 * Fills a dialect's config rules with what the concordance says about other agents' names, for lint
 * (core, which names no agent, reads them as data): `lint.toolNames.equivalents` where the dialect lists
 * its tools, `lint.otherAgentEvents`. The spec object is the dialect's own module-level one, so its loader
 * reads the same hints; done once per spec.
 */
function withCrossAgentHints<Spec extends DialectConfigSpec>(id: DialectId, spec: Spec): Spec {
  if (completed.has(spec)) return spec;
  completed.add(spec);
  const rows = concordanceRows();
  const self = rows.find((row) => row.dialect === id);
  if (self === undefined) return spec;
  const lint = { ...spec.lint };
  if (lint.toolNames !== undefined) {
    const known = new Set([...Object.keys(lint.toolNames.legacy ?? {}), ...Object.keys(lint.toolNames.removed ?? {})]);
    lint.toolNames = { ...lint.toolNames, equivalents: toolHints(rows, self, known) };
  }
  const events = eventHints(rows, self, new Set(spec.events.map((event) => event.name)));
  if (Object.keys(events).length > 0) lint.otherAgentEvents = events;
  spec.lint = lint;
  return spec;
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
