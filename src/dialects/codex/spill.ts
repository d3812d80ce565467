import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeCrypto } from '../../util/lazy-crypto.js';

/**
 * The agent's hook-output budget (Codex: codex-rs/hooks/src/output_spill.rs and
 * codex-rs/utils/string/src/truncate.rs). Text over the budget is written in full to
 * `<tmpdir>/hook_outputs/<session>/<uuid>.txt` and the model gets a head/tail preview that ends
 * with the path. Tokens are approximated as UTF-8 bytes / 4, rounded up.
 */
export const DEFAULT_TOKEN_LIMIT = 2500;
const BYTES_PER_TOKEN = 4;
const OUTPUT_DIR = 'hook_outputs';

export function approxTokenCount(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / BYTES_PER_TOKEN);
}

/** `text` as the model sees it under a token limit (0: no limit). */
export function spillText(text: string, tokenLimit: number, session: string): string {
  if (tokenLimit === 0 || approxTokenCount(text) <= tokenLimit) return text;
  const dir = join(tmpdir(), OUTPUT_DIR, safeSegment(session));
  const path = join(dir, `${nodeCrypto().randomUUID()}.txt`);
  try {
    privateDir(join(tmpdir(), OUTPUT_DIR));
    privateDir(dir);
    // 'wx': never through a file (or link) someone placed there; 0600: hook output can hold secrets.
    writeFileSync(path, text, { flag: 'wx', mode: 0o600 });
  } catch {
    // The agent still truncates when it cannot write the file; it only loses the recovery path.
    return formattedTruncateText(text, tokenLimit);
  }
  const footer = `\n\nFull hook output saved to: ${path}`;
  return `${formattedTruncateText(text, Math.max(0, tokenLimit - approxTokenCount(footer)))}${footer}`;
}

/**
 * Creates `dir` (0700) or accepts it only as a real directory of this user: the system temp dir is
 * shared, and a directory or symlink another local user put there first would receive (or let them
 * read) every spilled hook output. Throws otherwise; the caller then truncates without spilling.
 */
function privateDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stats = lstatSync(dir);
  const uid = process.getuid?.();
  if (!stats.isDirectory() || (uid !== undefined && stats.uid !== uid) || (stats.mode & 0o022) !== 0) {
    throw new Error(`${dir} is not a private directory of this user`);
  }
}

/** A session id as one path segment: it comes from the payload, so it must not climb out of the dir. */
function safeSegment(session: string): string {
  const cleaned = session.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+$/, '_');
  return cleaned === '' ? 'session' : cleaned.slice(0, 128);
}

/** codex-rs/utils/output-truncation: `formatted_truncate_text` with a token budget. */
function formattedTruncateText(text: string, tokens: number): string {
  const bytes = Buffer.from(text, 'utf8');
  const budget = tokens * BYTES_PER_TOKEN;
  if (bytes.length <= budget) return text;
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const header = `Warning: truncated output (original token count: ${approxTokenCount(text)})\nTotal output lines: ${lines}\n\n`;
  return `${header}${truncateMiddle(text, bytes, budget)}`;
}

/** Keeps the first and last halves of the byte budget on character boundaries, marking what was cut. */
function truncateMiddle(text: string, bytes: Buffer, budget: number): string {
  const removedTokens = Math.ceil(Math.max(0, bytes.length - budget) / BYTES_PER_TOKEN);
  const marker = `…${removedTokens} tokens truncated…`;
  if (budget === 0) return marker;
  const left = Math.floor(budget / 2);
  const tailStart = bytes.length - (budget - left);
  let prefixEnd = 0;
  let suffixStart = bytes.length;
  let offset = 0;
  for (const char of text) {
    const end = offset + Buffer.byteLength(char, 'utf8');
    if (end <= left) prefixEnd = end;
    else if (offset >= tailStart && suffixStart === bytes.length) suffixStart = offset;
    offset = end;
  }
  suffixStart = Math.max(suffixStart, prefixEnd);
  return `${bytes.subarray(0, prefixEnd).toString('utf8')}${marker}${bytes.subarray(suffixStart).toString('utf8')}`;
}
