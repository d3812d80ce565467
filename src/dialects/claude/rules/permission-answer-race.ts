import type { MatcherCompilation } from '../../../config/compile-matcher.js';
import { setField } from '../../../config/field-value.js';
import type { HandlerDeclaration } from '../../../config/declarations.js';
import { createRule } from '../../../config/rule.js';
import { CONDITION_FIELD } from '../lint-facts.js';

/**
 * Events where the first hook to answer decides, whatever the others say: docs/claude.md
 * "Aggregation", Claude Code 2.1.328 takes the first PermissionRequest answer to arrive.
 */
const FIRST_ANSWER_DECIDES: ReadonlySet<string> = new Set(['PermissionRequest']);

type Compiled = Extract<MatcherCompilation, { ok: true }>['matcher'];

/**
 * Where the first hook to answer decides (claude PermissionRequest: Claude Code 2.1.328 lets a fast
 * allow beat a slow deny, docs/claude.md "Aggregation"), two hooks that can both answer for one
 * tool make a deny a race: it holds only when it arrives first. Only certain overlaps are reported
 * (a shared name, an everything-matcher, a regex that matches the other's name); two regexes, a
 * handler with an `if` filter and copies the agent deduplicates are left alone.
 */
export const permissionAnswerRace = createRule({
  id: 'permission-answer-race',
  severity: 'warning',
  description: 'two hooks that can both answer one PermissionRequest, where the first answer decides, so a deny is not guaranteed',
  atLoad: false,
  messages: {
    // {{other}} is file:line:column of the earlier hook; {{tool}} "every tool" or a quoted name.
    race:
      'this {{event}} hook and the one at {{other}} can both answer for {{tool}}, and the agent takes the first answer to arrive: ' +
      'a deny from either holds only if it is faster than an allow from the other; decide in one hook',
  },
  check({ checked, all, showPath, report }) {
    const events = FIRST_ANSWER_DECIDES;
    const seen: { handler: HandlerDeclaration; file: string }[] = [];
    for (const other of all) {
      for (const handler of other.declarations.handlers) {
        const event = handler.group.event.name;
        if (!events.has(event) || !comparable(CONDITION_FIELD.field, handler)) continue;
        const earlier = seen.find(
          (candidate) => candidate.handler.group.event.name === event && overlap(candidate.handler, handler) !== null,
        );
        if (earlier !== undefined && other === checked) {
          const pos = earlier.handler.node.pos;
          report({
            messageId: 'race',
            data: { event, other: `${showPath(earlier.file)}:${pos.line}:${pos.column}`, tool: overlap(earlier.handler, handler)! },
            pos: handler.node.pos,
          });
        }
        seen.push({ handler, file: other.file.parsed.path });
      }
      if (other === checked) return;
    }
  },
});

/** A handler whose selection lint can compare: a compiled matcher and no `if` filter. */
function comparable(conditionField: string, handler: HandlerDeclaration): boolean {
  if (setField(handler.node, conditionField) !== undefined) return false;
  return handler.group.compiled?.ok === true;
}

/** What both can answer for ("every tool", a quoted name), or null when not certain they overlap. */
function overlap(a: HandlerDeclaration, b: HandlerDeclaration): string | null {
  if (sameCommand(a, b)) return null; // the agent runs identical commands once
  const x = (a.group.compiled as { matcher: Compiled }).matcher;
  const y = (b.group.compiled as { matcher: Compiled }).matcher;
  if (x.kind === 'all' && y.kind === 'all') return 'every tool';
  if (x.kind === 'all' || y.kind === 'all') {
    const names = (x.kind === 'all' ? y : x).names;
    return names?.[0] === undefined ? 'the tools both match' : JSON.stringify(names[0]);
  }
  const shared = x.names?.find((name) => y.test(name)) ?? y.names?.find((name) => x.test(name));
  return shared === undefined ? null : JSON.stringify(shared);
}

function sameCommand(a: HandlerDeclaration, b: HandlerDeclaration): boolean {
  const first = setField(a.node, 'command')?.value;
  const second = setField(b.node, 'command')?.value;
  return first?.kind === 'scalar' && second?.kind === 'scalar' && first.value === second.value;
}
