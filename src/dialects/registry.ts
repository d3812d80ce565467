import type { HookInputMap as OctoInputs } from '../../generated/octo/types.js';
import type { HookInputMap as OpenInterpreterInputs } from '../../generated/openinterpreter/types.js';
import type { DialectConfigSpec } from '../config/config-spec.js';
import { UnknownDialectError } from '../errors.js';
import { didYouMean } from '../util/did-you-mean.js';
import type { Dialect } from './dialect.js';

/**
 * Every dialect hookctl speaks. Adding one means `schema/<id>/`, a module folder
 * `src/dialects/<id>/` whose `index.ts` exports `dialect`, and its loader here. Loaders are static
 * imports (not a template path) so bundlers and test runners can see them; each runs on demand so
 * CLI start-up only pays for the dialect it uses.
 */
const LOADERS = {
  openinterpreter: () => import('./openinterpreter/index.js'),
  octo: () => import('./octo/index.js'),
} satisfies Record<string, () => Promise<{ dialect: Dialect }>>;

export type DialectId = keyof typeof LOADERS;

/** Each dialect's event name → input payload type, from the generated contracts. */
export interface DialectInputs extends Record<DialectId, object> {
  openinterpreter: OpenInterpreterInputs;
  octo: OctoInputs;
}
export const DIALECT_IDS = Object.keys(LOADERS) as DialectId[];

/** The per-dialect config directory name, used to place a file in a dialect without loading it. */
export const DIALECT_CONFIG_DIRS: Readonly<Record<DialectId, string>> = {
  openinterpreter: '.openinterpreter',
  octo: '.octo',
};

/** The hook config files inside that directory; their presence is what detection goes by. */
export const DIALECT_CONFIG_FILES: Readonly<Record<DialectId, readonly string[]>> = {
  openinterpreter: ['hooks.json', 'config.toml'],
  octo: ['hooks.yml'],
};

/** The dialect used when detection finds none or several. */
export const DEFAULT_DIALECT: DialectId = 'openinterpreter';

export function isDialectId(value: string): value is DialectId {
  return (DIALECT_IDS as readonly string[]).includes(value);
}

export async function loadDialect(id: DialectId): Promise<Dialect> {
  // Library callers are not type-checked: `createEngine({ dialect: 'nope' })` gets a named error.
  if (typeof id !== 'string' || !Object.hasOwn(LOADERS, id)) {
    throw new UnknownDialectError(String(id), DIALECT_IDS, didYouMean(String(id), DIALECT_IDS));
  }
  return (await LOADERS[id]()).dialect;
}

/**
 * Each dialect's config rules alone (what lint needs), without its payload validators or protocol.
 * Static imports for the same reason as LOADERS.
 */
const CONFIG_SPEC_LOADERS: Readonly<Record<DialectId, () => Promise<{ configSpec: DialectConfigSpec }>>> = {
  openinterpreter: () => import('./openinterpreter/config-spec.js'),
  octo: () => import('./octo/config-spec.js'),
};

export async function loadConfigSpec(id: DialectId): Promise<DialectConfigSpec> {
  if (!isDialectId(id)) throw new UnknownDialectError(String(id), DIALECT_IDS, didYouMean(String(id), DIALECT_IDS));
  return (await CONFIG_SPEC_LOADERS[id]()).configSpec;
}
