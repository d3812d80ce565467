import { setField } from '../../config/field-value.js';
import { isUnsupportedHandler } from '../../config/handler-type.js';
import { ruleMeta, type Rule } from '../rule.js';

/** openinterpreter parses `prompt`, `agent` and `mcp_tool` handlers but runs none of them. */
export const unsupportedHandlerType: Rule = {
  meta: ruleMeta('unsupported-handler-type', 'warning', 'a handler type that is parsed but never run'),
  atLoad: true,
  check({ spec, checked, report }) {
    const supported = spec.handlerTypes?.supported ?? [];
    for (const handler of checked.declarations.handlers) {
      if (!isUnsupportedHandler(spec, handler.node)) continue;
      const type = setField(handler.node, 'type')!;
      report({
        message: `handler type ${JSON.stringify(type.value.kind === 'scalar' ? type.value.value : '')} is not supported, so this hook is skipped; only ${supported.map((t) => `"${t}"`).join(', ')} handlers run`,
        pos: type.value.pos,
        invalidates: handler.node,
      });
    }
  },
};
