import type { HandlerRecord } from '../../config/handler-record.js';
import { UsageError } from '../../errors.js';
import type { TrustAuthority, TrustContext, TrustUnit } from '../../trust/authority.js';
import { changedFields, describeChange } from '../../trust/describe-change.js';
import { describeHook } from '../../trust/describe-hook.js';
import { definitionHash, hookDefinition } from '../../trust/hash.js';
import { projectScriptHashes, scriptChange, type ScriptHashes } from '../../trust/project-scripts.js';
import {
  fileTrust,
  pruneEmptyFiles,
  readHookTrustStore,
  updateHookTrustStore,
  type HookTrustStore,
  type TrustedHook,
} from '../../trust/store.js';
import type { HandlerTrust } from '../dialect.js';

/**
 * openinterpreter trust (SPEC 2.7): every non-managed hook is trusted by its exact definition hash,
 * recorded per declaring file in `~/.openinterpreter/trusted-hooks.json`. Project hooks also record
 * the project scripts their command runs (script-aware trust).
 */
interface Assessment {
  handler: HandlerRecord;
  trust: HandlerTrust;
  scripts: ScriptHashes;
  /** The trusted entry this hook is a changed version of (status `modified`). */
  previous: { hash: string; entry: TrustedHook } | null;
}

/** Stable position of a hook in its file for recognising an edit: its explicit id, else where it sits. */
function trustKey(handler: HandlerRecord): string {
  return handler.explicitId ? `id:${handler.id}` : `position:${handler.event}:${handler.position.group}:${handler.position.handler}`;
}

async function assess(handlers: readonly HandlerRecord[], context: TrustContext): Promise<Assessment[]> {
  const store = await readHookTrustStore(context.home);
  const hashes = handlers.map(definitionHash);
  const hashesByFile = new Map<string | null, Set<string>>();
  handlers.forEach((handler, index) => {
    const set = hashesByFile.get(handler.file) ?? new Set<string>();
    set.add(hashes[index]!);
    hashesByFile.set(handler.file, set);
  });
  return Promise.all(
    handlers.map(async (handler, index) => {
      const hash = hashes[index]!;
      if (handler.source === 'managed') {
        return { handler, trust: { status: 'managed', enabled: true, hash, detail: null }, scripts: {}, previous: null };
      }
      const recorded = handler.file === null ? undefined : fileTrust(store, handler.file);
      const enabled = recorded?.disabled[handler.id] === undefined;
      const scripts = handler.source === 'project' ? await projectScriptHashes([handler.command], context.projectDir) : {};
      const entry = recorded?.trusted[hash];
      if (entry) {
        const detail = scriptChange(entry.scripts, scripts, context.projectDir);
        const status = detail === null ? 'trusted' : 'modified';
        return { handler, trust: { status, enabled, hash, detail }, scripts, previous: detail === null ? null : { hash, entry } };
      }
      const previous = previousVersion(recorded?.trusted ?? {}, trustKey(handler), hashesByFile.get(handler.file)!);
      if (previous === null) return { handler, trust: { status: 'untrusted', enabled, hash, detail: null }, scripts, previous };
      const detail = `changed since trusted: ${changedFields(previous.entry.definition, hookDefinition(handler)).join(', ')}`;
      return { handler, trust: { status: 'modified', enabled, hash, detail }, scripts, previous };
    }),
  );
}

/**
 * The trusted entry at the same id/position whose definition no hook of the file has any more:
 * the hook as it was before the edit. An entry still matching some hook (after a reorder) is not it.
 */
function previousVersion(
  trusted: Record<string, TrustedHook>,
  key: string,
  currentHashes: ReadonlySet<string>,
): { hash: string; entry: TrustedHook } | null {
  for (const [hash, entry] of Object.entries(trusted)) {
    if (entry.key === key && !currentHashes.has(hash)) return { hash, entry };
  }
  return null;
}

function unitOf(assessment: Assessment): TrustUnit {
  const { handler, trust, scripts, previous } = assessment;
  const review = [...describeHook(handler), `hash:     ${trust.hash}`];
  if (trust.status === 'modified' && previous !== null) {
    review.push('changed since it was trusted:');
    const fieldChanges = describeChange(previous.entry.definition, hookDefinition(handler));
    for (const line of fieldChanges) review.push(`  ${line}`);
    if (fieldChanges.length === 0 && trust.detail !== null) review.push(`  ${trust.detail}`);
  }
  const replaces = previous !== null && previous.hash !== trust.hash ? previous.hash : null;
  return { label: `hook ${handler.id}`, status: trust.status, handlers: [handler], hash: trust.hash!, replaces, scripts, review };
}

function refuseManaged(handlers: readonly HandlerRecord[], action: string): void {
  const managed = handlers.find((handler) => handler.source === 'managed');
  if (managed) throw new UsageError(`hook ${managed.id} is managed (${managed.file ?? 'managed requirements'}); managed hooks always run and cannot be ${action}`);
}

export const trust: TrustAuthority = {
  async evaluate(handlers, context) {
    return (await assess(handlers, context)).map((assessment) => assessment.trust);
  },

  async units(selected, all, context) {
    const wanted = new Set(selected);
    const assessments = await assess(all, context);
    return assessments.filter((a) => wanted.has(a.handler) && a.handler.source !== 'managed').map(unitOf);
  },

  async trust(units, context) {
    const trustedAt = new Date().toISOString();
    await updateHookTrustStore(context.home, (store) => {
      for (const unit of units) {
        const handler = unit.handlers[0]!;
        const recorded = fileTrust(store, handler.file!, true);
        // The earlier version of an edited hook is replaced, not kept trusted beside it.
        if (unit.replaces !== null) delete recorded.trusted[unit.replaces];
        recorded.trusted[unit.hash] = {
          key: trustKey(handler),
          id: handler.id,
          definition: hookDefinition(handler),
          scripts: unit.scripts,
          trustedAt,
        };
      }
    });
  },

  async untrust(units, context) {
    await updateHookTrustStore(context.home, (store) => {
      for (const unit of units) {
        const recorded = fileTrust(store, unit.handlers[0]!.file!);
        if (!recorded) continue;
        delete recorded.trusted[unit.hash];
        if (unit.replaces !== null) delete recorded.trusted[unit.replaces];
      }
      pruneEmptyFiles(store);
    });
  },

  async setEnabled(handlers, enabled, context) {
    refuseManaged(handlers, enabled ? 'enabled or disabled' : 'disabled');
    const disabledAt = new Date().toISOString();
    await updateHookTrustStore(context.home, (store: HookTrustStore) => {
      for (const handler of handlers) {
        if (handler.file === null) continue;
        const recorded = fileTrust(store, handler.file, true);
        if (enabled) delete recorded.disabled[handler.id];
        else recorded.disabled[handler.id] = { disabledAt };
      }
      pruneEmptyFiles(store);
    });
  },
};
