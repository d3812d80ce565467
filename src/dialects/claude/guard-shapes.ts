import { getEntry, type SourceNode } from '../../config/source-tree.js';
import { CLAUDE_EVENTS } from './events.js';

/**
 * Events where Claude Code cannot load an entry without skipping what it sits in: a hook there "may
 * be what guards the permissions declared beside it, so nothing it sits in is applied until the
 * entry is fixed or removed" (the binary's loader, its guard set beside the settings validator).
 * Not GUARD_EVENTS: that is the hook runner's set for `onFailure`.
 */
export const FILE_REJECTING_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PermissionRequest', 'PreSkillShellCommand']);

const EVENT_NAMES: ReadonlySet<string> = new Set(CLAUDE_EVENTS.map((event) => event.name));

const isNull = (node: SourceNode) => node.kind === 'scalar' && node.value === null;

/** An object with a guard event's key holding something (not null, not an empty list): guard hooks out of place. */
export function holdsGuardKey(node: SourceNode): boolean {
  return (
    node.kind === 'object' &&
    node.entries.some(
      ({ key, value }) => FILE_REJECTING_EVENTS.has(key) && !isNull(value) && !(value.kind === 'array' && value.items.length === 0),
    )
  );
}

/**
 * A matcher group written where an event map belongs (`"hooks": {"matcher": "Bash", "hooks": […]}`):
 * the binary's single-matcher test. An object that names an event without a `matcher` is an event map.
 */
export function isSingleMatcher(node: SourceNode): boolean {
  if (node.kind !== 'object') return false;
  const hasMatcher = getEntry(node, 'matcher') !== undefined;
  if (!hasMatcher && node.entries.some(({ key }) => EVENT_NAMES.has(key))) return false;
  const hooks = getEntry(node, 'hooks')?.value;
  if (hooks?.kind === 'array') return hooks.items.length > 0;
  return hooks?.kind === 'object' && (hasMatcher || getEntry(hooks, 'type')?.value.kind === 'scalar');
}

/** Guard hooks anywhere down a list (the binary's nested test): a single matcher or an object keyed by a guard event. */
function holdsGuardHooks(node: SourceNode): boolean {
  if (isSingleMatcher(node)) return true;
  if (node.kind === 'array') return node.items.some(holdsGuardHooks);
  return holdsGuardKey(node);
}

/**
 * A `hooks` value written as a list that holds objects (`"hooks": [{"PreToolUse": […]}]`), or guard
 * hooks in lists nested in it. Claude Code 2.1.332 cannot tell what such a list guards: a settings
 * file with it is skipped whole, its settings too, and a managed one loses its hooks or, with no other
 * managed policy, stops Claude from starting. Any other list (`[]`, `["x"]`) is dropped with a warning.
 */
export function hooksListHoldsObjects(node: SourceNode): boolean {
  return node.kind === 'array' && node.items.some((item) => item.kind === 'object' || holdsGuardHooks(item));
}
