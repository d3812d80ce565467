import { readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigWriteError } from '../../errors.js';
import type { HandlerRecord } from '../../kit/index.js';
import { updateTextFile } from '../../trust/locked-text-file.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * Gemini CLI's record of the project hooks it has announced (hooks/trustedHooks.ts,
 * `~/.gemini/trusted_hooks.json`): project root → the `name:command` keys of its workspace hooks.
 * At start, in a trusted folder, Gemini warns about every workspace hook whose key is not listed
 * for the project ("project-level hooks have been detected"), runs them anyway, and lists them.
 */
export type KnownHooks = Record<string, readonly string[]>;

/** types.ts getHookKey: `<name>:<command>`, either part empty when absent. */
export function hookKey(handler: HandlerRecord): string {
  return `${handler.name ?? ''}:${handler.declaredCommand ?? handler.command}`;
}

/** The project root Gemini keys it by: its target dir, the directory it runs in (process.cwd(): links resolved). */
export function projectKey(projectDir: string): string {
  try {
    return realpathSync(resolve(projectDir));
  } catch {
    return resolve(projectDir);
  }
}

/** The file as Gemini reads it: a file it cannot parse counts as empty (it then rewrites it on the next announcement). */
export function readKnownHooks(path: string): KnownHooks {
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isPlainObject(data) ? (data as KnownHooks) : {};
  } catch {
    return {};
  }
}

/** Whether Gemini would announce this workspace hook as new in this project. */
export function isAnnounced(known: KnownHooks, project: string, handler: HandlerRecord): boolean {
  const keys = known[project];
  return !(Array.isArray(keys) && keys.includes(hookKey(handler)));
}

/**
 * Adds (or removes) keys for a project the way trustHooks writes them: the whole file as
 * `JSON.stringify(value, null, 2)`, the project's list keeping its order with new keys appended.
 */
export async function updateKnownHooks(path: string, project: string, keys: readonly string[], add: boolean): Promise<void> {
  await updateTextFile(path, (text) => {
    let data: KnownHooks = {};
    try {
      const parsed: unknown = text === null ? {} : JSON.parse(text);
      if (isPlainObject(parsed)) data = parsed as KnownHooks;
    } catch {
      if (!add) return null;
      throw new ConfigWriteError(path, 'it is not valid JSON; Gemini CLI would replace it, hookctl leaves it for you to fix');
    }
    const current = Array.isArray(data[project]) ? data[project].filter((key) => typeof key === 'string') : [];
    const next = add ? [...new Set([...current, ...keys])] : current.filter((key) => !keys.includes(key));
    if (next.length === current.length && next.every((key, index) => key === current[index])) return null;
    return JSON.stringify({ ...data, [project]: next }, null, 2);
  });
}
