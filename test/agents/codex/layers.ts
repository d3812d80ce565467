import type { CodexWorld } from './harness.js';

/** A handler as a case writes it; serialised as JSON (hooks.json) or TOML (config.toml) per layer. */
export interface Handler {
  readonly command: string;
  readonly timeout?: number;
  readonly async?: boolean;
  readonly statusMessage?: string;
}

export interface Group {
  readonly event: string;
  readonly matcher?: string;
  readonly handlers: readonly Handler[];
}

/** Where a case's hooks live; `args` are the `-c` flags both Codex and hookctl are given. */
export type LayerName = 'user-json' | 'user-toml' | 'project-json' | 'project-toml' | 'session';

export const LAYERS: readonly LayerName[] = ['user-json', 'user-toml', 'project-json', 'project-toml', 'session'];

const tomlString = (text: string): string => JSON.stringify(text);

function tomlHandler(handler: Handler, path: string): string {
  const lines = [`[[${path}]]`, 'type = "command"', `command = ${tomlString(handler.command)}`];
  if (handler.timeout !== undefined) lines.push(`timeout = ${handler.timeout}`);
  if (handler.async !== undefined) lines.push(`async = ${handler.async}`);
  if (handler.statusMessage !== undefined) lines.push(`statusMessage = ${tomlString(handler.statusMessage)}`);
  return lines.join('\n');
}

/** `[[hooks.<Event>]]` tables, each followed by its `[[hooks.<Event>.hooks]]` handlers. */
export function tomlHooks(groups: readonly Group[]): string {
  return groups
    .map((group) => {
      const head = [`[[hooks.${group.event}]]`];
      if (group.matcher !== undefined) head.push(`matcher = ${tomlString(group.matcher)}`);
      return [...head, ...group.handlers.map((handler) => tomlHandler(handler, `hooks.${group.event}.hooks`))].join('\n');
    })
    .join('\n\n');
}

export function jsonHooks(groups: readonly Group[]): Record<string, unknown> {
  const hooks: Record<string, unknown[]> = {};
  for (const group of groups) {
    const entry: Record<string, unknown> = { hooks: group.handlers.map((handler) => ({ type: 'command', ...handler })) };
    if (group.matcher !== undefined) entry.matcher = group.matcher;
    hooks[group.event] = [...(hooks[group.event] ?? []), entry];
  }
  return { hooks };
}

/** A TOML inline value for `-c hooks.<Event>=[…]`. */
function inlineHooks(group: Group): string {
  const handler = (h: Handler) => {
    const fields = ['type = "command"', `command = ${tomlString(h.command)}`];
    if (h.timeout !== undefined) fields.push(`timeout = ${h.timeout}`);
    if (h.async !== undefined) fields.push(`async = ${h.async}`);
    return `{ ${fields.join(', ')} }`;
  };
  const matcher = group.matcher === undefined ? '' : `matcher = ${tomlString(group.matcher)}, `;
  return `[{ ${matcher}hooks = [${group.handlers.map(handler).join(', ')}] }]`;
}

export const trustProjectToml = (project: string): string => `[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`;

/**
 * Writes the groups into the layer and returns the `-c` flags (session layer only). Project layers
 * also mark the project trusted in the user's config.toml, as Codex requires before it loads them.
 */
export function placeHooks(world: CodexWorld, layer: LayerName, groups: readonly Group[], userToml = ''): string[] {
  const user = (extra: string) => world.put('home/.codex/config.toml', `${userToml}${extra}`);
  switch (layer) {
    case 'user-json':
      user('');
      world.put('home/.codex/hooks.json', jsonHooks(groups));
      return [];
    case 'user-toml':
      user(`${tomlHooks(groups)}\n`);
      return [];
    case 'project-json':
      user(trustProjectToml(world.project));
      world.put('project/.codex/hooks.json', jsonHooks(groups));
      return [];
    case 'project-toml':
      user(trustProjectToml(world.project));
      world.put('project/.codex/config.toml', `${tomlHooks(groups)}\n`);
      return [];
    case 'session': {
      user('');
      const events = [...new Set(groups.map((group) => group.event))];
      return events.flatMap((event) => {
        const mine = groups.filter((group) => group.event === event);
        return ['-c', `hooks.${event}=[${mine.map((group) => inlineHooks(group).slice(1, -1)).join(', ')}]`];
      });
    }
  }
}
