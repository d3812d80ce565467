import type { HandlerRecord, HandlerSource, TrustStatus } from '../config/handler-record.js';
import type { Dialect, HandlerTrust, LoadContext } from '../dialects/dialect.js';
import { formatFinding } from '../lint/finding.js';

/** What `hookctl list --json` prints. */
export interface HookListing {
  dialect: string;
  /** False when `[features] hooks = false` turned hooks off. */
  enabled: boolean;
  hooks: ListedHook[];
  warnings: string[];
}

export interface ListedHook {
  id: string;
  source: HandlerSource;
  file: string | null;
  line: number | null;
  event: string;
  matcher: string | null;
  command: string;
  mode: 'sync' | 'async';
  timeoutMs: number;
  trust: TrustStatus;
  enabled: boolean;
  /** Definition hash (openinterpreter) or project file fingerprint (octo); null when none applies. */
  hash: string | null;
}

/** A listed hook together with why it is `modified`, for the text listing. */
export interface ListedHookDetail {
  hook: ListedHook;
  detail: string | null;
}

/** Loads every layer, decides trust, and describes each hook in layer order. */
export async function listHooks(dialect: Dialect, context: LoadContext): Promise<{ listing: HookListing; details: ListedHookDetail[] }> {
  const config = await dialect.loadConfig(context);
  const trust = await dialect.trust.evaluate(config.handlers, { ...context, projectDir: context.cwd });
  const details = config.handlers.map((handler, index) => ({
    hook: listedHook(handler, trust[index]!),
    detail: trust[index]!.detail,
  }));
  const warnings = config.findings.filter((finding) => finding.severity !== 'info').map(formatFinding);
  if (config.managedOnly) warnings.push('allow_managed_hooks_only is set: only managed hooks run; the others are listed but never run');
  return {
    listing: { dialect: dialect.id, enabled: config.enabled, hooks: details.map((entry) => entry.hook), warnings },
    details,
  };
}

function listedHook(handler: HandlerRecord, trust: HandlerTrust): ListedHook {
  return {
    id: handler.id,
    source: handler.source,
    file: handler.file,
    line: handler.line,
    event: handler.event,
    matcher: handler.matcher.source,
    command: handler.command,
    mode: handler.async ? 'async' : 'sync',
    timeoutMs: handler.timeoutMs,
    trust: trust.status,
    enabled: trust.enabled,
    hash: trust.hash,
  };
}
