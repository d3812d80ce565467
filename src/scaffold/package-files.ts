import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../contracts/package-root.js';

/** Reads a file shipped with the package (`templates/…`, `schema/…`, `generated/…`). */
export function readPackageFile(...segments: string[]): string {
  return readFileSync(join(packageRoot(), ...segments), 'utf8');
}

/** Whether the package ships that file. */
export function packageFileExists(...segments: string[]): boolean {
  return existsSync(join(packageRoot(), ...segments));
}
