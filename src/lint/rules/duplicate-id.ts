import { setField } from '../../config/field-value.js';
import type { SourcePosition } from '../../config/source-tree.js';
import { createRule } from '../rule.js';

/**
 * An `id` names a hook for trust, disable and enable, so two hooks written with one id cannot both
 * be reached by it: the loader keeps the id for the first in layer order and suffixes the others.
 * Across files too, so a project cannot quietly reuse the id of the user's own hook.
 */
export const duplicateId = createRule({
  id: 'duplicate-id',
  severity: 'warning',
  description: 'the same hook id declared twice',
  atLoad: true,
  messages: {
    // {{id}} and {{suffixed}} are JSON strings (quoted); {{first}} is file:line:column.
    alreadyDeclared:
      'id {{id}} is already declared at {{first}}; later hooks with it get a numbered suffix ({{suffixed}}, …), ' +
      'so trust, disable and enable by {{id}} reach only the first',
  },
  check({ spec, checked, all, showPath, report }) {
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
            messageId: 'alreadyDeclared',
            data: {
              id: JSON.stringify(id),
              first: `${showPath(earlier.file)}:${earlier.pos.line}:${earlier.pos.column}`,
              suffixed: JSON.stringify(`${id}#2`),
            },
            pos: entry.value.pos,
          });
        }
      }
      // Later files cannot hold an earlier declaration for this one.
      if (other === checked) return;
    }
  },
});
