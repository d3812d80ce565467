import type { Finding } from '../../kit/finding.js';

export interface ReporterOptions {
  /**
   * The repository root (else the directory linted): paths inside it are shown relative to it, so
   * the output is the same from any cwd and names files as GitHub and code scanning resolve them.
   */
  root: string;
  /** ANSI colours (stylish only); the CLI enables them on a TTY without NO_COLOR. */
  color?: boolean;
  /** hookctl's version, for SARIF's tool description and rule help links. */
  version: string;
  /**
   * The terminal width in columns (stylish only): long rows wrap under their message column. Unset
   * (a pipe or a file with no known width) leaves every row on one line, so `grep` sees whole findings.
   */
  width?: number;
}

export interface SeverityCounts {
  errors: number;
  warnings: number;
  infos: number;
}

export function countSeverities(findings: readonly Finding[]): SeverityCounts {
  const counts: SeverityCounts = { errors: 0, warnings: 0, infos: 0 };
  for (const finding of findings) {
    if (finding.severity === 'error') counts.errors++;
    else if (finding.severity === 'warning') counts.warnings++;
    else counts.infos++;
  }
  return counts;
}

/** Findings in reading order: by file (first appearance), then line, then column. */
export function groupByFile(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const group = groups.get(finding.file);
    if (group) group.push(finding);
    else groups.set(finding.file, [finding]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.line - b.line || a.column - b.column);
  return groups;
}
