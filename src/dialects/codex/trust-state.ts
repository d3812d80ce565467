import type { ConfigFile } from '../../config/config-file.js';
import { getEntry, type SourceNode } from '../../config/source-tree.js';

/** One `[hooks.state."<key>"]` entry (codex-rs/config/src/hook_config.rs HookStateToml). */
export interface HookState {
  enabled?: boolean;
  trustedHash?: string;
}

/**
 * The effective hook state (codex-rs/hooks/src/config_rules.rs `hook_states_from_stack`): read only
 * from the user config.toml and the `--config` session layer, later layers winning field by field.
 * Keys are trimmed and blank ones skipped; an entry whose `enabled` is not a boolean or whose
 * `trusted_hash` is not a string is ignored whole. Project, managed and plugin layers cannot set state.
 */
export function hookStates(files: readonly (ConfigFile | null)[]): Map<string, HookState> {
  const states = new Map<string, HookState>();
  for (const file of files) {
    if (file === null || (file.source !== 'user' && file.source !== 'session') || file.role !== 'inline-config') continue;
    for (const [key, state] of stateEntries(file.parsed.root)) {
      const merged = states.get(key) ?? {};
      if (state.enabled !== undefined) merged.enabled = state.enabled;
      if (state.trustedHash !== undefined) merged.trustedHash = state.trustedHash;
      states.set(key, merged);
    }
  }
  return states;
}

function stateEntries(root: SourceNode | null): [string, HookState][] {
  const hooks = root?.kind === 'object' ? getEntry(root, 'hooks')?.value : undefined;
  const table = hooks?.kind === 'object' ? getEntry(hooks, 'state')?.value : undefined;
  if (table?.kind !== 'object') return [];
  const entries: [string, HookState][] = [];
  for (const entry of table.entries) {
    const key = entry.key.trim();
    if (key === '' || entry.value.kind !== 'object') continue;
    const enabled = getEntry(entry.value, 'enabled')?.value;
    const trusted = getEntry(entry.value, 'trusted_hash')?.value;
    const enabledOk = enabled === undefined || (enabled.kind === 'scalar' && typeof enabled.value === 'boolean');
    const trustedOk = trusted === undefined || (trusted.kind === 'scalar' && typeof trusted.value === 'string');
    if (!enabledOk || !trustedOk) continue;
    const state: HookState = {};
    if (enabled?.kind === 'scalar') state.enabled = enabled.value as boolean;
    if (trusted?.kind === 'scalar') state.trustedHash = trusted.value as string;
    entries.push([key, state]);
  }
  return entries;
}

/** The key source of a hook key (everything before `:<event>:<group>:<handler>`). */
export function keySource(key: string): string {
  return key.replace(/:[a-z_]+:\d+:\d+$/, '');
}

/**
 * Where the same definition is trusted at another position of the same file: Codex keys trust by
 * position, so a hook moved within its file (or another hook put before it) loses its trust.
 */
export function trustedElsewhere(states: ReadonlyMap<string, HookState>, key: string, hash: string): string | null {
  const source = keySource(key);
  for (const [other, state] of states) {
    if (other !== key && state.trustedHash === hash && keySource(other) === source) return other;
  }
  return null;
}
