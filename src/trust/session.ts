import type { HandlerRecord } from '../config/handler-record.js';
import type { Dialect, LoadContext, LoadedConfig } from '../dialects/dialect.js';
import { loadDialect, type DialectId } from '../dialects/registry.js';
import { ConfigLoadError } from '../errors.js';
import type { TrustAuthority, TrustContext } from './authority.js';

/** Everything a trust command works on: the dialect, its loaded hooks and its trust authority. */
export interface TrustSession {
  dialect: Dialect;
  authority: TrustAuthority;
  config: LoadedConfig;
  handlers: HandlerRecord[];
  context: TrustContext;
}

/** Loads the dialect's config layers the way the engine does, for listing and recording trust. */
export async function openTrustSession(dialectId: DialectId, loadContext: LoadContext): Promise<TrustSession> {
  const dialect = await loadDialect(dialectId);
  const authority = dialect.trust;
  // The engine resolves project scripts from the cwd too, so trust records what will run.
  const context: TrustContext = { ...loadContext, projectDir: loadContext.cwd };
  const config = await dialect.loadConfig(context);
  // Trust is recorded for what runs; a configuration that does not load runs nothing (SPEC 3.2).
  const fatal = config.findings.filter((finding) => finding.fatal);
  if (fatal.length > 0) throw new ConfigLoadError(fatal);
  return { dialect, authority, config, handlers: config.handlers, context };
}

