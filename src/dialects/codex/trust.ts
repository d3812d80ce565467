import { join } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import { editToml, TomlEditError, type TomlEdit } from '../../config/edit-toml.js';
import { readConfigFile } from '../../config/read-config-file.js';
import { ConfigWriteError, UsageError } from '../../errors.js';
import type { HandlerRecord } from '../../kit/handler-record.js';
import type { HandlerTrust, LoadContext, TrustAuthority, TrustContext, TrustUnit } from '../../kit/index.js';
import { sessionValues } from '../../kit/load-context.js';
import { describeHook } from '../../trust/describe-hook.js';
import { updateTextFile } from '../../trust/locked-text-file.js';
import { definitionHash } from './definition.js';
import { codexPaths } from './paths.js';
import { hookStates, trustedElsewhere, type HookState } from './trust-state.js';

/**
 * codex trust exactly as Codex keeps it (SPEC-dialects 9.8; codex-rs/hooks/src/engine/discovery.rs
 * `hook_trust_status`, config_rules.rs): each non-managed hook is trusted by the hash of its
 * normalised definition, recorded under its positional key in the user's config.toml as
 * `[hooks.state."<key>"] trusted_hash = "sha256:…"`; `enabled = false` there disables it. Managed
 * hooks are always enabled and need no trust. Because keys are positions, moving a hook moves its
 * trust: the hook shows `modified` or `untrusted` until it is trusted again.
 */
async function states(context: LoadContext): Promise<Map<string, HookState>> {
  const user = await userConfig(context);
  const overrides = sessionValues(context, 'config');
  const session = overrides.length === 0 ? null : (await import('./session-layer.js')).sessionLayer(overrides);
  return hookStates([user, session]);
}

function userConfigPath(context: LoadContext): string {
  return join(codexPaths(context).home, 'config.toml');
}

async function userConfig(context: LoadContext): Promise<ConfigFile | null> {
  const parsed = await readConfigFile(userConfigPath(context), 'toml', 'owned');
  return parsed === null ? null : { parsed, source: 'user', role: 'inline-config', layer: codexPaths(context).home, plugin: null };
}

function assess(handler: HandlerRecord, state: ReadonlyMap<string, HookState>): HandlerTrust {
  const hash = definitionHash(handler);
  if (handler.source === 'managed') return { status: 'managed', enabled: true, hash, detail: null };
  const recorded = state.get(handler.id);
  const enabled = recorded?.enabled !== false;
  const stored = recorded?.trustedHash;
  const moved = stored === hash ? null : trustedElsewhere(state, handler.id, hash);
  const detail =
    moved === null
      ? stored !== undefined && stored !== hash
        ? 'changed since it was trusted'
        : null
      : `trusted at ${moved}: Codex keys trust by position`;
  if (stored === undefined) return { status: 'untrusted', enabled, hash, detail };
  return { status: stored === hash ? 'trusted' : 'modified', enabled, hash, detail };
}

function unitOf(handler: HandlerRecord, trust: HandlerTrust): TrustUnit {
  const review = [...describeHook(handler), `key:      ${handler.id}`, `hash:     ${trust.hash}`];
  if (trust.status === 'modified')
    review.push('changed since it was trusted (Codex records only the hash, so the old definition is not known)');
  if (trust.detail?.startsWith('trusted at ')) review.push(`this definition was ${trust.detail}; trusting records it at this position`);
  return { label: `hook ${handler.id}`, status: trust.status, handlers: [handler], hash: trust.hash!, replaces: null, scripts: {}, review };
}

/** Applies `[hooks.state."<key>"]` edits to the user config.toml, leaving every other byte as it was. */
async function writeStates(context: TrustContext, edits: readonly TomlEdit[]): Promise<void> {
  if (edits.length === 0) return;
  const path = userConfigPath(context);
  await updateTextFile(path, (text) => {
    try {
      return editToml(text ?? '', edits);
    } catch (error) {
      if (error instanceof TomlEditError) throw new ConfigWriteError(path, error.message);
      throw error;
    }
  });
}

function stateEdit(key: string, field: 'trusted_hash' | 'enabled', value: string | boolean | undefined): TomlEdit {
  return { table: ['hooks', 'state', key], key: field, value };
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
    const state = await states(context);
    return handlers.map((handler) => assess(handler, state));
  },

  // Codex keeps hook trust in the user config.toml and hashes only the declarations, never scripts.
  async watchPaths(_handlers, context) {
    return [userConfigPath(context)];
  },

  async units(selected, _all, context) {
    const state = await states(context);
    return selected.filter((handler) => handler.source !== 'managed').map((handler) => unitOf(handler, assess(handler, state)));
  },

  async trust(units, context) {
    await writeStates(
      context,
      units.map((unit) => stateEdit(unit.handlers[0]!.id, 'trusted_hash', unit.hash)),
    );
  },

  async untrust(units, context) {
    await writeStates(
      context,
      units.map((unit) => stateEdit(unit.handlers[0]!.id, 'trusted_hash', undefined)),
    );
  },

  async setEnabled(selected, _all, enabled, context) {
    refuseManaged(selected, enabled ? 'enabled or disabled' : 'disabled');
    await writeStates(
      context,
      selected.map((handler) => stateEdit(handler.id, 'enabled', enabled)),
    );
    return [...selected];
  },

  async projectGate(handlers, context) {
    return (await import('./project-gate.js')).codexProjectGate(handlers, context);
  },

  async trustProject(gate) {
    await (await import('./project-gate.js')).trustCodexProject(gate);
  },
};
