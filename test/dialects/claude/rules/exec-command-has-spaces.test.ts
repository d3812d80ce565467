import { execCommandHasSpaces } from '../../../../src/dialects/claude/rules/exec-command-has-spaces.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const handler = (fields: string) => `{ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", ${fields} }] }] } }`;
const NODE = handler('"command": "node .claude/hooks/guard.js", "args": []');
const PY = handler('"args": ["${CLAUDE_PROJECT_DIR}/hook.py"], "command": "python3 -u"');

new RuleTester().run(execCommandHasSpaces, {
  valid: [
    {
      name: 'exec form with the program alone (cc hooks §Exec form and shell form)',
      files: { [CLAUDE_SETTINGS]: handler('"command": "node", "args": ["${CLAUDE_PROJECT_DIR}/.claude/hooks/guard.js"]') },
    },
    { name: 'shell form may have spaces', files: { [CLAUDE_SETTINGS]: handler('"command": "node .claude/hooks/guard.js"') } },
    { name: 'a path with spaces is one executable', files: { [CLAUDE_SETTINGS]: handler('"command": "/opt/My Tools/guard", "args": []') } },
    { name: 'a dialect without exec form', files: { [OI_JSON]: handler('"command": "node x.js"') } },
  ],
  invalid: [
    {
      name: 'a bare name with a space and args',
      files: { [CLAUDE_SETTINGS]: NODE },
      errors: [
        {
          messageId: 'spaces',
          ...positionOf(NODE, '"node'),
          message:
            'with "args" set, "command" is one program run without a shell: there is no program named "node .claude/hooks/guard.js", ' +
            'so the hook fails; set "command" to "node" and move the rest into "args"',
        },
      ],
    },
    {
      name: 'an interpreter option in command',
      files: { [CLAUDE_SETTINGS]: PY },
      errors: [{ messageId: 'spaces', ...positionOf(PY, '"python3'), data: { args: 'args', command: '"python3 -u"', program: 'python3' } }],
    },
  ],
});
