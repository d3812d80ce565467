import { analyseFiles, sortFindings } from '../config/analyse-files.js';
import type { DialectConfigSpec } from '../config/config-spec.js';
import type { Finding, LoadContext } from '../kit/index.js';
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
   * The config rules of the dialect to lint: lint needs only these, never a dialect's payload
   * validators or runtime protocol (the registry's `loadConfigSpec`).
   */
  spec: DialectConfigSpec;
  context: LoadContext;
  /** Lint only these files (relative to the cwd or absolute) instead of every discovered layer. */
  files?: readonly string[];
}

/**
 * Lints a dialect's config with every rule: all discovered layers, or just the named files (each
 * placed in the layer its path implies, so layer-specific rules still apply).
 */
export async function runLint(options: LintOptions): Promise<LintResult> {
  const { spec, context } = options;
  const files = options.files
    ? await Promise.all(options.files.map((path) => spec.describeFile(path, context)))
    : await spec.discover(context);
  // Hooks run in the cwd (the engine's project dir), so relative script paths resolve there.
  const analysis = analyseFiles(files, spec, RULES, context.cwd);
  return { findings: sortFindings(analysis.findings), rules: RULES.map((rule) => rule.meta) };
}
