import { DIALECT_IDS, manifestOf } from '../dialects/registry.js';

/** What each dialect id stands for; the list itself comes from the registry, so a new dialect shows up here by itself. */
const AGENT: Readonly<Record<string, string>> = { claude: 'Claude Code', codex: 'OpenAI Codex', gemini: 'Gemini CLI' };

/** The "Dialects" section of `hookctl --help`: every registered dialect, its agent and its project config files. */
export function dialectsHelp(): string {
  const width = Math.max(...DIALECT_IDS.map((id) => id.length));
  const rows = DIALECT_IDS.map((id) => {
    const { configDir, configFiles, events } = manifestOf(id);
    const agent = AGENT[id] ? `${AGENT[id]}: ` : '';
    const files = configFiles.map((file) => `${configDir}/${file}`).join(', ');
    return `  ${id.padEnd(width)}  ${agent}${files} (and ~/${configDir}/); ${events.length} events`;
  });
  const title = 'Dialects (--dialect, else detected from the hook config files present; several in one place: pass --dialect):';
  return `\n${title}\n${rows.join('\n')}`;
}
