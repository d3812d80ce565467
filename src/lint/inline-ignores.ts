import { isAbsolute } from 'node:path';
import type { Finding } from '../kit/finding.js';
import { didYouMean } from '../util/did-you-mean.js';
import { readRegularFileSync, SIZE_CAPS } from '../util/regular-file.js';

/**
 * `# hookctl-ignore rule-id[, rule-id…] [-- reason]`, a comment on the finding's line or alone on the
 * line above it. Only where the format has comments: YAML (octo, skill and subagent frontmatter)
 * and TOML; JSON hook files are strict JSON for every agent, so a comment there would break the file.
 */
const DIRECTIVE = /#\s*hookctl-ignore\s+([\w-]+(?:\s*,\s*[\w-]+)*)/;
const COMMENTED = /\.(ya?ml|toml|md)$/i;

export interface InlineIgnores {
  findings: Finding[];
  /** One line each: a directive naming no rule (with a suggestion), for stderr. */
  notes: string[];
}

/**
 * The findings an inline directive does not silence. A directive naming an unknown rule silences
 * nothing and is noted, so a typo does not read as a suppression that works.
 */
export function applyInlineIgnores(
  findings: readonly Finding[],
  files: readonly string[],
  ruleIds: readonly string[],
  showPath: (path: string) => string,
): InlineIgnores {
  const lines = new Map<string, string[] | null>();
  const linesOf = (file: string) => {
    if (!lines.has(file)) lines.set(file, COMMENTED.test(file) && isAbsolute(file) ? readLines(file) : null);
    return lines.get(file)!;
  };
  const kept = findings.filter((finding) => {
    const text = linesOf(finding.file);
    if (text === null) return true;
    const here = idsOn(text[finding.line - 1]);
    const above = text[finding.line - 2]?.trimStart().startsWith('#') ? idsOn(text[finding.line - 2]) : [];
    return !here.includes(finding.ruleId) && !above.includes(finding.ruleId);
  });
  const notes: string[] = [];
  for (const file of new Set([...files, ...lines.keys()])) {
    linesOf(file)?.forEach((line, index) => {
      for (const id of idsOn(line).filter((candidate) => !ruleIds.includes(candidate))) {
        const near = didYouMean(id, ruleIds);
        const hint = near === null ? '' : `; did you mean "${near}"?`;
        notes.push(`hookctl: ${showPath(file)}:${index + 1}: hookctl-ignore names no rule "${id}"${hint}`);
      }
    });
  }
  return { findings: kept, notes };
}

function idsOn(line: string | undefined): string[] {
  const match = line === undefined ? null : DIRECTIVE.exec(line);
  return match === null ? [] : match[1]!.split(',').map((id) => id.trim());
}

function readLines(file: string): string[] | null {
  const read = readRegularFileSync(file, SIZE_CAPS.configJson);
  return read.ok ? read.bytes.toString('utf8').split(/\r?\n/) : null;
}
