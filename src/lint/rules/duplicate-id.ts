import { setField } from '../../config/field-value.js';
import type { SourcePosition } from '../../config/source-tree.js';
import { ruleMeta, type Rule } from '../rule.js';

/**
 * An `id` names a hook for trust, disable and enable, so two hooks written with one id cannot both
 * be reached by it: the loader keeps the id for the first in layer order and suffixes the others.
 * Across files too, so a project cannot quietly reuse the id of the user's own hook.
 */
export const duplicateId: Rule = {
  meta: ruleMeta('duplicate-id', 'warning', 'the same hook id declared twice'),
  atLoad: true,
  check({ spec, checked, all, report }) {
    if (!('id' in spec.handlerFields)) return;
    const first = new Map<string, { file: string; pos: SourcePosition }>();
    for (const other of all) {
      for (const handler of other.declarations.handlers) {
        const entry = setField(handler.node, 'id');
        if (entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'string' || entry.value.value.trim() === '') continue;
        const id = entry.value.value;
        const earlier = first.get(id);
        if (earlier === undefined) first.set(id, { file: other.file.parsed.path, pos: entry.value.pos });
        else if (other === checked) {
          report({
            message:
              `id ${JSON.stringify(id)} is already declared at ${earlier.file}:${earlier.pos.line}:${earlier.pos.column}; ` +
              `later hooks with it get a numbered suffix (${JSON.stringify(`${id}#2`)}, …), so trust, disable and enable by ${JSON.stringify(id)} reach only the first`,
            pos: entry.value.pos,
          });
        }
      }
      // Later files cannot hold an earlier declaration for this one.
      if (other === checked) return;
    }
  },
};
