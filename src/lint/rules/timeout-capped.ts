import { createRule } from '../rule.js';
import { timeoutUnit } from '../../config/timeout-unit.js';
import { timeoutsWithIssue } from '../timeouts-with-issue.js';

/**
 * octo caps every timeout, codex and claude the timeout of SessionEnd hooks (claude: the hooks of a
 * SessionEnd share a budget raised to the largest timeout, at most 60 s); a longer one reads as a
 * promise the engine does not keep.
 */
export const timeoutCapped = createRule({
  id: 'timeout-capped',
  severity: 'warning',
  description: 'a timeout above the maximum, which is capped',
  atLoad: true,
  messages: {
    // {{value}} is the value as JSON: a number bare, text quoted.
    capped: 'timeout {{value}} is above the {{maxSeconds}}s maximum; the hook is stopped after {{maxSeconds}}s',
    // Codex: codex-rs/hooks/src/engine/discovery.rs warns "clamping SessionEnd hook timeout to 3s".
    cappedOnEvent: 'timeout {{value}} is above the {{maxSeconds}}s maximum of {{event}} hooks; the agent clamps it to {{maxSeconds}}s',
    // The same, for a dialect whose timeouts are not in seconds ({{unit}}: `ms`).
    cappedOnEventInUnit:
      'timeout {{value}} is above the {{max}} {{unit}} maximum of {{event}} hooks; the agent clamps it to {{max}} {{unit}}',
    // A value at or above the dialect's suspicious number of seconds was probably written in ms (issue 23).
    cappedOnEventMs:
      'timeout {{value}} is above the {{maxSeconds}}s maximum of {{event}} hooks, and looks like milliseconds: ' +
      'timeouts are in seconds ({{value}} ms would be {{seconds}}); the agent clamps it to {{maxSeconds}}s',
  },
  check({ spec, checked, report }) {
    const rule = spec.timeout;
    const unit = timeoutUnit(rule);
    if (rule.unit !== 'go-duration') {
      const events = rule.byEvent ?? {};
      for (const handler of checked.declarations.handlers) {
        const event = handler.group.event.name;
        if (!Object.hasOwn(events, event)) continue;
        for (const node of timeoutsWithIssue([handler], rule, 'capped', events)) {
          const value = node.kind === 'scalar' ? node.value : null;
          if (rule.unit === 'milliseconds') {
            const data = { value: JSON.stringify(value), max: unit.fromMs(events[event]!.maxMs), unit: unit.symbol, event };
            report({ messageId: 'cappedOnEventInUnit', data, pos: node.pos });
            continue;
          }
          const data = { value: JSON.stringify(value), maxSeconds: events[event]!.maxMs / 1000, event };
          if (typeof value === 'number' && value >= rule.suspiciousSeconds)
            report({ messageId: 'cappedOnEventMs', data: { ...data, seconds: value / 1000 }, pos: node.pos });
          else report({ messageId: 'cappedOnEvent', data, pos: node.pos });
        }
      }
      return;
    }
    for (const node of timeoutsWithIssue(checked.declarations.handlers, rule, 'capped')) {
      const value = node.kind === 'scalar' ? node.value : null;
      report({ messageId: 'capped', data: { value: JSON.stringify(value), maxSeconds: rule.maxMs / 1000 }, pos: node.pos });
    }
  },
});
