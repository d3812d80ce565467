import { unreadFile } from '../../../src/lint/rules/unread-file.js';
import { OCTO_YAML, RuleTester } from '../rule-tester.js';

// Issue 11 item 15; seed 001 lines 22-23: octo reads ~/.octo/hooks.yml and .octo/hooks.yml only.
new RuleTester().run(unreadFile, {
  valid: [
    { name: 'a hooks.yml', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: ./notify.sh\n' } },
    { name: 'a codex hooks.json in a regular checkout', files: { 'project/.codex/hooks.json': '{ "hooks": {} }\n' } },
    {
      name: "a codex plugin's hooks/hooks.json when the manifest names no hooks",
      files: { 'plugin/.codex-plugin/plugin.json': '{ "name": "guard" }', 'plugin/hooks/hooks.json': '{ "hooks": {} }\n' },
      lint: ['plugin/hooks/hooks.json'],
    },
  ],
  invalid: [
    {
      name: 'a hooks.yaml alone',
      files: { 'project/.octo/hooks.yaml': 'hooks:\n  Stop:\n    - command: ./notify.sh\n' },
      errors: [
        {
          messageId: 'renameIt',
          line: 1,
          column: 1,
          message: 'octo never reads hooks.yaml, so nothing in it runs; rename it to hooks.yml',
        },
      ],
    },
    {
      name: 'a hooks.yaml beside a hooks.yml',
      files: { 'project/.octo/hooks.yaml': 'hooks: {}\n', [OCTO_YAML]: 'hooks: {}\n' },
      errors: [
        {
          messageId: 'moveHooks',
          line: 1,
          column: 1,
          message: 'octo never reads hooks.yaml, so nothing in it runs; it reads hooks.yml beside it, so move these hooks there',
        },
      ],
    },
    {
      // codex-rs/config/src/loader/mod.rs merge_root_checkout_project_hooks: a linked worktree (its `.git`
      // file points into the main repository's .git/worktrees/) takes its hooks from the root checkout.
      name: 'a codex hooks.json in a linked git worktree',
      files: {
        'project/.git/worktrees/feature/HEAD': 'ref: refs/heads/feature\n',
        'project/feature/.git': 'gitdir: <root>/project/.git/worktrees/feature\n',
        // The back-link `git worktree add` writes: only a worktree git accepts counts (issue 22).
        'project/.git/worktrees/feature/gitdir': '<root>/project/feature/.git\n',
        'project/feature/.codex/hooks.json': '{ "hooks": {} }\n',
      },
      lint: ['project/feature/.codex/hooks.json'],
      errors: [
        {
          messageId: 'readElsewhere',
          line: 1,
          column: 1,
          message:
            'codex never reads this hooks.json, so nothing in it runs: in this linked git worktree it reads ' +
            '<root>/project/.codex/hooks.json instead',
        },
      ],
    },
    {
      name: "a codex plugin's hooks/hooks.json when the manifest's hooks names another file (codex-rs loader.rs load_plugin_hooks)",
      files: {
        'plugin/.codex-plugin/plugin.json': '{ "name": "guard", "hooks": "./config/hooks.json" }',
        'plugin/config/hooks.json': '{ "hooks": {} }\n',
        'plugin/hooks/hooks.json': '{ "hooks": { "Stop": [] } }\n',
      },
      lint: ['plugin/hooks/hooks.json'],
      errors: [
        {
          messageId: 'manifestNames',
          file: 'plugin/hooks/hooks.json',
          line: 1,
          column: 1,
          message:
            'codex never reads hooks/hooks.json, so nothing in it runs: ' +
            'the "hooks" of <root>/plugin/.codex-plugin/plugin.json takes its place ' +
            '(it is read only when the manifest names no hooks); name it there, or move its hooks',
        },
      ],
    },
  ],
  // Found by the repository scan only (issue 39): expected through the binary there.
  elsewhere: {
    messageIds: ['notReadHere', 'otherAgentsName', 'noManifest', 'noManifestSeveral'],
    test: 'test/lint/near-miss-files.test.ts',
  },
});
