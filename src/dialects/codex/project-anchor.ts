import type { LintFacts } from '../../config/lint-facts.js';

/**
 * How a command of the Codex family (openinterpreter, codex) reaches a project script from any cwd. Hooks run in the
 * turn's cwd, which follows `cd` (SPEC 2.8; SPEC-dialects 9.7), and neither agent sets a project-dir
 * variable (codex-rs/hooks/src/engine/discovery.rs sets only the plugin pair), so the anchor is the
 * repository root git prints; both find project config from that root (`.git` is the default project
 * root marker). Exit 2 blocks on the gate events (SPEC 2.4, SPEC-dialects 9.5).
 */
export const projectAnchor: NonNullable<LintFacts['projectAnchor']> = {
  root: 'git',
  shellPrefix: '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/',
  exitTwo: {
    PreToolUse: 'blocks every tool call it matches',
    PermissionRequest: 'denies every approval request it matches',
    PostToolUse: 'blocks with the error as feedback after every tool call it matches',
    UserPromptSubmit: 'blocks every prompt',
    Stop: 'keeps every turn from ending',
    SubagentStop: 'keeps every subagent from stopping',
  },
};
