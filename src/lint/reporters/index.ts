import type { LintResult } from '../run-lint.js';
import type { LintFormat } from './formats.js';
import type { ReporterOptions } from './report.js';

export type Reporter = (result: LintResult, options: ReporterOptions) => string;

/**
 * Each `--format`'s reporter, imported on demand: a run prints one format, so it loads one
 * reporter. Spelled out per format so bundlers and test runners see the imports.
 */
const REPORTER_LOADERS: Readonly<Record<LintFormat, () => Promise<Reporter>>> = {
  stylish: async () => (await import('./stylish.js')).formatStylish,
  json: async () => (await import('./json.js')).formatJson,
  github: async () => (await import('./github.js')).formatGithub,
  sarif: async () => (await import('./sarif.js')).formatSarif,
};

export function loadReporter(format: LintFormat): Promise<Reporter> {
  return REPORTER_LOADERS[format]();
}
