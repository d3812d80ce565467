import { analyseFiles } from '../../config/analyse-files.js';
import { decidingFeaturesSwitch } from '../../config/features-switch.js';
import { isManagedOnly } from '../../config/managed-only.js';
import { normalizeHandlers } from '../../config/normalize-handlers.js';
import { LOAD_RULES } from '../../lint/rules/index.js';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { openInterpreterWatchPaths } from './config-layers.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every openinterpreter layer under its runtime policy: load what can be loaded. A malformed
 * file, an invalid matcher group or an unusable handler is skipped with a finding; the rest runs.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const files = await configSpec.discover(context);
  const analysis = analyseFiles(files, configSpec, LOAD_RULES, context.cwd);
  const paths = files.map((file) => file.parsed.path);
  const watchPaths = openInterpreterWatchPaths(context, files);
  const features = decidingFeaturesSwitch(files, configSpec);
  if (features !== null && !features.enabled) {
    // Hooks are off: nothing is discovered or run, so problems inside hook declarations are moot.
    const findings = analysis.findings.filter((finding) => finding.ruleId === 'features-disabled');
    return { enabled: false, managedOnly: false, handlers: [], files: paths, watchPaths, findings };
  }
  return {
    enabled: true,
    managedOnly: isManagedOnly(files, configSpec),
    handlers: normalizeHandlers(analysis.checked, configSpec, analysis.invalidated),
    files: paths,
    watchPaths,
    findings: analysis.findings,
  };
}
