import { checkField, FIELD_MESSAGES, type FieldProblem } from '../../config/check-field.js';
import type { FieldType } from '../../config/config-spec.js';
import { SHAPE_MESSAGES } from '../../config/declarations.js';
import { setField } from '../../config/field-value.js';
import { HELD_BACK, managedOnlyKey } from '../../config/managed-only.js';
import type { ConfigFormat, SourceNode, SourceObject, SourcePosition } from '../../config/source-tree.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { createRule } from '../rule.js';

const UNKNOWN_TOP_LEVEL_KEY = 'unknown top-level key "{{key}}" makes the whole file invalid; allowed: {{allowed}}';

/** Wrong types and shapes: the agent rejects the value, so the hook it belongs to never runs. */
export const invalidValue = createRule({
  id: 'invalid-value',
  severity: 'error',
  description: 'a value of the wrong type or shape for the config schema',
  atLoad: true,
  messages: {
    // Shapes of the hooks tree (found while extracting declarations) and field types, each written once.
    ...SHAPE_MESSAGES,
    ...FIELD_MESSAGES,
    unknownTopLevelKey: UNKNOWN_TOP_LEVEL_KEY,
    unknownTopLevelKeyDidYouMean: `${UNKNOWN_TOP_LEVEL_KEY}; did you mean "{{suggestion}}"?`,
    // {{example}} is the line to add, in the file's format.
    missingType: 'this handler has no "type"; add {{example}}',
    // A managed-only switch that is not a boolean fails closed (isManagedOnly); say what that does.
    managedOnlyNotBoolean: `${FIELD_MESSAGES.notBoolean}; ${HELD_BACK}`,
  },
  check({ spec, checked, report }) {
    const { file, declarations } = checked;
    const { root, format } = file.parsed;
    for (const problem of declarations.shapeProblems) report(problem);
    if (root?.kind !== 'object') return;
    const topLevel = spec.topLevel[file.role];
    // A strict hooks file is rejected whole by the agent; in a general config file only the value is wrong.
    const strict = topLevel.unknown === 'error';
    const heldBackBy = managedOnlyKey(file, spec);
    checkFields(root, Object.entries(topLevel.fields), format, strict ? root : undefined, (problem, key, where) => {
      const heldBack = key === heldBackBy && problem.messageId === 'notBoolean';
      report(heldBack ? { messageId: 'managedOnlyNotBoolean', data: problem.data, ...where } : { ...problem, ...where });
    });
    if (strict) {
      const allowed = ['hooks', ...Object.keys(topLevel.fields)];
      for (const entry of root.entries) {
        if (allowed.includes(entry.key)) continue;
        const data = { key: entry.key, allowed: allowed.join(', ') };
        const suggestion = didYouMean(entry.key, allowed);
        const where = { pos: entry.keyPos, invalidates: root };
        if (suggestion === null) report({ messageId: 'unknownTopLevelKey', data, ...where });
        else report({ messageId: 'unknownTopLevelKeyDidYouMean', data: { ...data, suggestion }, ...where });
      }
    }
    // Listed once per file, not per group and handler: a large file has thousands of handlers.
    const groupFields = Object.entries(spec.groupFields);
    const handlerFields = Object.entries(spec.handlerFields);
    const reportField = (problem: FieldProblem, _key: string, where: Where) => report({ ...problem, ...where });
    for (const event of declarations.events) {
      for (const group of event.groups) {
        if (spec.nesting === 'groups') checkFields(group.node, groupFields, format, group.node, reportField);
        for (const handler of group.handlers) {
          checkFields(handler.node, handlerFields, format, handler.node, reportField);
          // The handler kind is required where the dialect has kinds (the config schema says so too).
          if (spec.handlerTypes !== null && setField(handler.node, 'type') === undefined) {
            const example = format === 'toml' ? 'type = "command"' : format === 'yaml' ? 'type: command' : '"type": "command"';
            report({ messageId: 'missingType', data: { example }, pos: handler.node.pos, invalidates: handler.node });
          }
        }
      }
    }
  },
});

/** Where a field problem is, and the declaration it makes unusable (none for a general config file's field). */
interface Where {
  pos: SourcePosition;
  invalidates?: SourceNode;
}

function checkFields(
  object: SourceObject,
  fields: readonly (readonly [string, FieldType])[],
  format: ConfigFormat,
  invalidates: SourceObject | undefined,
  report: (problem: FieldProblem, key: string, where: Where) => void,
): void {
  for (const [key, type] of fields) {
    const entry = setField(object, key);
    if (entry === undefined) continue;
    const problem = checkField(key, entry.value, type, format);
    if (problem !== null) report(problem, key, { pos: entry.value.pos, ...(invalidates ? { invalidates } : {}) });
  }
}
