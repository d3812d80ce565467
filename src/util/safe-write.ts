import {
  closeSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { nodeCrypto } from './lazy-crypto.js';

/**
 * Writing into a repository (SPEC 6.1.5): `scaffold` and `--register` must never write outside the
 * project and never lose data. A repository can commit a symlink where a file will be written —
 * even a dangling one, `hooks/pre-tool-use.sh -> ~/.local/bin/git`, which a plain write would
 * create — or a symlinked directory; a write can fail halfway (a full disk, the file size limit,
 * a read-only directory). So:
 *
 * - every path component from the project dir down is checked with lstat: a symlink anywhere is
 *   refused, whatever it points at;
 * - each file is written in full to a temporary file beside it (created exclusively, fsynced) and
 *   renamed into place — rename replaces a name, it never follows a symlink — so the original is
 *   either untouched or completely replaced;
 * - several files are one change: all are written first, then renamed in order; if anything fails,
 *   renamed files are put back (a replaced file from a hard-link backup, a new one removed),
 *   temporary files and directories created for the change are removed.
 */
export class WriteRefusedError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A staged write or a commit failed at `path`; `cause` is the file system error or the refusal. */
export class WriteFailure extends Error {
  readonly refused: boolean;
  constructor(
    readonly path: string,
    error: unknown,
  ) {
    super(describeWriteFailure(error), { cause: error });
    this.refused = error instanceof WriteRefusedError;
  }
}

function asWriteFailure(path: string, error: unknown): WriteFailure {
  return error instanceof WriteFailure ? error : new WriteFailure(error instanceof WriteRefusedError ? error.path : path, error);
}

/** Why a path below `root` is not a safe place to write a regular file, else null. */
export function unsafeWriteTarget(root: string, path: string): string | null {
  const parts = relative(root, path).split(sep);
  if (parts[0] === '..' || parts[0] === '') return `it is outside ${root}`;
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = join(current, part);
    const stats = lstatOrNull(current);
    if (stats === null) return null; // from here on everything is created
    const last = index === parts.length - 1;
    if (stats.isSymbolicLink()) {
      const where = last ? 'it is' : `${relative(root, current)} is`;
      return `${where} a symbolic link (to ${readlinkOrUnknown(current)}); hookctl never writes through a symlink`;
    }
    if (!last && !stats.isDirectory()) return `${relative(root, current)} is not a directory`;
    if (last && !stats.isFile()) return 'it exists and is not a regular file';
  }
  return null;
}

interface Staged {
  path: string;
  temporary: string;
  /** A hard link to the file being replaced, to put it back if a later step fails. */
  backup: string | null;
  renamed: boolean;
}

/** A change of several files that happens completely or not at all (see the module comment). */
export class AtomicChange {
  private readonly staged: Staged[] = [];
  private readonly createdDirs: string[] = [];

  constructor(private readonly root: string) {}

  /**
   * Writes `content` to a temporary file beside `path` (creating missing directories below the
   * root). The file gets exactly `mode` (not filtered by the umask) when given.
   */
  stage(path: string, content: string | Uint8Array, mode?: number): void {
    try {
      this.write(path, content, mode);
    } catch (error) {
      throw asWriteFailure(path, error);
    }
  }

  private write(path: string, content: string | Uint8Array, mode: number | undefined): void {
    const refused = unsafeWriteTarget(this.root, path);
    if (refused !== null) throw new WriteRefusedError(path, refused);
    this.makeParents(dirname(path));
    const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`);
    const entry: Staged = { path, temporary, backup: null, renamed: false };
    this.staged.push(entry);
    const fd = openSync(temporary, 'wx', mode ?? 0o666);
    try {
      if (mode !== undefined) fchmodSync(fd, mode);
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Renames every staged file into place, in order; on failure puts everything back and rethrows. */
  commit(): void {
    let current: string = this.root;
    try {
      for (const entry of this.staged) {
        current = entry.path;
        // Checked again right before the rename: the tree may have changed since staging.
        const refused = unsafeWriteTarget(this.root, entry.path);
        if (refused !== null) throw new WriteRefusedError(entry.path, refused);
        if (lstatOrNull(entry.path) !== null) entry.backup = backUp(entry);
        renameSync(entry.temporary, entry.path);
        entry.renamed = true;
      }
    } catch (error) {
      this.rollback();
      throw asWriteFailure(current, error);
    }
    for (const entry of this.staged) if (entry.backup !== null) removeQuietly(entry.backup);
  }

  /** Undoes whatever was done: renamed files are put back, temporary files and new directories removed. */
  rollback(): void {
    for (const entry of [...this.staged].reverse()) {
      if (entry.renamed) {
        if (entry.backup !== null) renameQuietly(entry.backup, entry.path);
        else removeQuietly(entry.path);
      } else if (entry.backup !== null) removeQuietly(entry.backup);
      removeQuietly(entry.temporary);
    }
    for (const dir of [...this.createdDirs].reverse()) {
      try {
        rmdirSync(dir);
      } catch {
        // not empty (something else lives there now) or already gone: leave it
      }
    }
  }

  private makeParents(dir: string): void {
    const missing: string[] = [];
    for (let current = dir; lstatOrNull(current) === null && current !== this.root; current = dirname(current)) missing.unshift(current);
    for (const path of missing) {
      mkdirSync(path);
      this.createdDirs.push(path);
    }
  }
}

/** A one-line reason for a failed write, from its error code. */
export function describeWriteFailure(error: unknown): string {
  if (error instanceof WriteRefusedError) return error.reason;
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'the file system is read-only',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'the disk quota is exceeded',
    EFBIG: 'the file size limit was reached',
    EIO: 'an input/output error occurred',
    ENOTDIR: 'a part of the path is not a directory',
    EISDIR: 'it is a directory',
    EEXIST: 'a file appeared there meanwhile',
    ENAMETOOLONG: 'the name is too long',
    EMLINK: 'too many links',
  };
  const reason = code === undefined ? undefined : reasons[code];
  if (reason !== undefined) return `${reason} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** A hard link to the file about to be replaced; null where the file system has no hard links. */
function backUp(entry: Staged): string | null {
  const backup = `${entry.temporary}.orig`;
  try {
    linkSync(entry.path, backup);
    return backup;
  } catch {
    return null;
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function readlinkOrUnknown(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return 'somewhere';
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function renameQuietly(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    // nothing better to do; the backup keeps the content under its own name
  }
}
