import { analyseFiles } from '../../config/analyse-files.js';
import type { DialectConfigSpec } from '../../config/config-spec.js';
import { decidingFeaturesSwitch } from '../../config/features-switch.js';
import { isManagedOnly } from '../../config/managed-only.js';
import { normalizeHandlers } from '../../config/normalize-handlers.js';
import { LOAD_RULES } from '../../lint/rules/index.js';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every openinterpreter layer under its runtime policy: load what can be loaded. A malformed
 * file, an invalid matcher group or an unusable handler is skipped with a finding; the rest runs.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  return loadCodexFamilyConfig(configSpec, context);
}

/**
 * The load policy of the Codex-derived dialects (openinterpreter, codex): every file is read and
 * checked once; a `[features] hooks = false` switch turns every hook off; otherwise what the rules
 * did not invalidate is normalised into handlers.
 */
export async function loadCodexFamilyConfig(spec: DialectConfigSpec, context: LoadContext): Promise<LoadedConfig> {
  const files = await spec.discover(context);
  const analysis = analyseFiles(files, spec, LOAD_RULES, context.cwd);
  const paths = files.map((file) => file.parsed.path);
  const features = decidingFeaturesSwitch(files, spec);
  if (features !== null && !features.enabled) {
    // Hooks are off: nothing is discovered or run, so problems inside hook declarations are moot.
    const findings = analysis.findings.filter((finding) => finding.ruleId === 'features-disabled');
    return { enabled: false, managedOnly: false, handlers: [], files: paths, findings };
  }
  return {
    enabled: true,
    managedOnly: isManagedOnly(files, spec),
    handlers: normalizeHandlers(analysis.checked, spec, analysis.invalidated),
    files: paths,
    findings: analysis.findings,
  };
}
