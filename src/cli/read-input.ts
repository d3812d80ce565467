import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';

/** Reads all of standard input as UTF-8. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON payload from a file path or `-` (stdin), with a clear error when it is not JSON. */
export async function readJsonPayload(source: string): Promise<unknown> {
  let text: string;
  try {
    text = source === '-' ? await readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? (error as Error).message);
    throw new UsageError(`cannot read payload ${source}: ${why}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const where = source === '-' ? 'standard input' : source;
    throw new UsageError(`payload in ${where} is not valid JSON: ${(error as Error).message}`);
  }
}
