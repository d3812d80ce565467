import { execFile } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Copilot CLI's first run unpacks its runtime (~235 MB) into `$COPILOT_PKG_CACHE_HOME/pkg/<platform>/<version>`
 * and trusts whatever it finds there after (a `.extraction-complete` marker). hookctl unpacks it
 * once per user into a directory of its own under the temp directory, with `copilot --version`
 * outside the jail (the user's own binary, as `--version` runs for every agent), and every case
 * then reads it: inside the jail every mount but the sandbox is read-only, so no case, hook or
 * project can change the runtime the next case runs.
 *
 * A directory that is not ours (another user made it first, a link, writable by others) is never
 * used: this run unpacks into a private one instead, removed when hookctl exits.
 */
let chosen: string | undefined;

export function packageCache(): string {
  chosen ??= sharedOrPrivate();
  return chosen;
}

/** `copilot --version`, unpacking the runtime into the cache on the way (the first time: a few seconds). */
export async function versionUnpacking(bin: string): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'hookctl-copilot-home-'));
  try {
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: scratch,
      XDG_CACHE_HOME: scratch,
      COPILOT_HOME: join(scratch, '.copilot'),
      COPILOT_PKG_CACHE_HOME: packageCache(),
    };
    // umask 022: the unpacked files must be readable by the jail's uid whatever the caller's umask.
    return await new Promise<string>((resolve, reject) => {
      execFile('sh', ['-c', 'umask 022 && exec "$0" --version', bin], { timeout: 120_000, env }, (error, stdout) => {
        if (error) reject(error);
        // `GitHub Copilot CLI 1.0.102.`: the version alone, as the report names the agent itself.
        else resolve(/\d+\.\d+\.\d+[\w.-]*?(?=\.?$)/m.exec(stdout.trim().split('\n')[0] ?? '')?.[0] ?? stdout.trim());
      });
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function sharedOrPrivate(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  if (uid !== null) {
    const shared = join(tmpdir(), `hookctl-copilot-runtime-${uid}`);
    try {
      mkdirSync(shared);
      chmodSync(shared, 0o755);
    } catch {
      // It exists already (checked below), or cannot be made here (a private one then).
    }
    if (isOurs(shared, uid)) return shared;
  }
  const own = mkdtempSync(join(tmpdir(), 'hookctl-copilot-runtime-'));
  // Readable by the jail's uid (hookctl as root runs the agent as another uid), writable by us only.
  chmodSync(own, 0o755);
  process.once('exit', () => rmSync(own, { recursive: true, force: true }));
  return own;
}

/** A real directory (not a link), owned by `uid`, that no one else may write. */
function isOurs(path: string, uid: number): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}
