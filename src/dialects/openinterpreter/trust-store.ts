import { join } from 'node:path';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { HookDefinition } from '../codex/definition.js';
import { readJsonDocument, updateJsonDocument, type JsonDocument } from '../../trust/locked-json-file.js';

/**
 * The openinterpreter trust store, `~/.openinterpreter/trusted-hooks.json` (docs/trust.md):
 *
 * ```json
 * { "version": 2,
 *   "files": { "<absolute config path>": {
 *     "trusted":  { "<definition hash>": { "keys": ["id:guard"], "id": "guard", "definition": {…},
 *                   "scripts": { "<absolute script path>": "sha256:…" | null }, "trustedAt": "…" } },
 *     "disabled": { "<definition hash>": { "id": "audit", "explicitId": true, "disabledAt": "…" } } } } }
 * ```
 * Trust and disables are keyed by file and definition hash, so reordering entries in a file keeps
 * them with their hooks; `keys` (explicit id, else position, of each hook trusted with this
 * definition) only serve to recognise an edited hook as `modified`. Version 1 keyed disables by
 * hook id, which for hooks without an explicit id is their position.
 */
export interface HookTrustStore {
  version: typeof HOOK_TRUST_STORE_VERSION;
  files: Record<string, FileTrust>;
}

export interface FileTrust {
  trusted: Record<string, TrustedHook>;
  /** Disabled hooks by definition hash. */
  disabled: Record<string, DisabledHook>;
}

export interface DisabledHook {
  /** The hook's id when it was disabled. */
  id: string;
  /** True when `id` was written in the config: the disable then stays with that id through edits. */
  explicitId: boolean;
  disabledAt: string;
}

export interface TrustedHook {
  /**
   * Where hooks with this definition were trusted: `id:<id>` for an explicit id, else
   * `position:<event>:<group>:<handler>`. Identical definitions in one file share the entry.
   */
  keys: string[];
  /** The id of the hook last trusted with this definition. */
  id: string;
  /** The trusted definition, kept so a review can show what changed. */
  definition: HookDefinition;
  /** Project scripts the command runs, with their content hash (null: absent when trusted). */
  scripts: Record<string, string | null>;
  trustedAt: string;
}

const HOOK_TRUST_STORE_VERSION = 2;

export function hookTrustStorePath(home: string): string {
  return join(home, '.openinterpreter', 'trusted-hooks.json');
}

function hookTrustDocument(home: string): JsonDocument<HookTrustStore> {
  return {
    path: hookTrustStorePath(home),
    empty: () => ({ version: HOOK_TRUST_STORE_VERSION, files: {} }),
    validate: validateHookTrustStore,
  };
}

export function readHookTrustStore(home: string): Promise<HookTrustStore> {
  return readJsonDocument(hookTrustDocument(home));
}

/** Applies `change` to the store under its lock and writes it back atomically. */
export function updateHookTrustStore(home: string, change: (store: HookTrustStore) => void): Promise<HookTrustStore> {
  return updateJsonDocument(hookTrustDocument(home), change);
}

/** The entry for `file`, created empty when `create` is set. */
export function fileTrust(store: HookTrustStore, file: string): FileTrust | undefined;
export function fileTrust(store: HookTrustStore, file: string, create: true): FileTrust;
export function fileTrust(store: HookTrustStore, file: string, create = false): FileTrust | undefined {
  const existing = store.files[file];
  if (existing || !create) return existing;
  const created: FileTrust = { trusted: {}, disabled: {} };
  store.files[file] = created;
  return created;
}

/** Drops files with nothing recorded so untrusting everything leaves a tidy store. */
export function pruneEmptyFiles(store: HookTrustStore): void {
  for (const [file, entry] of Object.entries(store.files)) {
    if (Object.keys(entry.trusted).length === 0 && Object.keys(entry.disabled).length === 0) delete store.files[file];
  }
}

type Checked = { ok: true; value: HookTrustStore } | { ok: false; reason: string };

function validateHookTrustStore(value: unknown): Checked {
  if (!isPlainObject(value)) return { ok: false, reason: 'the top level is not an object' };
  if (value.version !== HOOK_TRUST_STORE_VERSION) {
    return {
      ok: false,
      reason: `unsupported "version" ${JSON.stringify(value.version)} (this hookctl reads version ${HOOK_TRUST_STORE_VERSION})`,
    };
  }
  if (!isPlainObject(value.files)) return { ok: false, reason: '"files" is not an object' };
  for (const [file, entry] of Object.entries(value.files)) {
    const where = `files[${JSON.stringify(file)}]`;
    if (!isPlainObject(entry) || !isPlainObject(entry.trusted) || !isPlainObject(entry.disabled)) {
      return { ok: false, reason: `${where} must hold "trusted" and "disabled" objects` };
    }
    for (const [hash, trusted] of Object.entries(entry.trusted)) {
      const problem = trustedHookProblem(trusted);
      if (problem) return { ok: false, reason: `${where}.trusted[${JSON.stringify(hash)}] ${problem}` };
    }
    for (const [hash, disabled] of Object.entries(entry.disabled)) {
      const problem = disabledHookProblem(disabled);
      if (problem) return { ok: false, reason: `${where}.disabled[${JSON.stringify(hash)}] ${problem}` };
    }
  }
  return { ok: true, value: value as unknown as HookTrustStore };
}

function trustedHookProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'is not an object';
  for (const field of ['id', 'trustedAt'] as const) {
    if (typeof value[field] !== 'string') return `has no "${field}" string`;
  }
  if (!Array.isArray(value.keys) || !value.keys.every((key) => typeof key === 'string')) return 'has no "keys" list of strings';
  if (!isPlainObject(value.definition)) return 'has no "definition" object';
  if (!isPlainObject(value.scripts) || Object.values(value.scripts).some((hash) => hash !== null && typeof hash !== 'string')) {
    return 'has no "scripts" object of hashes';
  }
  return null;
}

function disabledHookProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'is not an object';
  for (const field of ['id', 'disabledAt'] as const) {
    if (typeof value[field] !== 'string') return `has no "${field}" string`;
  }
  if (typeof value.explicitId !== 'boolean') return 'has no "explicitId" boolean';
  return null;
}
