import type { Severity } from '../../kit/finding.js';
import type { LintResult } from '../run-lint.js';
import { displayPath } from '../../util/display-path.js';
import type { ReporterOptions } from './report.js';

const COMMANDS: Readonly<Record<Severity, string>> = { error: 'error', warning: 'warning', info: 'notice' };

/** GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message` per finding. */
export function formatGithub(result: LintResult, options: ReporterOptions): string {
  return result.findings
    .map((finding) => {
      const properties = [
        `file=${escapeProperty(displayPath(finding.file, options.root))}`,
        `line=${finding.line}`,
        `col=${finding.column}`,
        `title=${escapeProperty(finding.ruleId)}`,
      ].join(',');
      return `::${COMMANDS[finding.severity]} ${properties}::${escapeData(finding.message)}\n`;
    })
    .join('');
}

/** The message part: `%`, CR and LF would otherwise end or corrupt the command. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: additionally `:` and `,`, which separate properties. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
