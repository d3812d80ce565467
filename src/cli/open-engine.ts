import { configCacheDirectory } from '../config/config-cache.js';
import { loadDialect } from '../dialects/registry.js';
import { openEngine as openDialectEngine, type Engine } from '../engine/engine.js';
import { loadContextOf, type CommonContext } from './common-context.js';

/**
 * The engine for a CLI command, from the resolved common options. Authoring commands (`dry-run`,
 * `test`) pass `strictPayload` and refuse a payload the schema rejects; `run`, the runtime entry,
 * tolerates it with warnings (SPEC 4.1).
 */
export async function openEngine(
  common: CommonContext,
  options: {
    bypassTrust?: boolean;
    strictPayload?: boolean;
    rewriteOrder?: 'completion' | 'configured' | undefined;
    /** `assume` takes the project as trusted (codex project trust), for `test`. */
    workspaceTrust?: 'check' | 'assume';
    /** Load through the compiled-config cache (`run`: one process per event). */
    configCache?: boolean;
    /** The only events this engine dispatches (`run`: one), whose handlers alone are prepared. */
    events?: readonly string[];
    /** Hooks and config loading see this environment instead of hookctl's own (`test --agent`'s view). */
    env?: Readonly<Record<string, string | undefined>>;
  } = {},
): Promise<Engine> {
  return openDialectEngine(await loadDialect(common.dialectId), {
    ...loadContextOf(common),
    ...(options.env ? { env: options.env } : {}),
    bypassTrust: options.bypassTrust === true,
    strictPayload: options.strictPayload === true,
    ...(options.rewriteOrder ? { rewriteOrder: options.rewriteOrder } : {}),
    ...(options.workspaceTrust ? { workspaceTrust: options.workspaceTrust } : {}),
    ...(options.configCache ? cacheDirOption() : {}),
    ...(options.events ? { events: options.events } : {}),
  });
}

/** The private cache directory, when there is a safe one; without it `run` only loads slower. */
function cacheDirOption(): { configCacheDir?: string } {
  const dir = configCacheDirectory();
  return dir === null ? {} : { configCacheDir: dir };
}
