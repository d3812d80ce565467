import { isAbsolute, relative, sep } from 'node:path';
import type { Finding } from '../finding.js';

export interface ReporterOptions {
  /** Paths inside it are shown relative to it. */
  cwd: string;
  /** ANSI colours (stylish only); the CLI enables them on a TTY without NO_COLOR. */
  color?: boolean;
  /** hookctl's version, for SARIF's tool description and rule help links. */
  version: string;
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

/**
 * A finding's file as people and CI tools want it: relative with forward slashes inside the
 * project, absolute outside it (the user layer in the home), pseudo-paths such as
 * `env:OCTO_HOOK_STOP` unchanged.
 */
export function displayPath(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file;
  const inside = relative(cwd, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return file.split(sep).join('/');
  return inside.split(sep).join('/');
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
