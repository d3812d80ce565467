import { checkField } from '../../config/check-field.js';
import type { FieldType } from '../../config/config-spec.js';
import { setField } from '../../config/field-value.js';
import { HELD_BACK, managedOnlyKey } from '../../config/managed-only.js';
import type { ConfigFormat, SourceObject } from '../../config/source-tree.js';
import { didYouMean, didYouMeanSuffix } from '../../util/did-you-mean.js';
import { ruleMeta, type Rule, type RuleReport } from '../rule.js';

/** Wrong types and shapes: the agent rejects the value, so the hook it belongs to never runs. */
export const invalidValue: Rule = {
  meta: ruleMeta('invalid-value', 'error', 'a value of the wrong type or shape for the config schema'),
  atLoad: true,
  check({ spec, checked, report }) {
    const { file, declarations } = checked;
    const { root, format } = file.parsed;
    for (const problem of declarations.shapeProblems) report(problem);
    if (root?.kind !== 'object') return;
    const topLevel = spec.topLevel[file.role];
    // A strict hooks file is rejected whole by the agent; in a general config file only the value is wrong.
    const strict = topLevel.unknown === 'error';
    // A managed-only switch that is not a boolean fails closed (isManagedOnly); say what that does.
    const heldBackBy = managedOnlyKey(file, spec);
    checkFields(root, Object.entries(topLevel.fields), format, strict ? root : undefined, (problem, key) =>
      report(key === heldBackBy ? { ...problem, message: `${problem.message}; ${HELD_BACK}` } : problem),
    );
    if (strict) {
      const known = ['hooks', ...Object.keys(topLevel.fields)];
      for (const entry of root.entries) {
        if (known.includes(entry.key)) continue;
        report({
          message:
            `unknown top-level key "${entry.key}" makes the whole file invalid; allowed: ${known.join(', ')}` +
            didYouMeanSuffix(didYouMean(entry.key, known)),
          pos: entry.keyPos,
          invalidates: root,
        });
      }
    }
    // Listed once per file, not per group and handler: a large file has thousands of handlers.
    const groupFields = Object.entries(spec.groupFields);
    const handlerFields = Object.entries(spec.handlerFields);
    for (const event of declarations.events) {
      for (const group of event.groups) {
        if (spec.nesting === 'groups') checkFields(group.node, groupFields, format, group.node, report);
        for (const handler of group.handlers) {
          checkFields(handler.node, handlerFields, format, handler.node, report);
          // The handler kind is required where the dialect has kinds (the config schema says so too).
          if (spec.handlerTypes !== null && setField(handler.node, 'type') === undefined) {
            const example = format === 'toml' ? 'type = "command"' : format === 'yaml' ? 'type: command' : '"type": "command"';
            report({ message: `this handler has no "type"; add ${example}`, pos: handler.node.pos, invalidates: handler.node });
          }
        }
      }
    }
  },
};

function checkFields(
  object: SourceObject,
  fields: readonly (readonly [string, FieldType])[],
  format: ConfigFormat,
  invalidates: SourceObject | undefined,
  report: (report: RuleReport, key: string) => void,
): void {
  for (const [key, type] of fields) {
    const entry = setField(object, key);
    if (entry === undefined) continue;
    const problem = checkField(key, entry.value, type, format);
    if (problem !== null) report({ message: problem, pos: entry.value.pos, ...(invalidates ? { invalidates } : {}) }, key);
  }
}
