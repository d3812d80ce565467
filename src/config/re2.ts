import { createRequire } from 'node:module';

type Re2Module = typeof import('re2js');

let loaded: Re2Module | undefined;

/**
 * re2js, loaded on first use: a config without regex matchers (and `hookctl lint` on it) never
 * pays for the engine's 260 KB. Loaded synchronously (its CommonJS build) because matchers are
 * compiled while a config is read, which is synchronous.
 */
export function re2(): Re2Module {
  loaded ??= createRequire(import.meta.url)('re2js') as Re2Module;
  return loaded;
}
