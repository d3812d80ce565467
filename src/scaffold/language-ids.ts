/**
 * The scaffold `--lang` ids, `js` first as the default. Data only, so the CLI can offer them as
 * choices without loading the language modules at start-up.
 */
export const LANGUAGE_IDS = ['js', 'ts', 'py', 'sh'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];
