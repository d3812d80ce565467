import type { Dialect } from './dialect.js';

/**
 * Every dialect hookctl speaks. Adding one means `schema/<id>/`, a module folder
 * `src/dialects/<id>/` whose `index.ts` exports `dialect`, and its id here.
 */
export const DIALECT_IDS = ['openinterpreter', 'octo'] as const;
export type DialectId = (typeof DIALECT_IDS)[number];

/** The per-dialect config directory name, used to detect the dialect without loading it. */
export const DIALECT_CONFIG_DIRS: Readonly<Record<DialectId, string>> = {
  openinterpreter: '.openinterpreter',
  octo: '.octo',
};

export function isDialectId(value: string): value is DialectId {
  return (DIALECT_IDS as readonly string[]).includes(value);
}

/** Loads a dialect module on demand so CLI start-up only pays for the one it uses. */
export async function loadDialect(id: DialectId): Promise<Dialect> {
  const module = (await import(`./${id}/index.js`)) as { dialect: Dialect };
  return module.dialect;
}
