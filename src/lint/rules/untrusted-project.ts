import { createRule } from '../rule.js';

/**
 * A layer the agent reads past (codex: a project the user has not trusted loads no project config,
 * hooks included). Not an error in the file — the agent just never sees it — so it is info, and the
 * agent's own sentence says how to trust the project.
 */
export const untrustedProject = createRule({
  id: 'untrusted-project',
  severity: 'info',
  description: 'hooks in a project the agent does not load because the user has not trusted it',
  atLoad: true,
  messages: {
    // {{reason}} is the agent's sentence, e.g. "To load project-local config, hooks, and exec policies,
    // add /p as a trusted project in ~/.codex/config.toml."
    notLoaded: 'these hooks never run: the agent loads no config from this project. {{reason}}',
  },
  check({ checked, report }) {
    const { file, declarations } = checked;
    if (file.disabled?.reason !== 'workspace-untrusted' || declarations.hooks === undefined) return;
    report({ messageId: 'notLoaded', data: { reason: file.disabled.message }, pos: declarations.hooks.keyPos });
  },
});
