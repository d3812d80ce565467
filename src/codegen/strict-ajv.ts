import { Ajv, type Options } from 'ajv';

/**
 * The ajv configuration every hookctl schema must pass: strict mode (unknown keywords, ambiguous
 * types and undefined required properties are errors) and all errors reported, so lint can show
 * every problem of a file at once. `discriminator` lets a `oneOf` of tagged variants (claude's permission
 * updates) report errors of the variant its tag names only, instead of every variant's.
 */
export function createStrictAjv(options: Options = {}): Ajv {
  return new Ajv({ strict: true, allErrors: true, discriminator: true, ...options });
}
