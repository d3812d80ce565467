import type { DialectConcordance } from '../../kit/index.js';
import { CLAUDE_EVENTS } from './events.js';

/**
 * Claude Code's row of the cross-agent concordance: its event names are the canonical ones; its
 * tools as hooks see them in `tool_name` (tool-names.ts, 2.1.328).
 */
export const concordance: DialectConcordance = {
  canonical: true,
  events: Object.fromEntries(CLAUDE_EVENTS.map((event) => [event.name, event.name])),
  tools: {
    shell: 'Bash',
    edit: 'Edit',
    write: 'Write',
    read: 'Read',
    glob: 'Glob',
    grep: 'Grep',
    fetch: 'WebFetch',
    search: 'WebSearch',
    agent: 'Agent',
    todo: 'TodoWrite',
  },
  // Names of older Claude Code versions that copied configs still carry: MultiEdit (gone by 2.1.328,
  // edits arrive as Edit), Task (the subagent tool before 2.1.63), LS (not in 2.1.328's tool list).
  otherNames: { MultiEdit: { tool: 'edit' }, Task: { tool: 'agent' }, LS: { tool: 'list' } },
  inputs: { shell: 'command', write: 'file_path', edit: 'file_path', read: 'file_path' },
};
