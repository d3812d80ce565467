import type { SwitchedOff } from '../kit/listing.js';
import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec } from './config-spec.js';
import type { FeaturesPolicy, FeaturesSwitch } from './load-declaration.js';

export type { FeaturesPolicy, FeaturesSwitch } from './load-declaration.js';

/**
 * What the `[features] hooks` switches decide (FeaturesPolicy): SPEC 2.1's policy, or the
 * dialect's own (LoadPolicy.features).
 */
export function featuresPolicy(files: readonly ConfigFile[], spec: DialectConfigSpec): FeaturesPolicy {
  const features = spec.policy.features;
  if (features?.decide) return features.decide(files);
  let managed: FeaturesSwitch | null = null;
  let local: FeaturesSwitch | null = null;
  for (const file of files) {
    const entry = features?.switchOf(file);
    if (entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'boolean') continue;
    const found = { file, entry, enabled: entry.value.value };
    if (file.source === 'managed') managed = found;
    else local = found;
  }
  if (managed !== null && !managed.enabled) return { managed, local, deciding: managed, scope: 'all', localIgnored: false };
  if (local !== null && !local.enabled) {
    if (managed !== null) return { managed, local, deciding: null, scope: null, localIgnored: true };
    return { managed, local, deciding: local, scope: 'non-managed', localIgnored: false };
  }
  return { managed, local, deciding: null, scope: null, localIgnored: false };
}

/** The deciding switch as the engine and listings report it, else null. */
export function switchedOff(policy: FeaturesPolicy): SwitchedOff | null {
  if (policy.deciding === null || policy.scope === null) return null;
  const { line, column } = policy.deciding.entry.keyPos;
  return { scope: policy.scope, file: policy.deciding.file.parsed.path, line, column };
}
