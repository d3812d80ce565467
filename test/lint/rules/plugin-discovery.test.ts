import { pluginDiscovery } from '../../../src/lint/rules/plugin-discovery.js';
import { RuleTester, type RuleTests } from '../rule-tester.js';

const CLAUDE_USER = 'home/.claude/settings.json';
const CLAUDE_CACHE = 'home/.claude/plugins/cache/market/guard';
const CODEX_USER = 'home/.codex/config.toml';
const CODEX_PLUGIN = 'home/.codex/plugins/cache/market/guard/1.0.0';
const hooksFile = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }] } }';
const enable = (id: string) => `{\n  "enabledPlugins": {\n    "${id}": true\n  }\n}\n`;

type Tests = RuleTests<keyof typeof pluginDiscovery.meta.messages & string>;

/** claude: SPEC-dialects 8.1, cc plugins-reference (the cache, the manifest's `hooks`). */
const claude: Tests = {
  valid: [
    {
      name: 'an installed plugin',
      files: { [CLAUDE_USER]: enable('guard@market'), [`${CLAUDE_CACHE}/1.0.0/hooks/hooks.json`]: hooksFile },
      effective: true,
    },
    {
      name: 'a disabled plugin that is not installed',
      files: { [CLAUDE_USER]: '{ "enabledPlugins": { "guard@market": false } }' },
      effective: true,
    },
    {
      name: 'a manifest naming hooks files that exist',
      files: {
        [CLAUDE_USER]: enable('guard@market'),
        [`${CLAUDE_CACHE}/1.0.0/.claude-plugin/plugin.json`]: '{ "name": "guard", "hooks": ["./extra/hooks.json"] }',
        [`${CLAUDE_CACHE}/1.0.0/extra/hooks.json`]: hooksFile,
      },
      effective: true,
    },
    {
      name: 'a plugin repository whose manifest names a hooks file that exists, and the standard one again (loaded once)',
      files: {
        'plugin/.claude-plugin/plugin.json': '{ "name": "guard", "hooks": ["./extra/hooks.json", "./hooks/hooks.json"] }',
        'plugin/extra/hooks.json': hooksFile,
        'plugin/hooks/hooks.json': hooksFile,
      },
      lint: ['plugin/.claude-plugin/plugin.json', 'plugin/hooks/hooks.json'],
    },
  ],
  invalid: [
    {
      name: 'an enabled plugin that is not installed',
      files: { [CLAUDE_USER]: enable('guard@market') },
      effective: true,
      errors: [
        {
          messageId: 'notInstalled',
          line: 3,
          column: 5,
          data: { id: 'guard@market', dir: `<root>/${CLAUDE_CACHE}` },
          message: `plugin guard@market is enabled but not installed: <root>/${CLAUDE_CACHE} does not exist; its hooks are not loaded`,
        },
      ],
    },
    {
      name: 'an id that is not name@marketplace',
      files: { [CLAUDE_USER]: enable('guard') },
      effective: true,
      errors: [
        { messageId: 'notAPluginId', line: 3, column: 5, message: '"guard" is not a plugin id of the form name@marketplace; ignored' },
      ],
    },
    {
      name: 'a cache directory without a version',
      files: { [CLAUDE_USER]: enable('guard@market'), [`${CLAUDE_CACHE}/.hidden`]: '' },
      effective: true,
      errors: [{ messageId: 'noVersion', line: 3, column: 5, data: { id: 'guard@market', dir: `<root>/${CLAUDE_CACHE}` } }],
    },
    {
      name: 'several cached versions',
      files: {
        [CLAUDE_USER]: enable('guard@market'),
        [`${CLAUDE_CACHE}/1.0.0/hooks/hooks.json`]: hooksFile,
        [`${CLAUDE_CACHE}/2.0.0/hooks/hooks.json`]: hooksFile,
      },
      effective: true,
      errors: [
        {
          messageId: 'severalVersions',
          line: 3,
          column: 5,
          data: { id: 'guard@market', count: 2, chosen: /^[12]\.0\.0$/, others: /^[12]\.0\.0$/ },
        },
      ],
    },
    {
      name: 'manifest hooks entries: outside the plugin, missing, of another kind',
      files: {
        [CLAUDE_USER]: enable('guard@market'),
        [`${CLAUDE_CACHE}/1.0.0/.claude-plugin/plugin.json`]:
          '{\n  "name": "guard",\n  "hooks": ["../../escape.json", "./missing.json", 7]\n}\n',
      },
      effective: true,
      errors: [
        {
          messageId: 'hooksPathOutside',
          file: `${CLAUDE_CACHE}/1.0.0/.claude-plugin/plugin.json`,
          line: 3,
          column: 13,
          message: 'plugin guard@market: hooks path "../../escape.json" is outside the plugin directory; not loaded',
        },
        {
          messageId: 'hooksFileMissing',
          file: `${CLAUDE_CACHE}/1.0.0/.claude-plugin/plugin.json`,
          line: 3,
          column: 34,
          message: 'plugin guard@market: hooks file "./missing.json" does not exist; not loaded',
        },
        {
          messageId: 'hooksEntryKind',
          file: `${CLAUDE_CACHE}/1.0.0/.claude-plugin/plugin.json`,
          line: 3,
          column: 52,
          message: 'plugin guard@market: a "hooks" entry must name a hooks file or hold hooks config; this number is ignored',
        },
      ],
    },
    {
      name: 'a plugin repository (issue 23): its manifest names a file outside it, and the standard file that is absent',
      files: {
        'plugin/.claude-plugin/plugin.json': '{\n  "name": "guard",\n  "hooks": ["../shared/hooks.json", "./hooks/hooks.json"]\n}\n',
        'shared/hooks.json': hooksFile,
      },
      lint: ['plugin/.claude-plugin/plugin.json'],
      errors: [
        {
          messageId: 'hooksPathOutside',
          file: 'plugin/.claude-plugin/plugin.json',
          line: 3,
          column: 13,
          message: 'plugin guard@local: hooks path "../shared/hooks.json" is outside the plugin directory; not loaded',
        },
        {
          messageId: 'hooksFileMissing',
          file: 'plugin/.claude-plugin/plugin.json',
          line: 3,
          column: 37,
          message: 'plugin guard@local: hooks file "./hooks/hooks.json" does not exist; not loaded',
        },
      ],
    },
    {
      name: 'a plugin repository whose named hooks file is a symbolic link out of it (Claude Code follows links and refuses it)',
      files: {
        'plugin/.claude-plugin/plugin.json': '{\n  "name": "guard",\n  "hooks": "./config/hooks.json"\n}\n',
        'plugin/config/hooks.json': { link: 'secret.txt' },
        'secret.txt': 'token=abc\n',
      },
      lint: ['plugin/.claude-plugin/plugin.json'],
      errors: [{ messageId: 'hooksPathOutside', file: 'plugin/.claude-plugin/plugin.json', line: 3, column: 12 }],
    },
    {
      name: 'hooks in a plugin subagent, which the agent ignores (cc sub-agents §Choose the subagent scope)',
      files: {
        [CLAUDE_USER]: enable('guard@market'),
        [`${CLAUDE_CACHE}/1.0.0/agents/reviewer.md`]:
          '---\nname: reviewer\nhooks:\n  Stop:\n    - hooks:\n        - {type: command, command: "echo done"}\n---\nReview.\n',
      },
      effective: true,
      errors: [
        {
          messageId: 'subagentHooksIgnored',
          file: `${CLAUDE_CACHE}/1.0.0/agents/reviewer.md`,
          line: 3,
          column: 1,
          message:
            'plugin guard@market: hooks in a plugin subagent are ignored by the agent; ' +
            'copy the subagent into the project or user config to use them',
        },
      ],
    },
  ],
};

const codexManifest = (hooks: string) => `{\n  "name": "guard",\n  "hooks": ${hooks}\n}\n`;

/** codex: codex-rs/core-plugins/src/loader.rs append_plugin_hook_file; manifest.rs resolve_manifest_path, resolve_manifest_hooks. */
const codex: Tests = {
  valid: [
    {
      name: 'a manifest path that exists',
      files: {
        [CODEX_USER]: '[plugins."guard@market"]\n',
        [`${CODEX_PLUGIN}/.codex-plugin/plugin.json`]: codexManifest('"./hooks/one.json"'),
        [`${CODEX_PLUGIN}/hooks/one.json`]: hooksFile,
      },
      effective: true,
    },
    {
      name: 'a plugin repository whose manifest names its hooks file',
      files: { 'plugin/.codex-plugin/plugin.json': codexManifest('["./config/hooks.json"]'), 'plugin/config/hooks.json': hooksFile },
      lint: ['plugin/.codex-plugin/plugin.json'],
    },
    {
      name: 'no hooks entry and no default hooks file',
      files: { [CODEX_USER]: '[plugins."guard@market"]\n', [`${CODEX_PLUGIN}/.codex-plugin/plugin.json`]: '{ "name": "guard" }' },
      effective: true,
    },
  ],
  invalid: [
    {
      name: 'a manifest path that does not exist',
      files: {
        [CODEX_USER]: '[plugins."guard@market"]\n',
        [`${CODEX_PLUGIN}/.codex-plugin/plugin.json`]: codexManifest('"./hooks/missing.json"'),
      },
      effective: true,
      errors: [
        {
          messageId: 'failedToRead',
          file: `${CODEX_PLUGIN}/.codex-plugin/plugin.json`,
          line: 3,
          column: 12,
          message: `failed to read plugin hooks config <root>/${CODEX_PLUGIN}/hooks/missing.json: No such file or directory (os error 2)`,
        },
      ],
    },
    {
      name: 'paths Codex ignores',
      files: {
        [CODEX_USER]: '[plugins."guard@market"]\n',
        [`${CODEX_PLUGIN}/.codex-plugin/plugin.json`]: codexManifest('["hooks/a.json", "./", "./x/../b.json", ".//c.json"]'),
      },
      effective: true,
      errors: [
        {
          messageId: 'pathNotDotSlash',
          file: `${CODEX_PLUGIN}/.codex-plugin/plugin.json`,
          line: 3,
          column: 13,
          message: 'ignoring hooks "hooks/a.json": path must start with `./` relative to plugin root',
        },
        { messageId: 'pathIsDotSlash', file: `${CODEX_PLUGIN}/.codex-plugin/plugin.json`, line: 3, column: 29 },
        {
          messageId: 'pathHasParent',
          file: `${CODEX_PLUGIN}/.codex-plugin/plugin.json`,
          line: 3,
          column: 35,
          message: `ignoring hooks "./x/../b.json": path must not contain '..'`,
        },
        { messageId: 'pathOutsideRoot', file: `${CODEX_PLUGIN}/.codex-plugin/plugin.json`, line: 3, column: 52 },
      ],
    },
    {
      name: 'a plugin repository (issue 23) whose manifest names a file that is not there',
      files: { 'plugin/.codex-plugin/plugin.json': codexManifest('["./config/hooks.json"]') },
      lint: ['plugin/.codex-plugin/plugin.json'],
      errors: [
        {
          messageId: 'failedToRead',
          file: 'plugin/.codex-plugin/plugin.json',
          line: 3,
          column: 13,
          message: 'failed to read plugin hooks config <root>/plugin/config/hooks.json: No such file or directory (os error 2)',
        },
      ],
    },
    {
      name: 'a plugin repository whose named hooks file is a symbolic link out of it: not read (the repository is untrusted)',
      files: {
        'plugin/.codex-plugin/plugin.json': codexManifest('["./config/hooks.json"]'),
        'plugin/config/hooks.json': { link: 'secret.txt' },
        'secret.txt': 'token=abc\n',
      },
      lint: ['plugin/.codex-plugin/plugin.json'],
      errors: [
        {
          messageId: 'linkOutside',
          file: 'plugin/.codex-plugin/plugin.json',
          line: 3,
          column: 12,
          data: { file: '<root>/plugin/config/hooks.json', target: /secret\.txt$/ },
        },
      ],
    },
    {
      name: 'a hooks value of another kind',
      files: { [CODEX_USER]: '[plugins."guard@market"]\n', [`${CODEX_PLUGIN}/.codex-plugin/plugin.json`]: codexManifest('7') },
      effective: true,
      errors: [
        {
          messageId: 'hooksValueInvalid',
          file: `${CODEX_PLUGIN}/.codex-plugin/plugin.json`,
          line: 3,
          column: 12,
          message: 'ignoring hooks: expected a string, string array, object, or object array; found number',
        },
      ],
    },
  ],
};

// One run, so that every message is expected in some invalid case across both dialects.
new RuleTester().run(pluginDiscovery, { valid: [...claude.valid, ...codex.valid], invalid: [...claude.invalid, ...codex.invalid] });
