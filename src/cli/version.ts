import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../contracts/package-root.js';

/** The package version, from the package.json of this installation. */
export function readVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
