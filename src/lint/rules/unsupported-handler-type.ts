import { setField } from '../../config/field-value.js';
import { isUnsupportedHandler } from '../../config/handler-type.js';
import { createRule } from '../rule.js';

/** openinterpreter parses `prompt`, `agent` and `mcp_tool` handlers but runs none of them. */
export const unsupportedHandlerType = createRule({
  id: 'unsupported-handler-type',
  severity: 'warning',
  description: 'a handler type that is parsed but never run',
  atLoad: true,
  messages: {
    // {{type}} is a JSON string (quoted); {{supported}} the quoted types that run.
    unsupported: 'handler type {{type}} is not supported, so this hook is skipped; only {{supported}} handlers run',
  },
  check({ spec, checked, report }) {
    const supported = (spec.handlerTypes?.supported ?? []).map((type) => `"${type}"`).join(', ');
    for (const handler of checked.declarations.handlers) {
      if (!isUnsupportedHandler(spec, handler.node)) continue;
      const type = setField(handler.node, 'type')!;
      report({
        messageId: 'unsupported',
        data: { type: JSON.stringify(type.value.kind === 'scalar' ? type.value.value : ''), supported },
        pos: type.value.pos,
        invalidates: handler.node,
      });
    }
  },
});
