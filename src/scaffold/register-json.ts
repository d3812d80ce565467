import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { RegisterError } from '../errors.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { detectLayout, lineIndentAt, reindent, type TextLayout } from './text-layout.js';
import type { RegisterEdit, RegistrationEntry } from '../kit/index.js';

export interface GroupsJsonOptions {
  /** Write the entry's `id` into the handler (dialects whose handlers have an `id` field). */
  writeId: boolean;
  /**
   * Strict JSON only (claude settings files): the agent rejects a file with comments or trailing
   * commas as a whole, so one is refused rather than edited. Default: comments are kept.
   */
  strict?: boolean;
}

/**
 * Adds one handler to a JSON hooks file of the `hooks → event → [{ matcher, hooks: [handler] }]`
 * shape by a minimal text insertion: the file is parsed only to find offsets (jsonc-parser), and
 * every byte outside the inserted text stays as it was — no re-serialisation, so custom formatting,
 * key order and other top-level keys survive. The new matcher group goes at the end of the event's
 * list, so existing positions (and with them positional trust identities) do not move. With
 * `writeId` the handler carries the entry's `id`, its stable identity, and an id another hook
 * already has is refused rather than declared twice. `text` null means the file does not exist yet.
 */
export function registerInGroupsJson(
  text: string | null,
  file: string,
  entry: RegistrationEntry,
  options: GroupsJsonOptions,
): RegisterEdit {
  const base = options.writeId ? { type: 'command', id: entry.id, command: entry.command } : { type: 'command', command: entry.command };
  const handler = entry.handler ?? { ...base, ...entry.fields };
  const group = { ...(entry.matcher === null ? {} : { matcher: entry.matcher }), hooks: [handler] };
  if (text === null) {
    return { status: 'created', text: `${JSON.stringify({ hooks: { [entry.event]: [group] } }, null, 2)}\n` };
  }
  const root = parseJsonObject(text, file, options.strict === true);
  const layout = detectLayout(text);
  const hooks = findNodeAtLocation(root, ['hooks']);
  if (!hooks) {
    return { status: 'added', text: insertMember(text, root, layout, { key: 'hooks', value: { [entry.event]: [group] } }) };
  }
  if (hooks.type !== 'object') throw new RegisterError(file, '"hooks" is not an object');
  const declared = getNodeValue(hooks) as Record<string, unknown>;
  const url = entry.handler?.url;
  if (handlersOf(declared[entry.event]).some((handler) => (url === undefined ? handler.command === entry.command : handler.url === url)))
    return { status: 'already-registered', text };
  if (options.writeId) refuseTakenId(declared, entry, file);
  const groups = findNodeAtLocation(hooks, [entry.event]);
  if (!groups) {
    return { status: 'added', text: insertMember(text, hooks, layout, { key: entry.event, value: [group] }) };
  }
  if (groups.type !== 'array') throw new RegisterError(file, `"hooks.${entry.event}" is not an array`);
  return { status: 'added', text: insertMember(text, groups, layout, { value: group }) };
}

/** The handler objects of one event's matcher groups, skipping anything malformed. */
function handlersOf(groups: unknown): Record<string, unknown>[] {
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((group: unknown) =>
    isPlainObject(group) && Array.isArray(group.hooks) ? group.hooks.filter((handler: unknown) => isPlainObject(handler)) : [],
  );
}

/** Ids are unique across the config (lint `duplicate-id`): a second hook with one would be unreachable by it. */
function refuseTakenId(declared: Record<string, unknown>, entry: RegistrationEntry, file: string): void {
  for (const [event, groups] of Object.entries(declared)) {
    const holder = handlersOf(groups).find((handler) => handler.id === entry.id);
    if (holder) {
      throw new RegisterError(
        file,
        `id ${JSON.stringify(entry.id)} already names the hook \`${String(holder.command)}\` on ${event}, and ids must be unique; ` +
          'scaffold under another --name, or give the snippet another id',
      );
    }
  }
}

function parseJsonObject(text: string, file: string, strict: boolean): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: strict });
  const first = errors[0];
  if (first) {
    const before = text.slice(0, first.offset).split('\n');
    const where = `line ${before.length}, column ${before.at(-1)!.length + 1}`;
    // A comment is fine for jsonc readers, but an agent that reads strict JSON drops the whole file.
    if (printParseErrorCode(first.error) === 'InvalidCommentToken')
      throw new RegisterError(
        file,
        `it has a comment (${where}), which strict JSON does not allow: the agent ignores the whole file; remove the comments first`,
      );
    throw new RegisterError(file, `it is not valid JSON (${where})`);
  }
  if (root?.type !== 'object') throw new RegisterError(file, 'its top level is not an object');
  return root;
}

interface Member {
  /** Property name when inserting into an object; absent for an array element. */
  key?: string;
  value: unknown;
}

/**
 * Inserts a member after the container's last one, in the container's own style: on a new line at
 * the siblings' indentation when the container spans lines, inline after `, ` when it is on one line.
 */
function insertMember(text: string, container: Node, layout: TextLayout, member: Member): string {
  const prefix = member.key === undefined ? '' : `${JSON.stringify(member.key)}: `;
  const children = container.children ?? [];
  const first = children[0];
  const last = children.at(-1);
  if (first && last) {
    const end = last.offset + last.length;
    if (!text.slice(container.offset, first.offset).includes('\n')) {
      return splice(text, end, end, `, ${prefix}${JSON.stringify(member.value)}`);
    }
    const indent = lineIndentAt(text, last.offset);
    return splice(text, end, end, `,${layout.eol}${indent}${prefix}${pretty(member.value, indent, layout)}`);
  }
  // An empty `{}` or `[]`: open it onto its own lines, replacing only whitespace between the brackets.
  const outer = lineIndentAt(text, container.offset);
  const inner = outer + layout.unit;
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const to = text.slice(open, close).trim() === '' ? close : open;
  return splice(text, open, to, `${layout.eol}${inner}${prefix}${pretty(member.value, inner, layout)}${layout.eol}${outer}`);
}

function pretty(value: unknown, indent: string, layout: TextLayout): string {
  return reindent(JSON.stringify(value, null, layout.unit), indent, layout.eol);
}

function splice(text: string, from: number, to: number, insert: string): string {
  return text.slice(0, from) + insert + text.slice(to);
}
