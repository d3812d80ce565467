import type { HandlerRecord } from '../kit/handler-record.js';
import { AmbiguousHookIdError, TrustRefusedError, UnknownHookError, UsageError } from '../errors.js';
import type { Finding } from '../kit/finding.js';
import { didYouMean } from '../util/did-you-mean.js';
import type { TrustAuthority, TrustContext, TrustUnit } from '../kit/trust-authority.js';

/**
 * The hooks named by these ids; an unknown id is an error, and so is an ambiguous one (SPEC 6.1.1).
 * When hooks declare the same id, the first in layer order keeps it and the others are loaded as
 * `id#2`, `id#3`… (unique-ids.ts) — but a person who types `trust audit` may mean any of them: the
 * plugin hook they know as `audit` may be the one a cloned repository's `"id": "audit"` pushed to
 * `audit#2`. So a bare id that others were renamed from is refused with every candidate listed,
 * and `audit#1` names the one that kept the bare id.
 */
function selectHooks(handlers: readonly HandlerRecord[], ids: readonly string[]): HandlerRecord[] {
  const selected = new Set<HandlerRecord>();
  for (const id of ids) {
    const firstOfSeveral = /^(.+)#1$/.exec(id)?.[1];
    const base = firstOfSeveral !== undefined && renamedFrom(handlers, firstOfSeveral).length > 0 ? firstOfSeveral : id;
    const exact = handlers.filter((handler) => handler.id === base);
    if (exact.length === 0) {
      for (const handler of byShortName(handlers, id)) selected.add(handler);
      continue;
    }
    const others = base === id ? renamedFrom(handlers, id) : [];
    if (others.length > 0)
      throw new AmbiguousHookIdError(
        id,
        [...exact, ...others].map((handler, index) => candidate(handler, index === 0 ? `${id}#1` : handler.id)),
      );
    for (const handler of exact) selected.add(handler);
  }
  return handlers.filter((handler) => selected.has(handler));
}

/**
 * A name that is not an id (docs/trust.md): an event name (every hook of that event), the hook's
 * 1-based index in `hookctl list` order, or a prefix that starts exactly one id. Several ids with
 * the prefix are refused with each listed; anything else is unknown, with the nearest id suggested.
 */
function byShortName(handlers: readonly HandlerRecord[], name: string): HandlerRecord[] {
  const ofEvent = handlers.filter((handler) => handler.event === name);
  if (ofEvent.length > 0) return ofEvent;
  if (/^[1-9]\d{0,8}$/.test(name) && Number(name) <= handlers.length) return [handlers[Number(name) - 1]!];
  const prefixed = handlers.filter((handler) => name !== '' && handler.id.startsWith(name));
  const ids = [...new Set(prefixed.map((handler) => handler.id))];
  if (ids.length === 1) return prefixed;
  if (ids.length > 1)
    throw new AmbiguousHookIdError(
      name,
      prefixed.map((handler) => candidate(handler, handler.id)),
      'prefix',
    );
  throw new UnknownHookError(name, nearestName(handlers, name));
}

/**
 * What a person probably meant by an unknown name: an event written another way (`post_tool_use`,
 * `pretooluse`: Codex's trust keys spell events in snake case), else the id or event nearest by edit
 * distance.
 */
function nearestName(handlers: readonly HandlerRecord[], name: string): string | null {
  const events = [...new Set(handlers.map((handler) => handler.event))];
  const folded = foldName(name);
  const sameEvent = events.find((event) => foldName(event) === folded);
  if (sameEvent !== undefined) return sameEvent;
  return didYouMean(name, [...new Set(handlers.map((handler) => handler.id)), ...events]);
}

/** A name without case, `_`, `-` or spaces: `post_tool_use` and `PostToolUse` fold alike. */
function foldName(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/** Hooks loaded as `id#2`, `id#3`…: they declared `id` too, after the hook that kept it. */
function renamedFrom(handlers: readonly HandlerRecord[], id: string): HandlerRecord[] {
  return handlers.filter((handler) => handler.declaredId === id);
}

function candidate(handler: HandlerRecord, name: string): { name: string; where: string } {
  const layer = `${handler.source} layer${handler.plugin === null ? '' : ` (${handler.plugin})`}`;
  const location = handler.file === null ? '' : `, ${handler.file}${handler.line === null ? '' : `:${handler.line}`}`;
  return { name, where: `${layer}${location}` };
}

export interface TrustRequest {
  /** Hook ids to trust; none means every hook. */
  ids: readonly string[];
  /**
   * Asks a person about one pending decision; absent means trust without asking (`--yes`).
   * It may throw to refuse reviewing at all (no terminal).
   */
  confirm?: (unit: TrustUnit) => Promise<boolean>;
  /** The load's findings: a file with errors that would be fatal once it runs is never trusted. */
  findings?: readonly Finding[];
}

export interface TrustReport {
  trusted: TrustUnit[];
  declined: TrustUnit[];
  alreadyTrusted: TrustUnit[];
  /** Selected managed hooks: they need no trust. */
  managed: HandlerRecord[];
}

/** Reviews the untrusted and modified hooks among the selected ones and records the accepted ones. */
export async function trustHooks(
  authority: TrustAuthority,
  handlers: readonly HandlerRecord[],
  context: TrustContext,
  request: TrustRequest,
): Promise<TrustReport> {
  const selected = request.ids.length === 0 ? [...handlers] : selectHooks(handlers, request.ids);
  const units = await authority.units(selected, handlers, context);
  const report: TrustReport = {
    trusted: [],
    declined: [],
    alreadyTrusted: units.filter((unit) => unit.status === 'trusted'),
    managed: selected.filter((handler) => handler.source === 'managed'),
  };
  refuseFatalOnceRun(units, request.findings ?? []);
  for (const unit of units) {
    if (unit.status !== 'untrusted' && unit.status !== 'modified') continue;
    const accepted = request.confirm === undefined || (await request.confirm(unit));
    (accepted ? report.trusted : report.declined).push(unit);
  }
  if (report.trusted.length > 0) await authority.trust(report.trusted, context);
  return report;
}

/** Throws before anything is asked or recorded when a pending unit's file would stop loading once trusted. */
function refuseFatalOnceRun(units: readonly TrustUnit[], findings: readonly Finding[]): void {
  for (const unit of units) {
    if (unit.status !== 'untrusted' && unit.status !== 'modified') continue;
    for (const file of new Set(unit.handlers.map((handler) => handler.file))) {
      const blocking = findings.filter((finding) => finding.fatalIfRun && finding.file === file);
      if (blocking.length > 0) throw new TrustRefusedError(file!, blocking);
    }
  }
}

/** Forgets the trust of the named hooks (`all`: of every hook); returns the decisions revoked. */
export async function untrustHooks(
  authority: TrustAuthority,
  handlers: readonly HandlerRecord[],
  context: TrustContext,
  request: { ids: readonly string[]; all: boolean },
): Promise<TrustUnit[]> {
  if (request.ids.length === 0 && !request.all) throw new UsageError('name the hooks to untrust, or pass --all');
  const selected = request.all ? [...handlers] : selectHooks(handlers, request.ids);
  const revoked = (await authority.units(selected, handlers, context)).filter((unit) => unit.status !== 'untrusted');
  if (revoked.length > 0) await authority.untrust(revoked, context);
  return revoked;
}

/** Enables or disables the hook with this id; returns every hook that changed with it. */
export async function setHooksEnabled(
  authority: TrustAuthority,
  handlers: readonly HandlerRecord[],
  context: TrustContext,
  id: string,
  enabled: boolean,
): Promise<HandlerRecord[]> {
  return authority.setEnabled(selectHooks(handlers, [id]), handlers, enabled, context);
}
