import type { HandlerRecord } from '../../kit/handler-record.js';
import { UsageError } from '../../errors.js';
import type { TrustAuthority, TrustContext, TrustUnit } from '../../kit/trust-authority.js';
import { changedFields, describeChange } from './describe-change.js';
import { describeHook } from '../../trust/describe-hook.js';
import { definitionHash, hookDefinition } from '../codex/definition.js';
import {
  mergeScriptHashes,
  projectScriptHashes,
  projectScriptWatchPaths,
  scriptChange,
  scriptCoverage,
  type ScriptHashes,
} from '../../trust/project-scripts.js';
import {
  fileTrust,
  hookTrustStorePath,
  pruneEmptyFiles,
  readHookTrustStore,
  updateHookTrustStore,
  type DisabledHook,
  type TrustedHook,
} from './trust-store.js';
import type { HandlerTrust } from '../../kit/index.js';

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

/** Per file: the definitions it declares now (by hash), and the keys each sits at. */
function definitionsByFile(handlers: readonly HandlerRecord[], hashes: readonly string[]): Map<string | null, Map<string, string[]>> {
  const byFile = new Map<string | null, Map<string, string[]>>();
  handlers.forEach((handler, index) => {
    const byHash = byFile.get(handler.file) ?? new Map<string, string[]>();
    byHash.set(hashes[index]!, [...(byHash.get(hashes[index]!) ?? []), trustKey(handler)]);
    byFile.set(handler.file, byHash);
  });
  return byFile;
}

/**
 * The key of the disable that applies to this hook, else null. A disable is recorded by definition
 * hash, so it stays with the hook when entries are reordered. A hook with an explicit id that was
 * edited while disabled stays disabled under that id — unless the disabled definition is still in
 * the file, which makes it that hook's disable (ids can follow the order, as `#2` suffixes do).
 */
function disableKey(
  disabled: Readonly<Record<string, DisabledHook>>,
  handler: HandlerRecord,
  hash: string,
  current: ReadonlyMap<string, readonly string[]>,
): string | null {
  if (disabled[hash]) return hash;
  if (!handler.explicitId) return null;
  const edited = Object.entries(disabled).find(([key, entry]) => entry.explicitId && entry.id === handler.id && !current.has(key));
  return edited?.[0] ?? null;
}

async function assess(handlers: readonly HandlerRecord[], context: TrustContext): Promise<Assessment[]> {
  const store = await readHookTrustStore(context.home);
  const hashes = handlers.map(definitionHash);
  const keysByFile = definitionsByFile(handlers, hashes);
  return Promise.all(
    handlers.map(async (handler, index) => {
      const hash = hashes[index]!;
      if (handler.source === 'managed') {
        return { handler, trust: { status: 'managed', enabled: true, hash, detail: null }, scripts: {}, previous: null };
      }
      const recorded = handler.file === null ? undefined : fileTrust(store, handler.file);
      const enabled = recorded === undefined || disableKey(recorded.disabled, handler, hash, keysByFile.get(handler.file)!) === null;
      // Resolved where the hook runs: a dispatch in another cwd reaches other files (SPEC 6.1.2).
      const scripts =
        handler.source === 'project'
          ? await projectScriptHashes([handler.command], context.runDir ?? context.projectDir, context.projectDir)
          : {};
      const entry = recorded?.trusted[hash];
      if (entry) {
        const detail = scriptChange(entry.scripts, scripts, context.projectDir);
        const status = detail === null ? 'trusted' : 'modified';
        return { handler, trust: { status, enabled, hash, detail }, scripts, previous: detail === null ? null : { hash, entry } };
      }
      const previous = previousVersion(recorded?.trusted ?? {}, trustKey(handler), keysByFile.get(handler.file)!);
      if (previous === null) return { handler, trust: { status: 'untrusted', enabled, hash, detail: null }, scripts, previous };
      const detail = `changed since trusted: ${changedFields(previous.entry.definition, hookDefinition(handler)).join(', ')}`;
      return { handler, trust: { status: 'modified', enabled, hash, detail }, scripts, previous };
    }),
  );
}

/**
 * The trusted entry recorded at the same id/position: the hook as it was before the edit. An entry
 * whose definition now sits at a key it was not trusted at has moved there (a reorder), so it is
 * another hook's trust, not this hook's earlier version.
 */
function previousVersion(
  trusted: Record<string, TrustedHook>,
  key: string,
  currentKeys: ReadonlyMap<string, readonly string[]>,
): { hash: string; entry: TrustedHook } | null {
  for (const [hash, entry] of Object.entries(trusted)) {
    const moved = (currentKeys.get(hash) ?? []).some((current) => !entry.keys.includes(current));
    if (entry.keys.includes(key) && !moved) return { hash, entry };
  }
  return null;
}

/**
 * One decision per definition per file: identical hooks of a file are the same hook by identity,
 * so they are trusted together and the entry records the key of each.
 */
function unitOf(assessment: Assessment, twins: readonly HandlerRecord[], context: TrustContext): TrustUnit {
  const { handler, trust, scripts, previous } = assessment;
  const coverage =
    handler.source === 'project' ? scriptCoverage(handler.command, context.runDir ?? context.projectDir, context.projectDir) : undefined;
  const review = [...describeHook(handler, coverage), `hash:     ${trust.hash}`];
  if (twins.length > 1)
    review.push(
      `the same definition also appears as: ${twins
        .slice(1)
        .map((twin) => twin.id)
        .join(', ')}`,
    );
  if (trust.status === 'modified' && previous !== null) {
    review.push('changed since it was trusted:');
    const fieldChanges = describeChange(previous.entry.definition, hookDefinition(handler));
    for (const line of fieldChanges) review.push(`  ${line}`);
    if (fieldChanges.length === 0 && trust.detail !== null) review.push(`  ${trust.detail}`);
  }
  const replaces = previous !== null && previous.hash !== trust.hash ? previous.hash : null;
  return { label: `hook ${handler.id}`, status: trust.status, handlers: [...twins], hash: trust.hash!, replaces, scripts, review };
}

/** Removes one hook's key from a trusted entry, and the entry once no hook stands for it. */
function forgetKey(trusted: Record<string, TrustedHook>, hash: string, key: string): void {
  const entry = trusted[hash];
  if (!entry) return;
  entry.keys = entry.keys.filter((other) => other !== key);
  if (entry.keys.length === 0) delete trusted[hash];
}

function refuseManaged(handlers: readonly HandlerRecord[], action: string): void {
  const managed = handlers.find((handler) => handler.source === 'managed');
  if (managed)
    throw new UsageError(
      `hook ${managed.id} is managed (${managed.file ?? 'managed requirements'}); managed hooks always run and cannot be ${action}`,
    );
}

export const trust: TrustAuthority = {
  async evaluate(handlers, context) {
    return (await assess(handlers, context)).map((assessment) => assessment.trust);
  },

  async watchPaths(handlers, context) {
    // The same files evaluate() hashes, found the same way, so the two can not drift apart.
    const projectCommands = handlers.filter((handler) => handler.source === 'project').map((handler) => handler.command);
    return [
      hookTrustStorePath(context.home),
      ...(await projectScriptWatchPaths(projectCommands, context.runDir ?? context.projectDir, context.projectDir)),
    ];
  },

  async units(selected, all, context) {
    const wanted = new Set(selected);
    const assessments = await assess(all, context);
    const decided = new Set<string>();
    const units: TrustUnit[] = [];
    for (const assessment of assessments) {
      const { handler, trust: status } = assessment;
      const decision = `${handler.file}\0${status.hash}`;
      if (!wanted.has(handler) || handler.source === 'managed' || decided.has(decision)) continue;
      decided.add(decision);
      const twins = assessments
        .filter((other) => other.handler.file === handler.file && other.trust.hash === status.hash && other.handler !== handler)
        .map((other) => other.handler);
      units.push(unitOf(assessment, [handler, ...twins], context));
    }
    return units;
  },

  async trust(units, context) {
    const trustedAt = new Date().toISOString();
    await updateHookTrustStore(context.home, (store) => {
      for (const unit of units) {
        const handler = unit.handlers[0]!;
        const recorded = fileTrust(store, handler.file!, true);
        const keys = unit.handlers.map(trustKey);
        // The earlier version of an edited hook no longer stands for this hook.
        for (const key of keys) if (unit.replaces !== null) forgetKey(recorded.trusted, unit.replaces, key);
        const kept = recorded.trusted[unit.hash]?.keys.filter((other) => !keys.includes(other)) ?? [];
        recorded.trusted[unit.hash] = {
          keys: [...kept, ...keys],
          id: handler.id,
          definition: hookDefinition(handler),
          // Files recorded when the same definition was trusted from another run dir stay trusted there.
          scripts: mergeScriptHashes(recorded.trusted[unit.hash]?.scripts, unit.scripts),
          trustedAt,
        };
      }
    });
  },

  async untrust(units, context) {
    await updateHookTrustStore(context.home, (store) => {
      for (const unit of units) {
        const handler = unit.handlers[0]!;
        const recorded = fileTrust(store, handler.file!);
        if (!recorded) continue;
        // A definition is trusted or not: identical hooks of the file lose trust together.
        delete recorded.trusted[unit.hash];
        for (const twin of unit.handlers) if (unit.replaces !== null) forgetKey(recorded.trusted, unit.replaces, trustKey(twin));
      }
      pruneEmptyFiles(store);
    });
  },

  async setEnabled(selected, all, enabled, context) {
    refuseManaged(selected, enabled ? 'enabled or disabled' : 'disabled');
    const hashes = new Map(all.map((handler) => [handler, definitionHash(handler)]));
    const definitions = definitionsByFile(all, [...hashes.values()]);
    const disabledAt = new Date().toISOString();
    await updateHookTrustStore(context.home, (store) => {
      for (const handler of selected) {
        if (handler.file === null) continue;
        const recorded = fileTrust(store, handler.file, true);
        const hash = hashes.get(handler)!;
        const existing = disableKey(recorded.disabled, handler, hash, definitions.get(handler.file)!);
        if (existing !== null) delete recorded.disabled[existing];
        if (!enabled) recorded.disabled[hash] = { id: handler.id, explicitId: handler.explicitId, disabledAt };
      }
      pruneEmptyFiles(store);
    });
    const changed = new Set(selected.map((handler) => `${handler.file}\0${hashes.get(handler)}`));
    return all.filter((handler) => changed.has(`${handler.file}\0${hashes.get(handler)}`));
  },
};
