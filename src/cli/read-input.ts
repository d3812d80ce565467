import { readSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { readRegularFile, SIZE_CAPS } from '../util/regular-file.js';
import { parseJsonText } from '../util/safe-json.js';

/** Reads all of standard input as UTF-8, refusing more than the payload cap (memory stays bounded). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  const take = (chunk: Buffer) => {
    total += chunk.length;
    if (total > SIZE_CAPS.payload.bytes) {
      throw new UsageError(
        `the payload on standard input is larger than the ${SIZE_CAPS.payload.bytes / 1024 / 1024} MiB limit for payloads`,
      );
    }
    chunks.push(chunk);
  };
  if (!readStdinSync(take)) for await (const chunk of process.stdin) take(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads standard input with read(2) on fd 0, sparing `hookctl run` the stream machinery that
 * `process.stdin` sets up on every start. True when it read to the end; false when fd 0 cannot be
 * read that way (closed, non-blocking: EAGAIN, …) — then the stream reads the rest, after what was
 * taken here.
 */
function readStdinSync(take: (chunk: Buffer) => void): boolean {
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let count: number;
    try {
      count = readSync(0, buffer, 0, buffer.length, null);
    } catch {
      return false;
    }
    if (count === 0) return true;
    take(Buffer.from(buffer.subarray(0, count)));
  }
}

/** Reads a JSON payload from a file path or `-` (stdin), with a clear error when it is not JSON. */
export async function readJsonPayload(source: string): Promise<unknown> {
  let text: string;
  if (source === '-') text = await readStdin();
  else {
    // Only a regular file up to the cap: a payload path can be a FIFO or a symlink to /dev/zero.
    const read = await readRegularFile(source, SIZE_CAPS.payload);
    if (!read.ok) throw new UsageError(`cannot read payload ${source}: ${read.missing ? 'no such file' : read.reason}`);
    text = read.bytes.toString('utf8');
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const where = source === '-' ? 'standard input' : source;
    // Loaded only for a bad payload: it brings the JSON parser with positions, which `run` otherwise never needs.
    const { jsonSyntaxError } = await import('../testing/json-error.js');
    throw new UsageError(`payload in ${where} is not valid JSON: ${jsonSyntaxError(text, parsed.message)}`);
  }
  return parsed.value;
}
