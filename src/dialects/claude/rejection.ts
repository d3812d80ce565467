import type { RejectionCost, RejectionGranularity, RejectionLevel } from '../../config/config-spec.js';
import type { SourceNode } from '../../config/source-tree.js';
import { CLAUDE_CODE } from './agent-version.js';
import { FILE_REJECTING_EVENTS, hooksListHoldsObjects } from './guard-shapes.js';

export { FILE_REJECTING_EVENTS };

/**
 * A `hooks` list holding objects costs the whole file (the binary cannot tell what it guards, so its
 * settings validation fails); any other `hooks` that is not an object only the file's hooks.
 */
function costOf(level: RejectionLevel, value: SourceNode): RejectionCost | undefined {
  return level === 'hooks' && hooksListHoldsObjects(value) ? 'file' : undefined;
}

/**
 * What Claude Code drops for a value its settings schema rejects, in a user, project, local or
 * plugin hooks file (issue 36 item 5; each row proven on the pinned binary by test/agents/claude's
 * `broken` cases, docs/claude.md "Bad files"). The loader repairs the file entry by entry: a handler
 * it rejects is dropped alone, and so is a matcher group (an object matcher, no `hooks`); an event
 * whose value is not a list loses that event; a `hooks` value that is not an object loses every hook
 * of the file while its settings apply, unless it is a list holding objects: then the file is
 * skipped. A setting of the wrong type (`disableAllHooks: "no"`) fails the file's schema: the file is
 * skipped, hooks and settings. On a FILE_REJECTING_EVENTS event any rejected entry skips the file
 * too. Managed files are repaired entry by entry (agent-rejection.ts), and managed-policy.ts says
 * what a guard entry Claude cannot load costs there.
 */
export const claudeRejection: RejectionGranularity = {
  agent: CLAUDE_CODE,
  handler: 'entry',
  group: 'entry',
  event: 'event',
  hooks: 'hooks',
  setting: 'file',
  fileEvents: FILE_REJECTING_EVENTS,
  costOf,
};
