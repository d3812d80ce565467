import { basename, dirname } from 'node:path';
import type { ConfigFile } from '../config/config-file.js';
import { formatFromPath, readConfigFile } from '../config/read-config-file.js';
import { getEntry, type SourceNode, type SourcePosition } from '../config/source-tree.js';
import type { NearMiss } from './repository-patterns.js';

/** The events each agent knows, by owner (the registry's data, passed in: core names no agent). */
export type KnownEvents = ReadonlyMap<string, ReadonlySet<string>>;

/** What a hook file that no agent reads holds: where its hooks start, and the event names in it. */
interface HookContent {
  pos: SourcePosition;
  events: string[];
}

/**
 * Issue 39: a hook file in an agent's config directory that the agent never reads
 * (`.claude/hooks.json`, `.codex/settings.json`, `.gemini/hooks.json`), listed as an `unread`
 * file so the `unread-file` rule reports it at its `hooks` key. Only a file whose `hooks` name an
 * event some agent knows counts: a `.claude/hooks.json` holding another tool's git-hook settings
 * is not a hook config anyone meant an agent to run. The file is not parsed for the rules: no
 * agent loads it, so its hooks are not linted as if one did.
 */
export async function nearMissFile(path: string, miss: NearMiss, known: KnownEvents): Promise<ConfigFile | null> {
  const content = await hookContent(path, known);
  if (content === null) return null;
  const readBy = [...known.keys()].filter((owner) => owner !== miss.owner && content.events.some((event) => known.get(owner)!.has(event)));
  return unreadFile(path, join(miss.dir, miss.reads[0]!), {
    pos: content.pos,
    reads: miss.reads.map((name) => `${miss.dir}/${name}`),
    otherReaders: miss.otherReaders.filter(({ owner }) => readBy.includes(owner)),
  });
}

/**
 * A plugin's or extension's hooks file with no manifest beside it (`hooks/hooks.json`): no agent
 * loads it. The agents that would, given their manifest, are those whose events it names — all of
 * them; with one such agent it is linted as that agent's, with none or several it is only reported.
 */
export async function unplacedPluginFile(
  path: string,
  unmet: readonly { owner: string; markers: readonly string[] }[],
  known: KnownEvents,
): Promise<{ file: ConfigFile; owner: string | null } | null> {
  const content = await hookContent(path, known);
  if (content === null || content.events.length === 0) return null;
  const owners = unmet.filter(({ owner }) => content.events.every((event) => known.get(owner)?.has(event) === true));
  if (owners.length === 0) return null;
  const markers = owners.map(({ owner, markers }) => ({ owner, path: markers.join(' or ') }));
  const file = unreadFile(path, join(dirname(dirname(path)), owners[0]!.markers[0]!), { pos: content.pos, manifests: markers });
  return { file, owner: owners.length === 1 ? owners[0]!.owner : null };
}

function join(dir: string, name: string): string {
  return `${dir}/${name}`;
}

function unreadFile(path: string, readInstead: string, nearMiss: NonNullable<ConfigFile['nearMiss']>): ConfigFile {
  const format = formatFromPath(path) ?? 'json';
  return {
    parsed: { path, format, text: '', root: null, errors: [], duplicateKeys: [] },
    source: 'project',
    role: 'unread',
    layer: `${dirname(path)}#${basename(path)}`,
    plugin: null,
    readInstead,
    nearMiss,
  };
}

/**
 * The position of the file's `hooks` and the event names under it: the keys of a `hooks` object,
 * or the `event` of each entry of a `hooks` array. Null when the file cannot be parsed or names no
 * event any agent knows.
 */
async function hookContent(path: string, known: KnownEvents): Promise<HookContent | null> {
  const format = formatFromPath(path);
  if (format === null) return null;
  const parsed = await readConfigFile(path, format);
  if (parsed?.root?.kind !== 'object') return null;
  const hooks = getEntry(parsed.root, 'hooks');
  if (hooks === undefined) return null;
  const events = eventNames(hooks.value);
  const all = new Set([...known.values()].flatMap((set) => [...set]));
  if (!events.some((event) => all.has(event))) return null;
  return { pos: hooks.keyPos, events };
}

function eventNames(hooks: SourceNode): string[] {
  if (hooks.kind === 'object') return hooks.entries.map((entry) => entry.key);
  if (hooks.kind !== 'array') return [];
  return hooks.items.flatMap((item) => {
    if (item.kind !== 'object') return [];
    const event = getEntry(item, 'event')?.value;
    return event?.kind === 'scalar' && typeof event.value === 'string' ? [event.value] : [];
  });
}
