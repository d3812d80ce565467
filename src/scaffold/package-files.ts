import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

/**
 * The hookctl package root: the nearest ancestor of this module with hookctl's package.json. Found
 * by walking up because the compiled module (dist/src/scaffold) sits one level deeper than the
 * source (src/scaffold).
 */
function packageRoot(): string {
  if (root !== null) return root;
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'hookctl') {
      return (root = dir);
    }
  }
  throw new Error('cannot find the hookctl package root');
}

/** Reads a file shipped with the package (`templates/…`, `schema/…`, `generated/…`). */
export function readPackageFile(...segments: string[]): string {
  return readFileSync(join(packageRoot(), ...segments), 'utf8');
}

/** Whether the package ships that file. */
export function packageFileExists(...segments: string[]): boolean {
  return existsSync(join(packageRoot(), ...segments));
}
