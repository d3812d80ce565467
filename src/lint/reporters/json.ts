import type { LintResult } from '../run-lint.js';
import { displayPath } from '../../util/display-path.js';
import { countSeverities, type ReporterOptions } from './report.js';

/**
 * Machine-readable findings: `{ findings: [...], errorCount, warningCount, files }`, `files` being
 * every file checked (what a repository scan found), shown like the findings' paths.
 */
export function formatJson(result: LintResult, options: ReporterOptions): string {
  const { errors, warnings } = countSeverities(result.findings);
  const findings = result.findings.map((finding) => ({
    ruleId: finding.ruleId,
    severity: finding.severity,
    message: finding.message,
    file: displayPath(finding.file, options.root),
    line: finding.line,
    column: finding.column,
  }));
  const files = result.files === undefined ? {} : { files: result.files.map((file) => displayPath(file, options.root)) };
  return `${JSON.stringify({ findings, errorCount: errors, warningCount: warnings, ...files }, null, 2)}\n`;
}
