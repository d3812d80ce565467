import type { SwitchedOff, SwitchedOffScope } from '../kit/listing.js';
import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec } from './config-spec.js';
import type { SourceEntry } from './source-tree.js';

/** One boolean `[features] hooks` switch and the file that sets it. */
export interface FeaturesSwitch {
  file: ConfigFile;
  entry: SourceEntry;
  enabled: boolean;
}

/**
 * What the `[features] hooks` switches decide (SPEC 2.1, 2.9).
 * - `managed`: the switch in the managed requirements file. Only it governs managed hooks: `false`
 *   turns every hook off (as a pinned feature does in Codex), `true` pins hooks on so the user and
 *   project switches are ignored.
 * - `local`: the last boolean switch of the user and project config.toml files (a project wins
 *   over the user). It governs only non-managed hooks: a repository or a user can never switch
 *   off an administrator's policy, with or without `allow_managed_hooks_only`.
 */
export interface FeaturesPolicy {
  managed: FeaturesSwitch | null;
  local: FeaturesSwitch | null;
  /** The switch that turned hooks off, or null when none did. */
  deciding: FeaturesSwitch | null;
  scope: SwitchedOffScope | null;
  /** True when the managed file pins hooks on and a local `false` is therefore ignored. */
  localIgnored: boolean;
}

export function featuresPolicy(files: readonly ConfigFile[], spec: DialectConfigSpec): FeaturesPolicy {
  let managed: FeaturesSwitch | null = null;
  let local: FeaturesSwitch | null = null;
  for (const file of files) {
    const entry = spec.featuresSwitch?.(file);
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
