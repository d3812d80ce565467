import { UsageError } from '../errors.js';
import { readRegularFile, SIZE_CAPS } from '../util/regular-file.js';
import { parseJsonText } from '../util/safe-json.js';
import { jsonSyntaxError } from '../testing/json-error.js';

/** Reads all of standard input as UTF-8, refusing more than the payload cap (memory stays bounded). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    total += (chunk as Buffer).length;
    if (total > SIZE_CAPS.payload.bytes) {
      throw new UsageError(
        `the payload on standard input is larger than the ${SIZE_CAPS.payload.bytes / 1024 / 1024} MiB limit for payloads`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
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
    throw new UsageError(`payload in ${where} is not valid JSON: ${jsonSyntaxError(text, parsed.message)}`);
  }
  return parsed.value;
}
