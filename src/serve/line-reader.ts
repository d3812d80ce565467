import type { Readable } from 'node:stream';

/** What a line reader reports: each line, each line that was too long (discarded), the end. */
export interface LineHandlers {
  line(text: string): void;
  oversized(): void;
  end(): void;
}

/**
 * Splits a byte stream into `\n`-terminated lines (a trailing `\r` is left for JSON.parse, which
 * treats it as whitespace). A line longer than `maxBytes` is never held in memory: its bytes are
 * dropped as they arrive, up to the next newline, and `oversized` is reported once. A final line
 * without a newline counts as a line at the end of the stream. Splitting on the newline byte is
 * safe for UTF-8: no multi-byte sequence contains it, so each line decodes on its own.
 */
export function readLines(input: Readable, maxBytes: number, handlers: LineHandlers): void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let discarding = false;

  const take = (chunk: Buffer): void => {
    if (discarding) return;
    if (pendingBytes + chunk.length > maxBytes) {
      discarding = true;
      pending = [];
      pendingBytes = 0;
      return;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
  };
  const finishLine = (): void => {
    if (discarding) handlers.oversized();
    else if (pendingBytes > 0) handlers.line(Buffer.concat(pending, pendingBytes).toString('utf8'));
    else handlers.line('');
    pending = [];
    pendingBytes = 0;
    discarding = false;
  };

  input.on('data', (data: Buffer | string) => {
    let chunk = typeof data === 'string' ? Buffer.from(data) : data;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10)) {
      take(chunk.subarray(0, newline));
      finishLine();
      chunk = chunk.subarray(newline + 1);
    }
    if (chunk.length > 0) take(chunk);
  });
  input.once('end', () => {
    if (pendingBytes > 0 || discarding) finishLine();
    handlers.end();
  });
  // A read error on standard input (the client's end broke) ends the session like end of input.
  input.once('error', () => handlers.end());
}
