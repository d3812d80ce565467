import { permissionAnswerRace } from '../../../../src/dialects/claude/rules/permission-answer-race.js';
import { CLAUDE_SETTINGS, CODEX_JSON, RuleTester } from '../../../lint/rule-tester.js';

const handler = (command: string, extra = '') => `{ "type": "command", "command": "${command}"${extra} }`;
const groups = (event: string, ...entries: [string | null, string][]) =>
  `{\n  "hooks": {\n    "${event}": [\n${entries
    .map(([matcher, hook]) => `      { ${matcher === null ? '' : `"matcher": "${matcher}", `}"hooks": [${hook}] }`)
    .join(',\n')}\n    ]\n  }\n}\n`;
const LOCAL = 'project/.claude/settings.local.json';

new RuleTester().run(permissionAnswerRace, {
  valid: [
    { name: 'one hook', files: { [CLAUDE_SETTINGS]: groups('PermissionRequest', ['Bash', handler('deny.sh')]) } },
    {
      name: 'two hooks for different tools',
      files: { [CLAUDE_SETTINGS]: groups('PermissionRequest', ['Bash', handler('deny.sh')], ['Edit|Write', handler('allow.sh')]) },
    },
    {
      name: 'two regexes: not guessed at',
      files: { [CLAUDE_SETTINGS]: groups('PermissionRequest', ['^Bash.*', handler('deny.sh')], ['.*sh$', handler('allow.sh')]) },
    },
    {
      name: 'an if filter narrows a hook: not guessed at',
      files: {
        [CLAUDE_SETTINGS]: groups('PermissionRequest', ['Bash', handler('deny.sh', ', "if": "Bash(rm *)"')], ['Bash', handler('allow.sh')]),
      },
    },
    {
      name: 'the same command twice runs once',
      files: { [CLAUDE_SETTINGS]: groups('PermissionRequest', ['Bash', handler('gate.sh')], [null, handler('gate.sh')]) },
    },
    {
      name: 'PreToolUse aggregates (deny wins): no race',
      files: { [CLAUDE_SETTINGS]: groups('PreToolUse', ['Bash', handler('deny.sh')], ['Bash', handler('allow.sh')]) },
    },
    {
      name: 'codex: not a first-answer event',
      files: { [CODEX_JSON]: groups('PermissionRequest', ['Bash', handler('deny.sh')], ['Bash', handler('allow.sh')]) },
    },
  ],
  invalid: [
    {
      name: 'a deny guard and an auto-approver on the same tool',
      files: { [CLAUDE_SETTINGS]: groups('PermissionRequest', ['Bash', handler('deny.sh')], ['Bash|Edit', handler('allow.sh')]) },
      errors: [
        {
          messageId: 'race',
          line: 5,
          column: 43,
          message:
            'this PermissionRequest hook and the one at <root>/project/.claude/settings.json:4:38 can both answer for "Bash", and the ' +
            'agent takes the first answer to arrive: a deny from either holds only if it is faster than an allow from the other; ' +
            'decide in one hook',
        },
      ],
    },
    {
      name: 'a matcher-less hook answers for every tool, across the settings files of a layer',
      files: {
        [CLAUDE_SETTINGS]: groups('PermissionRequest', ['mcp__github__merge_pr', handler('deny.sh')]),
        [LOCAL]: groups('PermissionRequest', [null, handler('approve-all.sh')]),
      },
      errors: [
        {
          messageId: 'race',
          file: LOCAL,
          line: 4,
          column: 19,
          data: { event: 'PermissionRequest', other: '<root>/project/.claude/settings.json:4:55', tool: '"mcp__github__merge_pr"' },
        },
      ],
    },
    {
      name: 'two matcher-less hooks',
      files: { [CLAUDE_SETTINGS]: groups('PermissionRequest', [null, handler('a.sh')], ['*', handler('b.sh')]) },
      errors: [
        {
          messageId: 'race',
          line: 5,
          column: 35,
          data: { event: 'PermissionRequest', other: '<root>/project/.claude/settings.json:4:19', tool: 'every tool' },
        },
      ],
    },
  ],
});
