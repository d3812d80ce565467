import { snakeCaseEvent } from '../../trust/hash.js';

/**
 * Codex's key for one hook (codex-rs/hooks/src/lib.rs `hook_key`): `<source>:<event_snake>:<group>:<handler>`,
 * where the source is the declaring file's absolute path (a plugin's `name@market:relative/path`)
 * and the indices count every group and handler of the file, skipped ones included. It is the key
 * of the hook's `[hooks.state]` entry, and hookctl's id of the hook.
 */
export function hookKey(source: string, event: string, group: number, handler: number): string {
  return `${source}:${snakeCaseEvent(event)}:${group}:${handler}`;
}
