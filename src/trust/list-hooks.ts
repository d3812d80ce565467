import type { SwitchedOff } from '../config/features-switch.js';
import type { HandlerRecord, HandlerSource, TrustStatus } from '../config/handler-record.js';
import type { Dialect, HandlerTrust, LoadContext } from '../dialects/dialect.js';
import { formatFinding, type Finding } from '../lint/finding.js';
import { standingSkipReason, type StandingSkipReason } from './skip-reason.js';

/** What `hookctl list --json` prints. */
export interface HookListing {
  dialect: string;
  /** False when `[features] hooks = false` switches leave no hook to run. */
  enabled: boolean;
  /** Which hooks a `[features] hooks = false` switch turned off (`all` or `non-managed`), and where; else null. */
  switchedOff: SwitchedOff | null;
  hooks: ListedHook[];
  /**
   * Hard load errors (octo, SPEC 3.2). When there are any the configuration does not load, nothing
   * runs, and `hooks` is empty.
   */
  loadErrors: Finding[];
  /** Every other finding of the load (including why hooks are disabled), and the managed-only notice. */
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
  /** Why the hook never runs as configured now (the engine's `skipReason`), else null. */
  skipReason: StandingSkipReason;
  /** Definition hash (openinterpreter) or project file fingerprint (octo); null when none applies. */
  hash: string | null;
}

/** A listed hook together with why it is `modified`, for the text listing. */
export interface ListedHookDetail {
  hook: ListedHook;
  detail: string | null;
}

const MANAGED_ONLY_WARNING = 'allow_managed_hooks_only is set: only managed hooks run; the others are listed but never run';

/** Loads every layer, decides trust, and describes each hook in layer order. */
export async function listHooks(dialect: Dialect, context: LoadContext): Promise<{ listing: HookListing; details: ListedHookDetail[] }> {
  const config = await dialect.loadConfig(context);
  const loadErrors = config.findings.filter((finding) => finding.fatal);
  const warnings = config.findings.filter((finding) => !finding.fatal).map(formatFinding);
  if (config.managedOnly) warnings.push(MANAGED_ONLY_WARNING);
  const listing: HookListing = { dialect: dialect.id, enabled: config.enabled, switchedOff: config.switchedOff, hooks: [], loadErrors, warnings };
  // A configuration that does not load runs nothing, so no hook of it is listed as if it would.
  if (loadErrors.length > 0) return { listing, details: [] };
  const trust = await dialect.trust.evaluate(config.handlers, { ...context, projectDir: context.cwd });
  const details = config.handlers.map((handler, index) => ({
    hook: listedHook(handler, trust[index]!, config.managedOnly),
    detail: trust[index]!.detail,
  }));
  listing.hooks = details.map((entry) => entry.hook);
  return { listing, details };
}

function listedHook(handler: HandlerRecord, trust: HandlerTrust, managedOnly: boolean): ListedHook {
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
    // Without a bypass: `list` shows what runs by default.
    skipReason: standingSkipReason(handler.source, trust, managedOnly, false),
    hash: trust.hash,
  };
}
