import { setField } from '../../config/field-value.js';
import { resolveTimeout } from '../../config/resolve-timeout.js';
import { ruleMeta, type Rule } from '../rule.js';

/** octo falls back to the default for a bad duration, so `timeout: 20` silently becomes 5s. */
export const invalidTimeout: Rule = {
  meta: ruleMeta('invalid-timeout', 'warning', 'a timeout that is not a positive Go duration (the default applies)'),
  atLoad: true,
  check({ spec, checked, report }) {
    const rule = spec.timeout;
    if (rule.unit !== 'go-duration') return;
    for (const handler of checked.declarations.handlers) {
      const entry = setField(handler.node, 'timeout');
      if (entry?.value.kind !== 'scalar' || resolveTimeout(rule, entry.value).issue !== 'invalid') continue;
      const value = entry.value.value;
      const hint = typeof value === 'number' && value > 0 ? `; a duration needs a unit: write "${value}s"` : '; write a duration such as "10s", "1.5s" or "1m30s"';
      report({
        message: `timeout ${JSON.stringify(value)} is not a positive Go duration, so the default ${rule.defaultMs / 1000}s applies${hint}`,
        pos: entry.value.pos,
      });
    }
  },
};
