import type { Severity } from '../../kit/finding.js';
import type { LintResult } from '../run-lint.js';
import { displayPath } from '../../util/display-path.js';
import { showText } from '../../util/show-text.js';
import { countSeverities, groupByFile, type ReporterOptions } from './report.js';

type Style = 'bold' | 'dim' | 'underline' | 'red' | 'yellow' | 'blue';
const ANSI: Readonly<Record<Style, [number, number]>> = {
  bold: [1, 22],
  dim: [2, 22],
  underline: [4, 24],
  red: [31, 39],
  yellow: [33, 39],
  blue: [34, 39],
};
const SEVERITY_STYLE: Readonly<Record<Severity, Style>> = { error: 'red', warning: 'yellow', info: 'blue' };

/**
 * The human format (ESLint's "stylish"): findings grouped by file, one aligned
 * `line:col  severity  message  rule-id` row each, then a summary line. Empty when clean.
 */
export function formatStylish(result: LintResult, options: ReporterOptions): string {
  if (result.findings.length === 0) return '';
  const paint = (style: Style, text: string) => (options.color ? `\u001b[${ANSI[style][0]}m${text}\u001b[${ANSI[style][1]}m` : text);
  const blocks: string[] = [];
  for (const [file, findings] of groupByFile(result.findings)) {
    const rows = findings.map((finding) => ({
      finding,
      message: showText(finding.message),
      position: `${finding.line}:${finding.column}`,
    }));
    const positionWidth = Math.max(...rows.map((row) => row.position.length));
    const severityWidth = Math.max(...rows.map((row) => row.finding.severity.length));
    // Messages are not padded to the longest: one long message would widen every row of the file.
    const indent = 2 + positionWidth + 2 + severityWidth + 2;
    const room = (options.width ?? Infinity) - indent;
    const width = room >= MIN_WRAP_WIDTH ? room : Infinity;
    const lines = rows.map(({ finding, message, position }) => {
      const severity = paint(SEVERITY_STYLE[finding.severity], finding.severity.padEnd(severityWidth));
      const head = `  ${paint('dim', position.padEnd(positionWidth))}  ${severity}  `;
      const wrapped = wrapWords(message, width);
      // The rule id ends the last line when it fits there, else it takes a line of its own; never cut.
      const last = wrapped.length - 1;
      if ([...wrapped[last]!].length + 2 + finding.ruleId.length <= width) wrapped[last] += `  ${paint('dim', finding.ruleId)}`;
      else wrapped.push(paint('dim', finding.ruleId));
      return head + wrapped.join(`\n${' '.repeat(indent)}`);
    });
    blocks.push([paint('underline', showText(displayPath(file, options.root))), ...lines].join('\n'));
  }
  const counts = countSeverities(result.findings);
  const total = result.findings.length;
  const parts = [plural(counts.errors, 'error'), plural(counts.warnings, 'warning')];
  if (counts.infos > 0) parts.push(`${counts.infos} info`);
  const summary = `✖ ${plural(total, 'problem')} (${parts.join(', ')})`;
  const summaryStyle: Style = counts.errors > 0 ? 'red' : counts.warnings > 0 ? 'yellow' : 'blue';
  return `${blocks.join('\n\n')}\n\n${paint('bold', paint(summaryStyle, summary))}\n`;
}

/** Below this many columns for the message, wrapping makes rows harder to read than one long line. */
const MIN_WRAP_WIDTH = 20;

/**
 * `text` as lines of at most `width` characters (code points), broken at spaces; a word longer
 * than a line is cut. The caller keeps `width` at least {@link MIN_WRAP_WIDTH} (or Infinity).
 */
export function wrapWords(text: string, width: number): string[] {
  if ([...text].length <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    let rest = [...word];
    const lineLength = [...line].length;
    if (line !== '' && lineLength + 1 + rest.length <= width) {
      line += ` ${word}`;
      continue;
    }
    if (line !== '') lines.push(line);
    while (rest.length > width) {
      lines.push(rest.slice(0, width).join(''));
      rest = rest.slice(width);
    }
    line = rest.join('');
  }
  lines.push(line);
  return lines;
}

/**
 * The width to wrap lint rows to: the terminal's when stdout is one, else `COLUMNS` when the user
 * set it (a pipe has no width of its own); otherwise none, and rows stay whole.
 */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number }, env: NodeJS.ProcessEnv): number | undefined {
  if (stream.isTTY === true && typeof stream.columns === 'number' && stream.columns > 0) return stream.columns;
  const columns = Number(env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : undefined;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Whether to colour: never when NO_COLOR is set to a non-empty value (no-color.org; it wins over
 * everything); always when FORCE_COLOR is set, except to `0` or `false` (the convention of Node
 * and most CLIs, used by CI logs that render ANSI); otherwise only on a terminal that is not `dumb`.
 */
export function shouldUseColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR.toLowerCase() !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}
