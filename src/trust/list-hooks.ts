import { formatFinding } from '../kit/finding.js';
import type { Dialect, HandlerRecord, HandlerTrust, HookListing, ListedHook, ListedHookDetail, LoadContext } from '../kit/index.js';
import { scriptCoverage } from './project-scripts.js';
import { standingSkipReason } from './skip-reason.js';

const MANAGED_ONLY_WARNING = 'allow_managed_hooks_only is set: only managed hooks run; the others are listed but never run';

/** Loads every layer, decides trust, and describes each hook in layer order. */
export async function listHooks(dialect: Dialect, context: LoadContext): Promise<{ listing: HookListing; details: ListedHookDetail[] }> {
  const config = await dialect.loadConfig(context);
  const loadErrors = config.findings.filter((finding) => finding.fatal);
  const warnings = config.findings.filter((finding) => !finding.fatal).map(formatFinding);
  if (config.managedOnly) warnings.push(MANAGED_ONLY_WARNING);
  const builtins = config.enabled && dialect.builtinHooks ? (await dialect.builtinHooks(context)).map((hook) => hook.name) : [];
  const listing: HookListing = {
    dialect: dialect.id,
    enabled: config.enabled,
    switchedOff: config.switchedOff,
    hooks: [],
    loadErrors,
    warnings,
    builtins,
    // Absent unless a layer sets one: listings of projects that set none keep their shape.
    ...(config.settings?.length ? { settings: config.settings } : {}),
  };
  // A configuration that does not load runs nothing, so no hook of it is listed as if it would.
  if (loadErrors.length > 0) return { listing, details: [] };
  // Hooks that are only listed (never dispatched) come after every hook that can run.
  const handlers = [...config.handlers, ...(config.listedOnly ?? [])];
  const trust = await dialect.trust.evaluate(handlers, { ...context, projectDir: context.cwd });
  const details = handlers.map((handler, index) => ({
    hook: listedHook(handler, trust[index]!, config.managedOnly, context.cwd, index >= config.handlers.length),
    detail: trust[index]!.detail,
  }));
  listing.hooks = details.map((entry) => entry.hook);
  return { listing, details };
}

function listedHook(
  handler: HandlerRecord,
  trust: HandlerTrust,
  managedOnly: boolean,
  projectDir: string,
  listedOnly: boolean,
): ListedHook {
  return {
    id: handler.id,
    source: handler.source,
    file: handler.file,
    line: handler.line,
    event: handler.event,
    matcher: handler.matcher.source,
    command: handler.command,
    handlerType: handler.type,
    condition: handler.condition?.source ?? null,
    ...(handler.workingDir === undefined ? {} : { workingDir: handler.workingDir }),
    mode: handler.async ? 'async' : 'sync',
    timeoutMs: handler.timeoutMs,
    trust: trust.status,
    enabled: trust.enabled,
    // Without a bypass: `list` shows what runs by default.
    skipReason: standingSkipReason(handler, trust, managedOnly, false),
    skipDetail: handler.unrunnable?.error ?? null,
    listedOnly,
    hash: trust.hash,
    scripts: handler.source === 'project' ? scriptCoverage(handler.command, projectDir) : null,
  };
}
