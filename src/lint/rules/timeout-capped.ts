import { setField } from '../../config/field-value.js';
import { resolveTimeout } from '../../config/resolve-timeout.js';
import { ruleMeta, type Rule } from '../rule.js';

/** octo caps every timeout; a longer one reads as a promise the engine does not keep. */
export const timeoutCapped: Rule = {
  meta: ruleMeta('timeout-capped', 'warning', 'a timeout above the maximum, which is capped'),
  atLoad: true,
  check({ spec, checked, report }) {
    const rule = spec.timeout;
    if (rule.unit !== 'go-duration') return;
    for (const handler of checked.declarations.handlers) {
      const entry = setField(handler.node, 'timeout');
      if (entry === undefined || resolveTimeout(rule, entry.value).issue !== 'capped') continue;
      const value = entry.value.kind === 'scalar' ? entry.value.value : null;
      report({
        message: `timeout ${JSON.stringify(value)} is above the ${rule.maxMs / 1000}s maximum; the hook is stopped after ${rule.maxMs / 1000}s`,
        pos: entry.value.pos,
      });
    }
  },
};
