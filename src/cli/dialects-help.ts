import { DIALECT_IDS, manifestOf } from '../dialects/registry.js';

/** The "Dialects" section of `hookctl --help`: every registered dialect, its agent and its project config files. */
export function dialectsHelp(): string {
  const width = Math.max(...DIALECT_IDS.map((id) => id.length));
  const rows = DIALECT_IDS.map((id) => {
    // The list and each row come from the manifests, so a new dialect shows up here by itself.
    const { agentName, configDir, configFiles, events, userConfigDir } = manifestOf(id);
    const agent = agentName ? `${agentName}: ` : '';
    const files = configFiles.map((file) => `${configDir}/${file}`).join(', ');
    return `  ${id.padEnd(width)}  ${agent}${files} (and ~/${userConfigDir ?? configDir}/); ${events.length} events`;
  });
  const title = 'Dialects (--dialect, else detected from the hook config files present; several in one place: pass --dialect):';
  return `\n${title}\n${rows.join('\n')}`;
}
