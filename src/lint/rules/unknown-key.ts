import { scalarField, setField } from '../../config/field-value.js';
import { fieldsOfType, isUnsupportedHandler } from '../../config/handler-type.js';
import type { SourceObject } from '../../config/source-tree.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { createRule, type RuleReport } from '../rule.js';

const MESSAGES = {
  // {{where}}: at the top level, in a matcher group, in a handler.
  unknownDidYouMean: 'unknown key "{{key}}" {{where}} is ignored; did you mean "{{suggestion}}"?',
  unknown: 'unknown key "{{key}}" {{where}} is ignored; known keys: {{known}}',
  handlerKeyOnGroup: '"{{key}}" belongs in a handler inside "hooks", not on the matcher group; it is ignored here',
  groupKeyOnHandler: '"{{key}}" belongs on the matcher group, not on a handler; it is ignored here',
  // Codex: codex-rs/hooks/src/engine/discovery.rs ignores the limit where no context can be emitted.
  contextLimitIgnored:
    '"additionalContextLimit" is ignored on {{event}}: this event cannot emit additionalContext (it applies to {{events}})',
} as const;

type Misplaced = 'handlerKeyOnGroup' | 'groupKeyOnHandler';

/** An unknown key is ignored by the agent, so a typo like `timeoutSec` silently keeps the default. */
export const unknownKey = createRule({
  id: 'unknown-key',
  severity: 'warning',
  description: 'an unknown key in a file, matcher group or handler',
  atLoad: true,
  messages: MESSAGES,
  check({ spec, checked, report }) {
    const { file, declarations } = checked;
    const root = file.parsed.root;
    const topLevel = spec.topLevel[file.role];
    if (root?.kind === 'object' && topLevel.unknown === 'warning') {
      // Event names at the top level are invalid-value's finding (a forgotten `hooks:` root).
      const events = new Set(file.role === 'hooks-file' ? spec.events.map((event) => event.name) : []);
      const others = { ...root, entries: root.entries.filter((entry) => !events.has(entry.key)) };
      reportUnknown(others, ['hooks', ...Object.keys(topLevel.fields)], 'at the top level', new Map(), report);
    }
    const limits = spec.handlerFields.additionalContextLimit?.events;
    // Built once per file, not per group and handler: a large file has thousands of handlers.
    const groupKeys = Object.keys(spec.groupFields);
    const handlerKeys = Object.keys(spec.handlerFields);
    // Per type where the dialect's types have fields of their own (claude: `url` only on http).
    const keysByType = new Map<string | undefined, string[]>();
    const keysOf = (type: string | undefined) => {
      const known = keysByType.get(type);
      if (known) return known;
      const keys = fieldsOfType(spec, type);
      keysByType.set(type, keys);
      return keys;
    };
    const knownInGroup = ['hooks', ...groupKeys];
    // Maps, not object literals: a key such as "constructor" must not find Object.prototype's.
    const misplacedInGroup = new Map<string, Misplaced>(handlerKeys.map((key) => [key, 'handlerKeyOnGroup']));
    const misplacedInHandler = new Map<string, Misplaced>(groupKeys.map((key) => [key, 'groupKeyOnHandler']));
    for (const event of declarations.events) {
      for (const group of event.groups) {
        const isGroup = spec.nesting === 'groups' || (spec.nesting === 'mixed' && group.handlers[0]?.node !== group.node);
        if (isGroup) reportUnknown(group.node, knownInGroup, 'in a matcher group', misplacedInGroup, report);
        for (const handler of group.handlers) {
          // Handlers of unsupported types are skipped whole; their own fields are not ours to judge.
          if (isUnsupportedHandler(spec, handler.node)) continue;
          const type = scalarField(handler.node, 'type', 'string');
          const where = spec.handlerTypes?.fields && type !== undefined ? `in a ${type} handler` : 'in a handler';
          reportUnknown(handler.node, keysOf(type), where, misplacedInHandler, report);
          const limit =
            limits !== undefined && event.spec !== null && !limits.has(event.name)
              ? setField(handler.node, 'additionalContextLimit')
              : undefined;
          if (limit !== undefined)
            report({ messageId: 'contextLimitIgnored', data: { event: event.name, events: [...limits!].join(', ') }, pos: limit.keyPos });
        }
      }
    }
  },
});

function reportUnknown(
  object: SourceObject,
  known: readonly string[],
  where: string,
  misplaced: ReadonlyMap<string, Misplaced>,
  report: (report: RuleReport<typeof MESSAGES>) => void,
): void {
  for (const entry of object.entries) {
    if (known.includes(entry.key)) continue;
    const pos = entry.keyPos;
    const misplacedId = misplaced.get(entry.key);
    const suggestion = misplacedId === undefined ? didYouMean(entry.key, known) : null;
    if (misplacedId !== undefined) report({ messageId: misplacedId, data: { key: entry.key }, pos });
    else if (suggestion !== null) report({ messageId: 'unknownDidYouMean', data: { key: entry.key, where, suggestion }, pos });
    else report({ messageId: 'unknown', data: { key: entry.key, where, known: known.join(', ') }, pos });
  }
}
