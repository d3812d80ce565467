import { lstat, mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TrustStoreError, TrustStoreWriteError } from '../errors.js';
import { describeWriteFailure } from '../util/safe-write.js';
import { nodeCrypto } from '../util/lazy-crypto.js';

/**
 * A small JSON document on disk that several processes may update at once (the trust stores).
 * Readers never lock: every write is a complete file renamed into place, so a reader sees the old
 * or the new content, never a torn one. Writers serialise through a lock file and re-read under
 * it, so no writer loses another's entry.
 */
export interface JsonDocument<T> {
  path: string;
  /** The content of a store that does not exist yet. */
  empty(): T;
  /** Checks a parsed document; returns it typed or a reason why it is not a valid store. */
  validate(value: unknown): { ok: true; value: T } | { ok: false; reason: string };
}

/** How long a lock may be held before another writer treats it as left behind by a crash. */
const STALE_LOCK_MS = 10_000;
/** How long a writer waits for the lock before giving up with a clear error. */
const LOCK_WAIT_MS = 30_000;

/** The current content; a missing file is empty, a broken one a TrustStoreError naming it. */
export async function readJsonDocument<T>(document: JsonDocument<T>): Promise<T> {
  let text: string;
  try {
    text = await readFile(document.path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return document.empty();
    throw new TrustStoreError(document.path, (error as Error).message);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TrustStoreError(document.path, `not JSON (${(error as Error).message})`);
  }
  const checked = document.validate(parsed);
  if (!checked.ok) throw new TrustStoreError(document.path, checked.reason);
  return checked.value;
}

/**
 * Read-modify-write under the document's lock. `change` edits the freshly read content in place;
 * the result is written atomically with mode 0600. A broken store is reported and left untouched.
 */
export async function updateJsonDocument<T>(document: JsonDocument<T>, change: (content: T) => void): Promise<T> {
  // Any failure to write (an unwritable home, a full disk, the file size limit) is one line naming
  // the store; the store itself is replaced only by a complete file (SPEC 6.1.5).
  const failed = (step: string) => (error: unknown) => {
    throw error instanceof TrustStoreError || error instanceof TrustStoreWriteError
      ? error
      : new TrustStoreWriteError(document.path, `${step}: ${describeWriteFailure(error)}`);
  };
  await mkdir(dirname(document.path), { recursive: true, mode: 0o700 }).catch(failed(`creating ${dirname(document.path)}`));
  const release = await acquireLock(`${document.path}.lock`).catch(failed(`taking its lock ${document.path}.lock`));
  try {
    const content = await readJsonDocument(document);
    change(content);
    await writeAtomically(document.path, `${JSON.stringify(content, null, 2)}\n`).catch(failed('writing it'));
    return content;
  } finally {
    await release();
  }
}

async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    // The creation mode is filtered by the umask; the store must be private whatever it is.
    await handle.chmod(0o600);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Creates the lock file exclusively, waiting with backoff while another writer holds it. Whatever
 * is in the way, the wait ends at the deadline: a lock that can never be taken or judged stale (a
 * dangling symlink used to make this loop spin forever) is an error, not a hang.
 */
export async function acquireLock(lockPath: string): Promise<() => Promise<void>> {
  const token = `${process.pid} ${nodeCrypto().randomBytes(8).toString('hex')}`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      await handle.writeFile(token);
      await handle.close();
      return () => releaseLock(lockPath, token);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    await refuseForeignLock(lockPath);
    // A stale lock that is gone now is retried at once; one that would not go waits like a held one.
    const stale = await removeIfStale(lockPath);
    if (stale && Date.now() <= deadline && (await lstat(lockPath).catch(() => null)) === null) continue;
    if (Date.now() > deadline) {
      throw new TrustStoreWriteError(
        lockPath.slice(0, -'.lock'.length),
        `another hookctl process has held its lock ${lockPath} for over ${LOCK_WAIT_MS / 1000}s; ` +
          'if no hookctl is running, delete the lock file',
      );
    }
    // Jittered exponential backoff, capped, so many waiting writers do not retry in lockstep.
    await sleep(Math.min(200, 5 * 2 ** Math.min(attempt, 6)) * (0.5 + Math.random()));
  }
}

/** Removes our own lock only, so a writer that judged us stale and took over keeps its lock. */
async function releaseLock(lockPath: string, token: string): Promise<void> {
  const holder = await readFile(lockPath, 'utf8').catch(() => null);
  if (holder === token) await unlink(lockPath).catch(() => undefined);
}

/**
 * hookctl only ever creates a lock as a regular file. Anything else at the lock path (a symlink, a
 * directory) was put there by something else: it can never be taken, so it is reported at once.
 */
async function refuseForeignLock(lockPath: string): Promise<void> {
  const stats = await lstat(lockPath).catch(() => null);
  if (stats === null || stats.isFile()) return;
  const kind = stats.isSymbolicLink() ? 'a symbolic link' : stats.isDirectory() ? 'a directory' : 'not a regular file';
  throw new TrustStoreWriteError(
    lockPath.slice(0, -'.lock'.length),
    `its lock ${lockPath} is ${kind}, not a lock file hookctl made; remove it if no hookctl is running`,
  );
}

/**
 * A lock is stale when its owner process is gone or it is older than any write takes. Returns true
 * when it was removed (or vanished meanwhile) and acquiring should be retried at once.
 */
async function removeIfStale(lockPath: string): Promise<boolean> {
  let holder: string;
  let ageMs: number;
  try {
    holder = await readFile(lockPath, 'utf8');
    ageMs = Date.now() - (await lstat(lockPath)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  const pid = Number.parseInt(holder, 10);
  // An empty holder is a lock whose owner is between creating and writing it: not stale yet.
  const ownerGone = Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid);
  if (!ownerGone && ageMs < STALE_LOCK_MS) return false;
  // Re-check right before removing so a lock another writer just took over is not broken.
  const current = await readFile(lockPath, 'utf8').catch(() => null);
  if (current !== holder) return true;
  await unlink(lockPath).catch(() => undefined);
  return true;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
