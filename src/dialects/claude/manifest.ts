import type { DialectManifest } from '../../kit/index.js';
import { concordance } from './concordance.js';
import { CLAUDE_EVENTS } from './events.js';

/**
 * claude's data (SPEC-dialects 8.1): `.claude/` holds settings.json and settings.local.json, and
 * skills and subagents whose frontmatter can declare hooks. Its settings are JSON, which
 * openinterpreter (earlier in the registry) claims by extension alone.
 */
export const manifest: DialectManifest = {
  id: 'claude',
  agentName: 'Claude Code',
  configDir: '.claude',
  configFiles: ['settings.json', 'settings.local.json'],
  extensions: ['.json'],
  userConfigDirEnv: 'CLAUDE_CONFIG_DIR',
  // Skill and subagent files carry frontmatter `hooks` (cc hooks §Hooks in skills and agents): linted, never dispatched.
  repositoryFiles: [
    { path: '.claude/settings.json' },
    { path: '.claude/settings.local.json' },
    // The hooks `hookctl serve --http` serves (docs/serve.md, "Over HTTP"): settings-shaped, never read by Claude.
    { path: '.claude/hookctl-served.json', hookctlOnly: true },
    { path: '.claude/skills/*/SKILL.md' },
    { path: '.claude/agents/*.md' },
    // A plugin's repository: its hooks file counts beside its Claude manifest (cc plugins-ref §Plugin structure).
    { path: 'hooks/hooks.json', markers: ['.claude-plugin/plugin.json'] },
    // …and the hooks files and inline hooks its manifest's `hooks` adds (cc plugins-ref §Component path fields).
    { path: '.claude-plugin/plugin.json' },
  ],
  events: CLAUDE_EVENTS,
  concordance,
  cli: {
    httpServe: { servedFile: '.claude/hookctl-served.json' },
    managedFile: { name: 'managed-settings.json', defaultPath: '/etc/claude-code/managed-settings.json' },
    trust: 'none',
    hookSwitch: false,
    switchOffKey: 'disableAllHooks',
    exampleTools: ['Edit', 'Write', 'Read'],
    sessionFlags: [
      {
        name: 'settings',
        placeholder: 'file-or-json',
        value: 'text',
        repeatable: false,
        help: "a settings layer for this session, a file or inline JSON (as the agent's --settings)",
        engineOption: 'settingsFlag',
      },
      {
        name: 'plugin-dir',
        placeholder: 'dir',
        value: 'path',
        repeatable: true,
        help: 'load a plugin from this directory for this session (repeatable)',
        engineOption: 'pluginDirs',
      },
    ],
    agentBinary: 'claude',
    sessionRecords: 'transcripts ($CLAUDE_CONFIG_DIR or ~/.claude, projects/<project>/)',
  },
};
