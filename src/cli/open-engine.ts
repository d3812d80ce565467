import { loadDialect } from '../dialects/registry.js';
import { openEngine as openDialectEngine, type Engine } from '../engine/engine.js';
import { loadContextOf, type CommonContext } from './common-options.js';

/** The engine for a CLI command, from the resolved common options; payloads are checked at run time. */
export async function openEngine(common: CommonContext, options: { bypassTrust?: boolean } = {}): Promise<Engine> {
  return openDialectEngine(await loadDialect(common.dialectId), { ...loadContextOf(common), bypassTrust: options.bypassTrust === true });
}
