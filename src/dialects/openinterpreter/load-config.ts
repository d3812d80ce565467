import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { declaredLoader } from '../../load/load-declared.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every openinterpreter layer under its runtime policy (`onError: 'skip'`): load what can be
 * loaded. A malformed file, an invalid matcher group or an unusable handler is skipped with a
 * finding; the rest runs. A `[features] hooks = false` switch drops the hooks it governs (SPEC 2.1):
 * a user or project switch the non-managed ones, only the managed requirements file's own switch
 * the managed ones.
 */
export const loadConfig: (context: LoadContext) => Promise<LoadedConfig> = declaredLoader({ spec: configSpec });
