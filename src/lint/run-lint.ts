import { analyseFiles, sortFindings } from '../config/analyse-files.js';
import type { DialectConfigSpec } from '../config/config-spec.js';
import type { Dialect, LoadContext } from '../dialects/dialect.js';
import { isDialectId, type DialectId } from '../dialects/registry.js';
import { UsageError } from '../errors.js';
import type { Finding } from './finding.js';
import type { RuleMeta } from './rule.js';
import { RULES } from './rules/index.js';

export interface LintResult {
  /** Sorted by file, line, column. */
  findings: Finding[];
  /** Every rule that ran (for reporters that describe rules, such as SARIF). */
  rules: RuleMeta[];
}

export interface LintOptions {
  dialect: Dialect;
  context: LoadContext;
  /** Lint only these files (relative to the cwd or absolute) instead of every discovered layer. */
  files?: readonly string[];
}

/**
 * Lints a dialect's config with every rule: all discovered layers, or just the named files (each
 * placed in the layer its path implies, so layer-specific rules still apply).
 */
export async function runLint(options: LintOptions): Promise<LintResult> {
  const { dialect, context } = options;
  const spec = await loadConfigSpec(dialect.id);
  const files = options.files
    ? await Promise.all(options.files.map((path) => spec.describeFile(path, context)))
    : await spec.discover(context);
  // Hooks run in the cwd (the engine's project dir), so relative script paths resolve there.
  const analysis = analyseFiles(files, spec, RULES, context.cwd);
  return { findings: sortFindings(analysis.findings), rules: RULES.map((rule) => rule.meta) };
}

/**
 * Each dialect's config rules, loaded on demand. Spelled out per id (not a computed import path) so
 * bundlers and test runners resolve them, and so a new dialect id fails to compile until listed.
 */
const CONFIG_SPECS: Readonly<Record<DialectId, () => Promise<DialectConfigSpec>>> = {
  openinterpreter: async () => (await import('../dialects/openinterpreter/config-spec.js')).configSpec,
  octo: async () => (await import('../dialects/octo/config-spec.js')).configSpec,
};

async function loadConfigSpec(dialectId: string): Promise<DialectConfigSpec> {
  if (!isDialectId(dialectId)) throw new UsageError(`hookctl has no lint rules for dialect "${dialectId}"`);
  return CONFIG_SPECS[dialectId]();
}
