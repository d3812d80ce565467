import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec } from './config-spec.js';
import type { SourceEntry } from './source-tree.js';

/**
 * The `[features] hooks` switch that decides whether hooks are on: the last boolean one in layer
 * order, so a project config.toml wins over the user's (SPEC 2.1). Null when none is set.
 */
export function decidingFeaturesSwitch(
  files: readonly ConfigFile[],
  spec: DialectConfigSpec,
): { file: ConfigFile; entry: SourceEntry; enabled: boolean } | null {
  if (spec.decideFeatures) return spec.decideFeatures(files);
  let deciding: { file: ConfigFile; entry: SourceEntry; enabled: boolean } | null = null;
  for (const file of files) {
    const entry = spec.featuresSwitch?.(file);
    if (entry?.value.kind === 'scalar' && typeof entry.value.value === 'boolean') deciding = { file, entry, enabled: entry.value.value };
  }
  return deciding;
}
