import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** A line past this many bytes is skipped with a warning: one corrupted record cannot exhaust memory. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

export type LineItem = { text: string; lineNumber: number } | { tooLong: true; lineNumber: number };

/**
 * The lines of a file, read in chunks (bounded memory whatever the file's size); `\r\n` counts as a
 * newline, and a last line without one is still a line. Invalid UTF-8 decodes with replacement
 * characters, so the JSON parser reports the line rather than this reader failing.
 */
export function* readLines(file: string | OpenFile, maxLineBytes = MAX_LINE_BYTES): Generator<LineItem> {
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
  for (const chunk of chunks(file)) {
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

/**
 * The file in 256 KiB chunks, read synchronously: a replay reads thousands of small files one after
 * the other, and a round trip through the thread pool per open, read and close costs more than the
 * read (on a loaded machine, milliseconds each). Nothing else waits on the event loop meanwhile but
 * hook processes, whose pipes are drained between chunks.
 */
function* chunks(file: string | OpenFile): Generator<Buffer> {
  // Non-blocking: a FIFO swapped in after the caller checked for a regular file fails the read instead of hanging it.
  const fd = typeof file === 'string' ? openSync(file, constants.O_RDONLY | constants.O_NONBLOCK) : file.fd;
  try {
    const stats = fstatSync(fd);
    // Checked on the descriptor: a link to /dev/zero swapped in after the caller's check would never end.
    if (!stats.isFile()) throw new Error(`not a regular file: ${fileKind(stats)}`);
    // Most sessions are a few kB: a chunk the file's size (plus one byte, to see its end) instead of 256 KiB each.
    const size = Math.min(256 * 1024, stats.size + 1);
    for (;;) {
      const buffer = Buffer.allocUnsafe(size);
      const bytes = readSync(fd, buffer, 0, buffer.length, null);
      if (bytes === 0) return;
      yield buffer.subarray(0, bytes);
    }
  } finally {
    if (typeof file === 'string') closeSync(fd);
  }
}

/** What a file that is not a regular one is, for a message: "a FIFO", "a character device", … */
export function fileKind(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return stats.isSocket() ? 'a socket' : 'not a regular file';
}

/** A descriptor the caller opened (and checked) and closes: read from its current position. */
export interface OpenFile {
  fd: number;
}
