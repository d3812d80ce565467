/** Line-ending and indentation facts about a config file, so inserted text matches its style. */
export interface TextLayout {
  eol: '\n' | '\r\n';
  /** One indentation step as the file writes it: a tab or some spaces. */
  unit: string;
}

/** Reads the file's line ending and its smallest indentation step (default: `\n`, two spaces). */
export function detectLayout(text: string): TextLayout {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let unit: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const indent = /^[\t ]+(?=\S)/.exec(line)?.[0];
    if (!indent) continue;
    if (indent.startsWith('\t')) return { eol, unit: '\t' };
    if (unit === null || indent.length < unit.length) unit = indent;
  }
  return { eol, unit: unit ?? '  ' };
}

/** The whitespace that starts the line containing `offset`. */
export function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[\t ]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** Column (0-based) of `offset` in its line. */
export function columnAt(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** Prefixes every line after the first with `indent` and uses the file's line ending. */
export function reindent(block: string, indent: string, eol: string): string {
  return block.split('\n').join(eol + indent);
}
