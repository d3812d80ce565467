import { createReadStream } from 'node:fs';

/** A line past this many bytes is skipped with a warning: one corrupted record cannot exhaust memory. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

export type LineItem = { text: string; lineNumber: number } | { tooLong: true; lineNumber: number };

/**
 * The lines of a file, read in chunks (bounded memory whatever the file's size); `\r\n` counts as a
 * newline, and a last line without one is still a line. Invalid UTF-8 decodes with replacement
 * characters, so the JSON parser reports the line rather than this reader failing.
 */
export async function* readLines(file: string, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<LineItem> {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  let lineNumber = 0;
  const finish = (): LineItem => {
    lineNumber++;
    if (skipping) return { tooLong: true, lineNumber };
    let text = Buffer.concat(parts, size).toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    return { text, lineNumber };
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      take(chunk.subarray(start, newline));
      yield finish();
      parts = [];
      size = 0;
      skipping = false;
      start = newline + 1;
    }
    take(chunk.subarray(start));
  }
  if (size > 0 || skipping) yield finish();

  function take(piece: Buffer): void {
    if (skipping || piece.length === 0) return;
    if (size + piece.length > maxLineBytes) {
      skipping = true;
      parts = [];
      size = 0;
      return;
    }
    parts.push(piece);
    size += piece.length;
  }
}
