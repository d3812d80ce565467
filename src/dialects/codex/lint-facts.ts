import type { LintFacts } from '../../config/lint-facts.js';
import { provenAgentText } from '../shared/agent-versions.js';
import { familySpec } from './family-spec.js';
import { projectAnchor } from './project-anchor.js';

/** What Codex does that the shared lint rules say in their findings (LintFacts): the family's, and Codex's own. */
export const lintFacts: LintFacts = {
  ...familySpec.lint,
  // Issue 39, from each event's schema description (docs/dialects.md): exit 2 cannot block these.
  exitTwoIgnored: {
    SessionStart: 'Codex takes it as a failure without effect (`continue: false` stops the session start)',
    SubagentStart: 'Codex takes it as a failure without effect',
    PreCompact: 'Codex takes it as a failure (`continue: false` cancels the compaction)',
    PostCompact: 'Codex takes it as a failure',
  },
  // Codex finds .codex/ from the git root (project_root_markers) but runs hooks in the session's cwd:
  // a relative path breaks in a session started in a subdirectory (issue 39).
  projectAnchor: {
    ...projectAnchor,
    cwdPremise:
      'Codex finds .codex/ from the git root but runs hooks in the directory the session started in: ' +
      'in a session started in a subdirectory',
  },
  // hook_config.rs reads events into a map and skips names it does not know (SPEC-dialects 9.2); the
  // release named is the proven one (src/dialects/shared/agent-versions.ts), so a bump renames it.
  unknownEventIgnored: { agent: provenAgentText('codex'), effect: 'skips this event' },
  // codex-rs/core/src/tools/hook_names.rs: hooks see Bash, apply_patch (Edit, Write), spawn_agent (Agent), mcp__…
  toolNames: {
    // Other agents' names for these: the registry adds them from the cross-agent concordance.
    tools: ['Bash', 'apply_patch', 'Edit', 'Write', 'spawn_agent', 'Agent'],
  },
};
