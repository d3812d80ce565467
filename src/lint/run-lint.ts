import { analyseFiles, sortFindings } from '../config/analyse-files.js';
import type { LoadContext } from '../dialects/dialect.js';
import { loadConfigSpec, type DialectId } from '../dialects/registry.js';
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
  /**
   * The dialect whose config to lint. An id, not a loaded Dialect: lint needs only the dialect's
   * config rules, never its payload validators or runtime protocol.
   */
  dialect: DialectId;
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
  const spec = await loadConfigSpec(dialect);
  const files = options.files
    ? await Promise.all(options.files.map((path) => spec.describeFile(path, context)))
    : await spec.discover(context);
  // Hooks run in the cwd (the engine's project dir), so relative script paths resolve there.
  const analysis = analyseFiles(files, spec, RULES, context.cwd);
  return { findings: sortFindings(analysis.findings), rules: RULES.map((rule) => rule.meta) };
}
