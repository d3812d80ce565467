import type { ConfigFile } from '../../config/config-file.js';
import type { FeaturesPolicy, FeaturesSwitch } from '../../config/config-spec.js';
import type { LayerDeclaration, LoadPolicy } from '../../config/load-declaration.js';
import type { RuledConfigSpec } from '../../config/rule.js';
import { setField } from '../../config/field-value.js';
import type { SourceEntry } from '../../config/source-tree.js';
import { LAYERS } from './config-layers.js';
import { CODEX_EVENTS } from './events.js';
import { hookKey } from './hook-key.js';
import { familySpec } from './family-spec.js';
import { lintFacts } from './lint-facts.js';
import { rules } from './rules/index.js';

/**
 * codex config rules (SPEC-dialects 9.2, 9.3): the family's JSON/TOML format, matchers,
 * whole-file rejection and reserved `[hooks]` keys (family-spec.ts), without hookctl's `id` and
 * `onFailure` that openinterpreter adds (Codex ignores them as unknown keys), plus SessionEnd's
 * timeout rule and forced sync, Codex's hook keys as handler ids, and Codex's `[features] hooks` decision.
 */
/** The clause of a config.toml `[hooks]` type error: Codex refuses to start, so no hook runs. */
export const CODEX_WILL_NOT_START = 'Codex will not start';

export const configSpec: RuledConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'codex',
  events: CODEX_EVENTS,
  ...familySpec,
  handlerFields: {
    ...familySpec.handlerFields,
    // u64 seconds; a value above i64::MAX cannot be hashed (discovery.rs command_hook_hash: unreachable!).
    timeout: { kind: 'whole-seconds', max: 9223372036854775807n },
  },
  // Codex: codex-rs/hooks/src/events/session_end.rs SESSION_END_DEFAULT_TIMEOUT_SEC, SESSION_END_MAX_TIMEOUT_SEC.
  // Interrupt has the same rule in Codex 0.169.0 and 0.171.0: hooks/list shows 1 s by default and 3 s for
  // `timeout = 10`, with "clamping Interrupt hook timeout to 3s in <path>" (test/agents/codex/hooks-list.test.ts).
  timeout: {
    ...familySpec.timeout,
    byEvent: { SessionEnd: { defaultMs: 1000, maxMs: 3000 }, Interrupt: { defaultMs: 1000, maxMs: 3000 } },
  },
  // What Codex does that the shared lint rules say (lint-facts.ts).
  lint: lintFacts,
  // Codex 0.169.0 exits with "Error loading config.toml: invalid type: … in `hooks`" (test/agents/codex).
  policy: { ...familySpec.policy, refusal: CODEX_WILL_NOT_START, features: { switchOf: featuresSwitch, decide: decideFeatures } },
  handlerId: (file, event, group, handler) => hookKey(file.key ?? file.parsed.path, event, group, handler),
  layers: LAYERS,
  // Lint rules only Codex needs (rules/index.ts), run after the core rules.
  rules,
};

/**
 * The `[features]` entry that switches hooks in one file: `hooks`, or its legacy alias
 * `codex_hooks` (codex-rs/features/src/legacy.rs). Codex applies feature keys in name order, so
 * `hooks` wins when a file sets both. Files the agent does not load (an untrusted project) count
 * for nothing.
 */
function featuresSwitch(file: ConfigFile): SourceEntry | undefined {
  const root = file.parsed.root;
  if (file.disabled || (file.role !== 'inline-config' && file.role !== 'managed-requirements') || root?.kind !== 'object') return undefined;
  const features = setField(root, 'features')?.value;
  if (features?.kind !== 'object') return undefined;
  return [setField(features, 'hooks'), setField(features, 'codex_hooks')].find(
    (entry) => entry?.value.kind === 'scalar' && typeof entry.value.value === 'boolean',
  );
}

/**
 * Codex's decision (SPEC-dialects 9.1): the merged config's value — the last config layer that sets
 * it, system config.toml lowest, managed_config.toml highest — unless the requirements file pins the
 * feature, which then decides (codex-rs/core/src/config/managed_features.rs). Off means off for every
 * hook, managed ones included: the hooks engine is not even started. A config `false` under a pinned
 * `true` is ignored (Codex refuses to start with that conflict; hookctl applies the pin and says so).
 */
function decideFeatures(files: readonly ConfigFile[]): FeaturesPolicy {
  let pinned: FeaturesSwitch | null = null;
  let configured: FeaturesSwitch | null = null;
  for (const file of files) {
    const entry = featuresSwitch(file);
    if (entry === undefined) continue;
    const found = { file, entry, enabled: entry.value.kind === 'scalar' && entry.value.value === true };
    if (file.role === 'managed-requirements') pinned ??= found;
    else configured = found;
  }
  const policy = { managed: pinned, local: configured, deciding: null, scope: null, localIgnored: false };
  if (pinned !== null) {
    if (!pinned.enabled) return { ...policy, deciding: pinned, scope: 'all' };
    return { ...policy, localIgnored: configured?.enabled === false };
  }
  if (configured?.enabled === false) return { ...policy, deciding: configured, scope: 'all' };
  return policy;
}
