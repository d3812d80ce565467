import type { TimeoutRule } from '../config/config-spec.js';
import type { HandlerDeclaration } from '../config/declarations.js';
import { setField } from '../config/field-value.js';
import { resolveTimeout, type TimeoutIssue } from '../config/resolve-timeout.js';
import type { SourceNode } from '../config/source-tree.js';

/**
 * The written `timeout` values of these handlers that the dialect's rule resolves with `issue`;
 * `eventTimeouts` are the rules of events that have their own (codex SessionEnd: TimeoutRule.byEvent).
 */
export function timeoutsWithIssue(
  handlers: readonly HandlerDeclaration[],
  rule: TimeoutRule,
  issue: TimeoutIssue,
  eventTimeouts?: TimeoutRule['byEvent'],
): SourceNode[] {
  return handlers.flatMap((handler) => {
    const value = setField(handler.node, 'timeout')?.value;
    const event = eventTimeouts?.[handler.group.event.name];
    return value !== undefined && resolveTimeout(rule, value, event).issue === issue ? [value] : [];
  });
}
