import { loadDialect } from '../dialects/registry.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { loadContextOf, type CommonContext } from './common-options.js';

/** The engine for a CLI command, from the resolved common options; payloads are checked at run time. */
export async function openEngine(common: CommonContext, options: { bypassTrust?: boolean; strictPayload?: boolean } = {}): Promise<Engine> {
  return createEngine({
    dialect: await loadDialect(common.dialectId),
    ...loadContextOf(common),
    bypassTrust: options.bypassTrust === true,
    // Authoring commands refuse a payload the schema rejects; `run` (the runtime entry) tolerates it (SPEC 4.1).
    strictPayload: options.strictPayload === true,
  });
}
