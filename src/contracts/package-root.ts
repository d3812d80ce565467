import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InstallationError } from '../errors.js';

let root: string | null = null;

/**
 * The hookctl package root: the nearest ancestor of this module whose package.json is named
 * `hookctl`. Found by walking up because the compiled module (dist/src/util, also in the installed
 * tarball) sits one level deeper than the source (src/util). Cached after the first call.
 */
export function packageRoot(): string {
  if (root !== null) return root;
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (isHookctlManifest(join(dir, 'package.json'))) {
      root = dir;
      return root;
    }
    if (dirname(dir) === dir) break;
  }
  throw new InstallationError(`broken hookctl installation: no package.json named "hookctl" above ${start}; reinstall hookctl`);
}

function isHookctlManifest(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown }).name === 'hookctl';
  } catch {
    // An unreadable or malformed package.json on the way up belongs to something else.
    return false;
  }
}
