import { analyseFiles } from '../../config/analyse-files.js';
import { normalizeHandlers } from '../../config/normalize-handlers.js';
import { LOAD_RULES } from '../../lint/rules/index.js';
import type { LoadContext, LoadedConfig } from '../dialect.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every octo layer under its runtime policy (SPEC 3.2): nothing runs half-configured, so
 * every error (unknown event, async where not allowed, missing command, syntax error…) is fatal and
 * the engine refuses to start, listing them all. Warnings (ignored matcher, bad timeout) are not.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const files = await configSpec.discover(context);
  const analysis = analyseFiles(files, configSpec, LOAD_RULES, context.cwd);
  return {
    enabled: true,
    managedOnly: false,
    handlers: normalizeHandlers(analysis.checked, configSpec, analysis.invalidated),
    files: files.filter((file) => file.role !== 'env').map((file) => file.parsed.path),
    findings: analysis.findings.map((finding) => (finding.severity === 'error' ? { ...finding, fatal: true } : finding)),
  };
}
