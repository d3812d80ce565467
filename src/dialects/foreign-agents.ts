import type { DialectConcordance } from '../kit/index.js';

/**
 * Rows of the cross-agent concordance for agents hookctl has no dialect for, whose configs are
 * copied into ours (issue 39): their tool names as their hooks see them. Cursor's shell tool is
 * `Shell`; Antigravity's are the edit, file and web tools its configs carry. Adding such an agent
 * is one row here; adding a dialect is one row in its own folder (its manifest's `concordance`).
 */
export const FOREIGN_AGENTS: readonly (DialectConcordance & { readonly agent: string })[] = [
  { agent: 'Cursor', events: {}, tools: { shell: 'Shell' } },
  {
    agent: 'Antigravity',
    events: {},
    tools: {
      shell: 'run_command',
      edit: ['replace_file_content', 'multi_replace_file_content'],
      write: 'write_to_file',
      read: 'view_file',
      glob: 'find_by_name',
      list: 'list_dir',
      fetch: 'read_url_content',
      search: 'search_web',
    },
  },
];
