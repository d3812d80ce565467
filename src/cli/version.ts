import { readFileSync } from 'node:fs';

/**
 * The package version. Compiled code lives one folder deeper (dist/src/cli) than the source
 * (src/cli), so both layouts are tried and the one naming this package wins.
 */
export function readVersion(): string {
  for (const relative of ['../../package.json', '../../../package.json']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === 'hookctl' && manifest.version) return manifest.version;
    } catch {
      // not this layout
    }
  }
  throw new Error('cannot find hookctl package.json');
}
