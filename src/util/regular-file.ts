import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  statSync,
  type Stats,
} from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';

/**
 * The only way hookctl reads a file a repository controls (SPEC 6.1.4): config layers, the
 * scripts that script-aware trust hashes, payload and case files. A repository can commit a
 * symlink to /dev/zero or /dev/urandom, a FIFO nobody writes to, a directory, a symlink loop, a
 * name with a NUL byte or 5,000 characters, a mode-000 file or a huge one; each must become a
 * one-line reason for a finding, never an exception, a hang or an unbounded read.
 *
 * So: the path is checked, the file is stat'ed and must be a regular file under the caller's size
 * cap, it is opened non-blocking (a FIFO swapped in after the stat can not block the open) and
 * fstat'ed again, and it is read only up to the cap, whatever its size claimed.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The caps, with what each guards (docs/security.md lists them with the measurements behind them).
 * Config caps differ by format because the parsers do: jsonc-parser builds a 1 MiB JSON file in
 * about 0.2 s and 130 MiB, while toml-eslint-parser and yaml need up to about 1 KiB of memory and
 * 10 µs per byte of token-dense input (a 1 MiB TOML array of numbers: 10 s, 1 GiB).
 */
export const SIZE_CAPS = {
  /** hooks.json (5,000 handlers are about 0.4 MiB). */
  configJson: { bytes: 1 * MiB, what: 'JSON config files' },
  /** config.toml, requirements.toml: a large Codex-style config.toml is tens of KiB. */
  configToml: { bytes: 128 * KiB, what: 'TOML config files' },
  /** hooks.yml: hook lists are a few KiB. */
  configYaml: { bytes: 256 * KiB, what: 'YAML config files' },
  /**
   * Any config file of a layer the user or administrator owns (managed, user, plugin): not a
   * repository's attack surface, so only a guard against accidents (a symlink to a log file).
   */
  configTrusted: { bytes: 4 * MiB, what: 'managed, user and plugin config files' },
  /** Scripts hashed for script-aware trust; hashed in chunks, so this bounds time, not memory. */
  script: { bytes: 64 * MiB, what: 'hook scripts hookctl hashes for trust' },
  /** `--payload FILE`, stdin of `hookctl run`, `hookctl test` case and payload files. */
  payload: { bytes: 64 * MiB, what: 'payloads' },
  /** An agent's own state file hookctl reads and never writes (claude `~/.claude.json`: history makes it grow). */
  agentState: { bytes: 64 * MiB, what: "agents' state files" },
  /** A linked worktree's `.git` file: one `gitdir:` line. */
  gitFile: { bytes: 4 * KiB, what: '.git files of linked worktrees' },
} as const;

export type SizeCap = (typeof SIZE_CAPS)[keyof typeof SIZE_CAPS];

/** Why a file can not be read; `missing` when it does not exist (an optional layer is then just absent). */
export type FileProblem = { missing: true; reason: string } | { missing: false; reason: string };

export type FileRead = { ok: true; bytes: Buffer } | ({ ok: false } & FileProblem);
export type FileHash = { ok: true; sha256: string } | ({ ok: false } & FileProblem);

/** Reads go in chunks of 64 KiB to 1 MiB: one read for most config files, bounded memory for hashing. */
const MIN_CHUNK = 64 * 1024;
const MAX_CHUNK = 1024 * 1024;

/**
 * Reads a whole regular file of at most `cap.bytes`, or says why not. Never throws. Read with the
 * synchronous calls: a config file is a few KiB, and four thread-pool round trips per file (open,
 * fstat, read, close) made reading a repository of 100 settings files cost more than parsing them.
 */
export async function readRegularFile(path: string, cap: SizeCap): Promise<FileRead> {
  return readRegularFileSync(path, cap);
}

/** `sha256:<hex>` of a regular file of at most `cap.bytes`, read in chunks, or why not. Never throws. */
export async function hashRegularFile(path: string, cap: SizeCap): Promise<FileHash> {
  const opened = await openRegular(path, cap);
  if (!opened.ok) return opened;
  // Imported when a file is hashed: most runs hash nothing, and node:crypto is slow to load.
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256');
  const outcome = await readCapped(opened.handle, opened.size, cap, (chunk) => hash.update(chunk));
  if (outcome !== null) return { ok: false, ...outcome };
  return { ok: true, sha256: `sha256:${hash.digest('hex')}` };
}

/**
 * readRegularFile for synchronous callers (reporters that re-read a finding's file), and its body.
 * Same checks, same cap; never throws.
 */
export function readRegularFileSync(path: string, cap: SizeCap): FileRead {
  const invalid = invalidPath(path);
  if (invalid !== null) return { ok: false, missing: false, reason: invalid };
  let fd: number | null = null;
  try {
    const before = statSync(path);
    if (!before.isFile()) return { ok: false, missing: false, reason: notRegular(before, path) };
    if (before.size > cap.bytes) return { ok: false, missing: false, reason: tooLarge(cap, before.size) };
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    const after = fstatSync(fd);
    if (!after.isFile()) return { ok: false, missing: false, reason: notRegular(after, path) };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(Math.min(cap.bytes + 1 - total, MAX_CHUNK, Math.max(after.size + 1 - total, MIN_CHUNK)));
      const bytesRead = readSync(fd, buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > cap.bytes) return { ok: false, missing: false, reason: tooLarge(cap, null) };
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return { ok: true, bytes: Buffer.concat(chunks) };
  } catch (error) {
    return { ok: false, ...describePathError(error, path) };
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

export type FileProbe = { kind: 'file'; stats: Stats } | ({ kind: 'problem' } & FileProblem);

/**
 * What a path is, without reading it (lint's script rules): a readable regular file, or the reason
 * it is not one. Never throws.
 */
export function probeRegularFile(path: string): FileProbe {
  const invalid = invalidPath(path);
  if (invalid !== null) return { kind: 'problem', missing: false, reason: invalid };
  let stats: Stats;
  try {
    stats = statSync(path);
    if (stats.isFile()) accessSync(path, constants.R_OK);
  } catch (error) {
    return { kind: 'problem', ...describePathError(error, path) };
  }
  if (!stats.isFile()) return { kind: 'problem', missing: false, reason: notRegular(stats, path) };
  return { kind: 'file', stats };
}

/**
 * Whether something is at `path` at all (a dangling symlink or an unreadable entry counts: the
 * reader then reports it). Never throws.
 */
export function somethingAt(path: string): boolean {
  if (invalidPath(path) !== null) return false;
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    return !describeFsError(error).missing;
  }
}

/**
 * What `path` leads to, symlinks followed, or null when that can not be stat'ed (missing, a
 * dangling link, a loop, no permission). Never throws.
 */
export function statsAt(path: string): Stats | null {
  if (invalidPath(path) !== null) return null;
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** Whether `path` is (or leads to) a directory. Never throws. */
export function directoryAt(path: string): boolean {
  return statsAt(path)?.isDirectory() === true;
}

type Opened = { ok: true; handle: FileHandle; size: number } | ({ ok: false } & FileProblem);

async function openRegular(path: string, cap: SizeCap): Promise<Opened> {
  const invalid = invalidPath(path);
  if (invalid !== null) return { ok: false, missing: false, reason: invalid };
  let handle: FileHandle | null = null;
  try {
    const before = await stat(path);
    if (!before.isFile()) return { ok: false, missing: false, reason: notRegular(before, path) };
    if (before.size > cap.bytes) return { ok: false, missing: false, reason: tooLarge(cap, before.size) };
    // O_NONBLOCK: if a FIFO replaced the file since the stat, opening it must not wait for a writer.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    const after = await handle.stat();
    if (!after.isFile()) {
      await handle.close();
      return { ok: false, missing: false, reason: notRegular(after, path) };
    }
    return { ok: true, handle, size: after.size };
  } catch (error) {
    await handle?.close().catch(() => undefined);
    return { ok: false, ...describePathError(error, path) };
  }
}

/**
 * Reads until end of file, handing each chunk on, and closes the handle. Stops one byte past the
 * cap: a file that grew after its stat (or a /proc file that claims size 0) is refused all the same.
 */
async function readCapped(handle: FileHandle, size: number, cap: SizeCap, onChunk: (chunk: Buffer) => void): Promise<FileProblem | null> {
  let total = 0;
  try {
    for (;;) {
      const room = cap.bytes + 1 - total;
      const buffer = Buffer.allocUnsafe(Math.min(room, MAX_CHUNK, Math.max(size + 1 - total, MIN_CHUNK)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return null;
      total += bytesRead;
      if (total > cap.bytes) return { missing: false, reason: tooLarge(cap, null) };
      onChunk(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
    }
  } catch (error) {
    return describeFsError(error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** A path the file system would refuse in a way Node reports as a TypeError, not an errno. */
function invalidPath(path: string): string | null {
  return path.includes('\0') ? 'the path contains a NUL byte' : null;
}

/**
 * describeFsError, except that a symlink leading nowhere is a problem to report, not an absent
 * file: in a repository it names something that is not there on purpose or by mistake.
 */
function describePathError(error: unknown, path: string): FileProblem {
  const problem = describeFsError(error);
  if (!problem.missing) return problem;
  try {
    if (lstatSync(path).isSymbolicLink())
      return { missing: false, reason: `it is a symlink to ${readlinkSync(path)}, which does not exist` };
  } catch {
    // Not there at all.
  }
  return problem;
}

/** One short clause for a file-system error; the path is left out (the finding already names it). */
export function describeFsError(error: unknown): FileProblem {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { missing: true, reason: 'the file does not exist' };
    case 'ELOOP':
      return { missing: false, reason: 'too many levels of symbolic links (a symlink loop)' };
    case 'ENAMETOOLONG':
      return { missing: false, reason: 'the path is too long for the file system' };
    case 'EACCES':
    case 'EPERM':
      return { missing: false, reason: 'permission denied' };
    case 'EISDIR':
      return { missing: false, reason: 'it is a directory, not a file' };
    case 'ERR_INVALID_ARG_VALUE':
    case 'ERR_INVALID_ARG_TYPE':
      return { missing: false, reason: 'the path contains a NUL byte' };
    default:
      return { missing: false, reason: `it cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})` };
  }
}

function notRegular(stats: Stats, path: string): string {
  const kind = stats.isDirectory()
    ? 'a directory'
    : stats.isFIFO()
      ? 'a named pipe (FIFO)'
      : stats.isCharacterDevice()
        ? 'a character device'
        : stats.isBlockDevice()
          ? 'a block device'
          : stats.isSocket()
            ? 'a socket'
            : 'not a regular file';
  const target = symlinkTarget(path);
  return `it is ${kind}, not a regular file${target === null ? '' : ` (the symlink leads to ${target})`}`;
}

/** Where a symlink finally leads, for the reviewer; null when the path is not a symlink. */
function symlinkTarget(path: string): string | null {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : null;
  } catch {
    return null;
  }
}

function tooLarge(cap: SizeCap, size: number | null): string {
  const limit = `the ${formatMiB(cap.bytes)} limit for ${cap.what}`;
  return size === null ? `it is larger than ${limit}` : `it is larger than ${limit} (${formatMiB(size)})`;
}

function formatMiB(bytes: number): string {
  const [value, unit] = bytes < MiB ? [bytes / KiB, 'KiB'] : [bytes / MiB, 'MiB'];
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}
