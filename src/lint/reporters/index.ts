import type { LintResult } from '../run-lint.js';
import type { LintFormat } from './formats.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import type { ReporterOptions } from './report.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

export const REPORTERS: Readonly<Record<LintFormat, (result: LintResult, options: ReporterOptions) => string>> = {
  stylish: formatStylish,
  json: formatJson,
  github: formatGithub,
  sarif: formatSarif,
};
