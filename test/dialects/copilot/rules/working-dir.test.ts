import { workingDir } from '../../../../src/dialects/copilot/rules/working-dir.js';
import { positionOf, RuleTester } from '../../../lint/rule-tester.js';

const HOOKS = 'project/.github/hooks/hooks.json';
const USER = 'home/.copilot/hooks/user.json';
const entry = (event: string, cwd: string) =>
  JSON.stringify({ version: 1, hooks: { [event]: [{ type: 'command', bash: './check.sh', cwd }] } });
const at = (text: string) => positionOf(text, '"cwd"');
// The value's position: after `"cwd":`.
const valueAt = (text: string) => ({ line: at(text).line, column: at(text).column + 6 });

// Copilot CLI 1.0.102 (test/agents/copilot/entry-cwd.test.ts): `cwd` is resolved against the project
// directory; an absolute one or `..` runs the hook there; a missing one fails the hook ("hook errored").
new RuleTester().run(workingDir, {
  valid: [
    { name: 'a directory inside the project', files: { [HOOKS]: entry('preToolUse', 'tools'), 'project/tools/check.sh': '' } },
    { name: 'written with ./ and a trailing slash', files: { [HOOKS]: entry('preToolUse', './tools/'), 'project/tools/check.sh': '' } },
    { name: 'an empty cwd is the session directory', files: { [HOOKS]: entry('preToolUse', '') } },
    { name: 'no cwd', files: { [HOOKS]: JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'true' }] } }) } },
    {
      name: "a user hook's cwd is taken from the project directory too",
      files: { [USER]: entry('postToolUse', 'tools'), 'project/tools/check.sh': '' },
      effective: true,
    },
    { name: 'under an unknown event the hook never runs', files: { [HOOKS]: entry('preToolCall', 'gone') } },
  ],
  invalid: [
    {
      name: 'a missing directory on preToolUse: the hook cannot start, so every call it matches is denied',
      files: { [HOOKS]: entry('preToolUse', 'gone') },
      errors: [
        {
          messageId: 'missing',
          ...valueAt(entry('preToolUse', 'gone')),
          severity: 'error',
          data: {
            dir: '<root>/project/gone',
            problem: 'does not exist',
            effect: ' (it denies every tool call the hook matches: "hook errored")',
          },
        },
      ],
    },
    {
      name: 'a file where the directory should be, on postToolUse',
      files: { [HOOKS]: entry('postToolUse', 'notes.txt'), 'project/notes.txt': 'x' },
      errors: [
        {
          messageId: 'missing',
          ...valueAt(entry('postToolUse', 'notes.txt')),
          data: { dir: '<root>/project/notes.txt', problem: 'is not a directory', effect: '' },
        },
      ],
    },
    {
      name: '.. leaves the project',
      files: { [HOOKS]: entry('preToolUse', '..') },
      errors: [{ messageId: 'outside', ...valueAt(entry('preToolUse', '..')), severity: 'warning' }],
    },
    {
      name: 'an absolute directory elsewhere',
      files: { [HOOKS]: entry('sessionStart', '<root>/home') },
      errors: [{ messageId: 'outside', ...valueAt(entry('sessionStart', '<root>/home')), severity: 'warning' }],
    },
  ],
});
