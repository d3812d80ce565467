import type { TimeoutRule } from '../config/config-spec.js';
import type { HandlerDeclaration } from '../config/declarations.js';
import { setField } from '../config/field-value.js';
import { resolveTimeout, type TimeoutIssue } from '../config/resolve-timeout.js';
import type { SourceNode } from '../config/source-tree.js';

/** The written `timeout` values of these handlers that the dialect's rule resolves with `issue`. */
export function timeoutsWithIssue(handlers: readonly HandlerDeclaration[], rule: TimeoutRule, issue: TimeoutIssue): SourceNode[] {
  return handlers.flatMap((handler) => {
    const value = setField(handler.node, 'timeout')?.value;
    return value !== undefined && resolveTimeout(rule, value).issue === issue ? [value] : [];
  });
}
