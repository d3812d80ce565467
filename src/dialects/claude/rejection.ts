import type { RejectionGranularity } from '../../config/config-spec.js';
import { CLAUDE_CODE } from './agent-version.js';

/**
 * Events where Claude Code cannot load an entry without skipping the whole settings file: a hook
 * there "may be what guards the permissions declared beside it, so nothing it sits in is applied
 * until the entry is fixed or removed" (the binary's loader, its guard set beside the settings
 * validator). Not GUARD_EVENTS: that is the hook runner's set for `onFailure`.
 */
export const FILE_REJECTING_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PermissionRequest', 'PreSkillShellCommand']);

/**
 * What Claude Code drops for a value its settings schema rejects, in a user, project, local or
 * plugin hooks file (issue 36 item 5; each row proven on the pinned binary by test/agents/claude's
 * `broken` cases, docs/claude.md "Bad files"). The loader repairs the file entry by entry: a handler
 * it rejects is dropped alone, and so is a matcher group (an object matcher, no `hooks`); an event
 * whose value is not a list loses that event; a `hooks` value that is not an object loses every hook
 * of the file while its settings apply. A setting of the wrong type (`disableAllHooks: "no"`) fails
 * the file's schema: the file is skipped, hooks and settings. On a FILE_REJECTING_EVENTS event any
 * rejected entry skips the file too. Managed files are repaired entry by entry (agent-rejection.ts).
 */
export const claudeRejection: RejectionGranularity = {
  agent: CLAUDE_CODE,
  handler: 'entry',
  group: 'entry',
  event: 'event',
  hooks: 'hooks',
  setting: 'file',
  fileEvents: FILE_REJECTING_EVENTS,
};
