import { isUnsupportedHandler } from '../../config/handler-type.js';
import type { SourceObject } from '../../config/source-tree.js';
import { didYouMean, didYouMeanSuffix } from '../../util/did-you-mean.js';
import { setField } from '../../config/field-value.js';
import { ruleMeta, type Rule, type RuleContext, type RuleReport } from '../rule.js';

/** An unknown key is ignored by the agent, so a typo like `timeoutSec` silently keeps the default. */
export const unknownKey: Rule = {
  meta: ruleMeta('unknown-key', 'warning', 'an unknown key in a file, matcher group or handler'),
  atLoad: true,
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
    // Built once per file, not per group and handler: a large file has thousands of handlers.
    const groupKeys = Object.keys(spec.groupFields);
    const handlerKeys = Object.keys(spec.handlerFields);
    const knownInGroup = ['hooks', ...groupKeys];
    // Maps, not object literals: a key such as "constructor" must not find Object.prototype's.
    const misplacedInGroup = new Map(handlerKeys.map((key) => [key, `"${key}" belongs in a handler inside "hooks", not on the matcher group`]));
    const misplacedInHandler = new Map(groupKeys.map((key) => [key, `"${key}" belongs on the matcher group, not on a handler`]));
    for (const event of declarations.events) {
      for (const group of event.groups) {
        if (spec.nesting === 'groups') reportUnknown(group.node, knownInGroup, 'in a matcher group', misplacedInGroup, report);
        for (const handler of group.handlers) {
          // Handlers of unsupported types are skipped whole; their own fields are not ours to judge.
          if (isUnsupportedHandler(spec, handler.node)) continue;
          reportUnknown(handler.node, handlerKeys, 'in a handler', misplacedInHandler, report);
          reportIgnoredContextLimit(spec, event.name, event.spec !== null, handler.node, report);
        }
      }
    }
  },
};

/**
 * `additionalContextLimit` only means something where a hook can emit additional context; the
 * agent ignores it elsewhere with a warning (Codex: codex-rs/hooks/src/engine/discovery.rs).
 */
function reportIgnoredContextLimit(
  spec: RuleContext['spec'],
  event: string,
  known: boolean,
  handler: SourceObject,
  report: (report: RuleReport) => void,
): void {
  const limits = spec.contextLimitEvents;
  if (limits === undefined || !known || limits.has(event)) return;
  const entry = setField(handler, 'additionalContextLimit');
  if (entry === undefined) return;
  report({
    message: `"additionalContextLimit" is ignored on ${event}: this event cannot emit additionalContext (it applies to ${[...limits].join(', ')})`,
    pos: entry.keyPos,
  });
}

function reportUnknown(
  object: SourceObject,
  known: readonly string[],
  where: string,
  misplaced: ReadonlyMap<string, string>,
  report: (report: RuleReport) => void,
): void {
  for (const entry of object.entries) {
    if (known.includes(entry.key)) continue;
    const hint = misplaced.get(entry.key);
    if (hint !== undefined) {
      report({ message: `${hint}; it is ignored here`, pos: entry.keyPos });
      continue;
    }
    report({
      message: `unknown key "${entry.key}" ${where} is ignored` + (didYouMeanSuffix(didYouMean(entry.key, known)) || `; known keys: ${known.join(', ')}`),
      pos: entry.keyPos,
    });
  }
}
