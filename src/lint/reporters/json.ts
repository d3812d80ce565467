import type { LintResult } from '../run-lint.js';
import { displayPath } from '../../util/display-path.js';
import { countSeverities, type ReporterOptions } from './report.js';

/** Machine-readable findings: `{ findings: [...], errorCount, warningCount }`. */
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
  return `${JSON.stringify({ findings, errorCount: errors, warningCount: warnings }, null, 2)}\n`;
}
