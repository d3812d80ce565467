import type { EventSpec } from '../kit/index.js';
import type { MessageDescriptor } from '../kit/message.js';
import { compileMatcher, matchEverything, type MatcherCompilation } from './compile-matcher.js';
import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec, RejectionLevel } from './config-spec.js';
import { setField, scalarField } from './field-value.js';
import { arrayWord, describeValue, objectWord, withArticle } from './format-words.js';
import { getEntry, type SourceEntry, type SourceNode, type SourceObject, type SourcePosition } from './source-tree.js';

export interface EventDeclaration {
  name: string;
  keyPos: SourcePosition;
  /** Null for a name the dialect does not know. */
  spec: EventSpec | null;
  value: SourceNode;
  groups: GroupDeclaration[];
}

/** A matcher group (openinterpreter) or, in flat nesting, a handler that carries its own matcher. */
export interface GroupDeclaration {
  event: EventDeclaration;
  index: number;
  node: SourceObject;
  /** The matcher entry, when set (null counts as unset). */
  matcher: SourceEntry | undefined;
  /**
   * The matcher compiled once for this load; null when the matcher is not a string. An event that
   * ignores matchers gets an everything-matcher, since its matcher text never selects anything.
   */
  compiled: MatcherCompilation | null;
  handlers: HandlerDeclaration[];
}

export interface HandlerDeclaration {
  group: GroupDeclaration;
  index: number;
  node: SourceObject;
}

/**
 * What a value of the wrong shape is told (reported by the invalid-value rule, whose messages include
 * these). `{{expected}}` and `{{found}}` are in the file format's words: an object, a mapping, a table.
 */
export const SHAPE_MESSAGES = {
  rootNotObject: 'the file must hold {{expected}} at the top level, found {{found}}',
  hooksNotObject: '"hooks" must be {{expected}} of event names, found {{found}}',
  eventNotList: '"{{event}}" must be {{expected}} of {{items}}, found {{found}}',
  eventIsTable: '"{{event}}" must be {{expected}} of {{items}}, found {{found}}; write [[hooks.{{event}}]]',
  entryNotObject: 'each {{event}} entry must be {{expected}}, found {{found}}',
  groupWithoutHooks: 'this matcher group has no "hooks" {{list}} of handlers',
  groupHooksNotList: '"hooks" of a matcher group must be {{expected}} of handlers, found {{found}}',
  handlerNotObject: 'each handler must be {{expected}}, found {{found}}',
} as const;

/** A value of the wrong shape, and the node that is unusable because of it. */
export type ShapeProblem = MessageDescriptor<typeof SHAPE_MESSAGES> & {
  pos: SourcePosition;
  invalidates: SourceNode;
  /** True when the agent's deserializer refuses it too (a value of the wrong shape in a known event). */
  refusedByAgent: boolean;
  /** Where it sits, and in which event, for a dialect's policy `granularity`. */
  level: RejectionLevel;
  event?: { name: string; value: SourceNode };
};

export interface FileDeclarations {
  /** The `hooks` entry of the file's root, if any. */
  hooks: SourceEntry | undefined;
  events: EventDeclaration[];
  shapeProblems: ShapeProblem[];
  /** Every handler in file order, for rules that look at handlers one by one. */
  handlers: HandlerDeclaration[];
}

/**
 * Walks a parsed file's `hooks` tree into events, matcher groups and handlers, keeping every node
 * and position. Values of the wrong shape are collected as problems (reported by `invalid-value`)
 * and walked around, so one bad entry never hides the rest of the file from the other rules.
 */
export function extractDeclarations(file: ConfigFile, spec: DialectConfigSpec): FileDeclarations {
  const result: FileDeclarations = { hooks: undefined, events: [], shapeProblems: [], handlers: [] };
  const { root, format } = file.parsed;
  // A plugin manifest only carries discovery's notices: its `hooks` names files, it is not hooks config.
  if (root === null || file.role === 'plugin-manifest') return result;
  const problem = (
    descriptor: MessageDescriptor<typeof SHAPE_MESSAGES>,
    node: SourceNode,
    invalidates: SourceNode = node,
    refusedByAgent = true,
    level: RejectionLevel = 'setting',
    event?: EventDeclaration,
  ) =>
    result.shapeProblems.push({
      ...descriptor,
      pos: node.pos,
      invalidates,
      refusedByAgent,
      level,
      ...(event === undefined ? {} : { event: { name: event.name, value: event.value } }),
    });
  // What the format calls the shapes a message expects ("an object", "a list"), and what it found.
  const anObject = withArticle(objectWord(format));
  const anArray = withArticle(arrayWord(format));
  const found = (node: SourceNode) => describeValue(node, format);
  // YAML writes "nothing" as null: an empty or comment-only file, `hooks:` with nothing under it.
  // In JSON `null` is a value someone wrote, and the agent's loader rejects it.
  const nullIsEmpty = format === 'yaml';
  if (root.kind !== 'object') {
    if (!(nullIsEmpty && isNull(root))) problem({ messageId: 'rootNotObject', data: { expected: anObject, found: found(root) } }, root);
    return result;
  }
  const hooksEntry = getEntry(root, 'hooks');
  result.hooks = nullIsEmpty && hooksEntry !== undefined && isNull(hooksEntry.value) ? undefined : hooksEntry;
  const hooks = result.hooks?.value;
  if (hooks === undefined) return result;
  if (hooks.kind !== 'object') {
    problem({ messageId: 'hooksNotObject', data: { expected: anObject, found: found(hooks) } }, hooks, root, true, 'hooks');
    return result;
  }
  const reserved = spec.topLevel[file.role].hooksKeys ?? {};
  for (const entry of hooks.entries) {
    // The agent's own settings under `hooks` (`[hooks.state]`, `managed_dir`) are not events.
    if (Object.hasOwn(reserved, entry.key)) continue;
    const known = spec.events.some((candidate) => candidate.name === entry.key);
    const event: EventDeclaration = {
      name: entry.key,
      keyPos: entry.keyPos,
      spec: spec.events.find((candidate) => candidate.name === entry.key) ?? null,
      value: entry.value,
      groups: [],
    };
    result.events.push(event);
    if (entry.value.kind !== 'array') {
      const items = spec.nesting === 'groups' ? 'matcher groups' : 'hooks';
      const data = { event: entry.key, expected: anArray, items, found: found(entry.value) };
      // A TOML `[hooks.Stop]` is one table where `[[hooks.Stop]]` (an array of tables) was meant.
      problem(
        { messageId: format === 'toml' && entry.value.kind === 'object' ? 'eventIsTable' : 'eventNotList', data },
        entry.value,
        entry.value,
        known,
        'event',
        event,
      );
      continue;
    }
    entry.value.items.forEach((item, index) => {
      if (item.kind !== 'object') {
        const data = { event: entry.key, expected: anObject, found: found(item) };
        problem({ messageId: 'entryNotObject', data }, item, item, known, 'group', event);
        return;
      }
      const group = declareGroup(event, index, item, spec);
      event.groups.push(group);
      // `mixed` (copilot): an entry with `hooks` is a matcher group, any other a handler with its own matcher.
      if (spec.nesting === 'flat' || (spec.nesting === 'mixed' && getEntry(item, 'hooks') === undefined)) {
        group.handlers.push({ group, index: 0, node: item });
        return;
      }
      const handlers = getEntry(item, 'hooks')?.value;
      if (handlers === undefined) {
        // Codex reads a missing list as empty: the group does nothing, but the file stands. An agent
        // that validates the file against its schema (claude) rejects it in a known event.
        const rejects = spec.policy.granularity !== undefined;
        problem({ messageId: 'groupWithoutHooks', data: { list: arrayWord(format) } }, item, item, known && rejects, 'group', event);
        return;
      }
      if (handlers.kind !== 'array') {
        const data = { expected: anArray, found: found(handlers) };
        problem({ messageId: 'groupHooksNotList', data }, handlers, item, known, 'group', event);
        return;
      }
      handlers.items.forEach((handler, handlerIndex) => {
        if (handler.kind === 'object') group.handlers.push({ group, index: handlerIndex, node: handler });
        else {
          const data = { expected: anObject, found: found(handler) };
          problem({ messageId: 'handlerNotObject', data }, handler, handler, known, 'handler', event);
        }
      });
    });
  }
  result.handlers = result.events.flatMap((event) => event.groups.flatMap((group) => group.handlers));
  return result;
}

function isNull(node: SourceNode): boolean {
  return node.kind === 'scalar' && node.value === null;
}

function declareGroup(event: EventDeclaration, index: number, node: SourceObject, spec: DialectConfigSpec): GroupDeclaration {
  const matcher = setField(node, 'matcher');
  const text = scalarField(node, 'matcher', 'string') ?? null;
  let compiled: MatcherCompilation | null;
  if (matcher !== undefined && text === null) compiled = null;
  else if (event.spec !== null && event.spec.matcherField === null) compiled = { ok: true, matcher: matchEverything(text) };
  else compiled = typeof spec.matcher === 'function' ? spec.matcher(text, event.name) : compileMatcher(text, spec.matcher);
  return { event, index, node, matcher, compiled, handlers: [] };
}
