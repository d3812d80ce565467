import { unreadableScript } from '../../../src/lint/rules/unreadable-script.js';
import { OCTO_YAML, OI_JSON, RuleTester, COPILOT_JSON, copilotHook } from '../rule-tester.js';

// Symlinks to devices, FIFOs, symlink loops and mode-000 files: test/adversarial/hostile-files.test.ts.
const COPILOT_DIR = copilotHook('preToolUse', 'bash .github/hooks/guard');

new RuleTester().run(unreadableScript, {
  valid: [
    {
      name: 'a regular script',
      files: {
        [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: ./scripts/guard.sh\n',
        'project/scripts/guard.sh': { content: '#!/bin/sh\n', executable: true },
      },
    },
    { name: "a missing script is missing-script's", files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: ./scripts/gone.sh\n' } },
    { name: 'a program on PATH', files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: audit-logger --json\n' } },
  ],
  invalid: [
    {
      name: 'copilot: the bash command (issue 42)',
      files: { [COPILOT_JSON]: COPILOT_DIR.text, 'project/.github/hooks/guard/keep': '' },
      errors: [{ messageId: 'unreadable', ...COPILOT_DIR.at }],
    },
    {
      name: 'a directory where the script should be',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: bash scripts/guard.sh\n', 'project/scripts/guard.sh/.keep': '' },
      errors: [
        {
          messageId: 'unreadable',
          line: 3,
          column: 16,
          data: { script: 'scripts/guard.sh', reason: 'it is a directory, not a regular file' },
        },
      ],
    },
    {
      name: 'a NUL byte in the path',
      files: { [OI_JSON]: '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"./s/a\\u0000b.sh"}]}]}}' },
      errors: [
        { messageId: 'unreadable', line: 1, column: 57, data: { script: './s/a\u0000b.sh', reason: 'the path contains a NUL byte' } },
      ],
    },
    {
      name: 'a path too long for the file system',
      files: { [OCTO_YAML]: `hooks:\n  Stop:\n    - command: ./s/${'a'.repeat(5000)}.sh\n` },
      errors: [
        { messageId: 'unreadable', line: 3, column: 16, message: /which can not be read: the path is too long for the file system$/ },
      ],
    },
  ],
});
