import { unreadFile } from '../../../src/lint/rules/unread-file.js';
import { OCTO_YAML, RuleTester } from '../rule-tester.js';

// Issue 11 item 15; seed 001 lines 22-23: octo reads ~/.octo/hooks.yml and .octo/hooks.yml only.
new RuleTester().run(unreadFile, {
  valid: [
    { name: 'a hooks.yml', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: ./notify.sh\n' } },
    { name: 'a codex hooks.json in a regular checkout', files: { 'project/.codex/hooks.json': '{ "hooks": {} }\n' } },
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
  ],
});
