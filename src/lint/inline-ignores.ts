import { isAbsolute } from 'node:path';
import type { ConfigFormat } from '../config/source-tree.js';
import type { Finding } from '../kit/finding.js';
import { didYouMean } from '../util/did-you-mean.js';
import { readRegularFileSync, SIZE_CAPS } from '../util/regular-file.js';

/**
 * `# hookctl-ignore rule-id[, rule-id…] [-- reason]`, a comment on the finding's line or alone on the
 * line above it. Only where the format has comments: YAML (octo, skill and subagent frontmatter)
 * and TOML with `#`, JSONC (Gemini CLI settings) with `//`. Other JSON hook files are strict JSON
 * for their agents, so a comment there would break the file: the rule settings file or `--rule` it is.
 */
const IDS = String.raw`hookctl-ignore\s+([\w-]+(?:\s*,\s*[\w-]+)*)`;
const DIRECTIVES = { '#': new RegExp(`#\\s*${IDS}`), '//': new RegExp(`//\\s*${IDS}`) } as const;
type CommentMark = keyof typeof DIRECTIVES;

/** The comment a format has; a file never read as config (a script) goes by its extension. */
function commentMark(file: string, format: ConfigFormat | undefined): CommentMark | null {
  if (format === 'yaml' || format === 'toml') return '#';
  if (format === 'jsonc') return '//';
  if (format === 'json') return null;
  return /\.(ya?ml|toml|md)$/i.test(file) ? '#' : null;
}

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
  formatOf: (file: string) => ConfigFormat | undefined = () => undefined,
): InlineIgnores {
  const lines = new Map<string, { text: string[]; mark: CommentMark } | null>();
  const linesOf = (file: string) => {
    if (!lines.has(file)) {
      const mark = isAbsolute(file) ? commentMark(file, formatOf(file)) : null;
      const text = mark === null ? null : readLines(file);
      lines.set(file, mark === null || text === null ? null : { text, mark });
    }
    return lines.get(file)!;
  };
  const kept = findings.filter((finding) => {
    const read = linesOf(finding.file);
    if (read === null) return true;
    const { text, mark } = read;
    const here = idsOn(text[finding.line - 1], mark);
    const above = text[finding.line - 2]?.trimStart().startsWith(mark) ? idsOn(text[finding.line - 2], mark) : [];
    return !here.includes(finding.ruleId) && !above.includes(finding.ruleId);
  });
  const notes: string[] = [];
  for (const file of new Set([...files, ...lines.keys()])) {
    const read = linesOf(file);
    read?.text.forEach((line, index) => {
      for (const id of idsOn(line, read.mark).filter((candidate) => !ruleIds.includes(candidate))) {
        const near = didYouMean(id, ruleIds);
        const hint = near === null ? '' : `; did you mean "${near}"?`;
        notes.push(`hookctl: ${showPath(file)}:${index + 1}: hookctl-ignore names no rule "${id}"${hint}`);
      }
    });
  }
  return { findings: kept, notes };
}

function idsOn(line: string | undefined, mark: CommentMark): string[] {
  const match = line === undefined ? null : DIRECTIVES[mark].exec(line);
  return match === null ? [] : match[1]!.split(',').map((id) => id.trim());
}

function readLines(file: string): string[] | null {
  const read = readRegularFileSync(file, SIZE_CAPS.configJson);
  return read.ok ? read.bytes.toString('utf8').split(/\r?\n/) : null;
}
