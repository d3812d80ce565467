import { analyseFiles, sortFindings } from '../config/analyse-files.js';
import type { DialectConfigSpec } from '../config/config-spec.js';
import { findGitRoot } from '../config/find-project-root.js';
import type { Dialect, LoadContext } from '../dialects/dialect.js';
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
  const analysis = analyseFiles(files, spec, RULES, findGitRoot(context.cwd) ?? context.cwd);
  return { findings: sortFindings(analysis.findings), rules: RULES.map((rule) => rule.meta) };
}

async function loadConfigSpec(dialectId: string): Promise<DialectConfigSpec> {
  const module = (await import(`../dialects/${dialectId}/config-spec.js`)) as { configSpec: DialectConfigSpec };
  return module.configSpec;
}
