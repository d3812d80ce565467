import { emitDialectModules } from './emit-dialect-modules.js';
import type { Emitter } from './emitter.js';
import { emitPython } from './emit-python.js';
import { emitTypes } from './emit-types.js';
import { emitValidators } from './emit-validators.js';

/**
 * Every emitter `npm run generate` runs for every dialect, in this order. To generate another artefact
 * (e.g. Python TypedDicts in generated/<dialect>/hook_types.py), write an `Emitter` in its own module
 * and add it to this list; nothing else changes. Paths outside `generated/` (the dialects' generated
 * `contracts.ts`/`public.ts`) are overwritten, never deleted, and `generate:check` compares them too.
 */
export const EMITTERS: readonly Emitter[] = [emitTypes, emitValidators, emitPython, emitDialectModules];
