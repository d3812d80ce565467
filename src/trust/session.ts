import type { HandlerRecord } from '../kit/handler-record.js';
import type { Dialect, LoadContext, LoadedConfig } from '../kit/index.js';
import { ConfigLoadError } from '../errors.js';
import type { TrustAuthority, TrustContext } from '../kit/trust-authority.js';

/** Everything a trust command works on: the dialect, its loaded hooks and its trust authority. */
export interface TrustSession {
  dialect: Dialect;
  authority: TrustAuthority;
  config: LoadedConfig;
  handlers: HandlerRecord[];
  context: TrustContext;
}

/** Loads the dialect's config layers the way the engine does, for listing and recording trust. */
export async function openTrustSession(dialect: Dialect, loadContext: LoadContext): Promise<TrustSession> {
  const authority = dialect.trust;
  // The engine resolves project scripts from the cwd too, so trust records what will run.
  const context: TrustContext = { ...loadContext, projectDir: loadContext.cwd };
  const config = await dialect.loadConfig(context);
  // Trust is recorded for what runs; a configuration that does not load runs nothing (SPEC 3.2).
  const fatal = config.findings.filter((finding) => finding.fatal);
  if (fatal.length > 0) throw new ConfigLoadError(fatal);
  return { dialect, authority, config, handlers: config.handlers, context };
}
