import { ifGuardBypassable } from '../../../../src/dialects/claude/rules/if-guard-bypassable.js';
import { CLAUDE_CODE } from '../../../../src/dialects/claude/agent-version.js';
import { CLAUDE_SETTINGS, CODEX_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const settings = (event: string, rule: string, matcher = 'Bash') =>
  `{\n  "hooks": {\n    "${event}": [\n      { "matcher": "${matcher}", "hooks": [{ "type": "command", "if": ${JSON.stringify(rule)}, ` +
  '"command": "./guard.sh" }] }\n    ]\n  }\n}\n';
const RM_GUARD = settings('PreToolUse', 'Bash(rm *)');
const PUSH_PERMISSION = settings('PermissionRequest', 'Bash(git push:*)');

new RuleTester().run(ifGuardBypassable, {
  valid: [
    { name: 'a guard without if (it matches the command in its script)', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', 'Bash') } },
    { name: 'Bash(*) names no command', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', 'Bash(*)') } },
    { name: 'a parameter rule', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', 'Bash(run_in_background:true)') } },
    { name: 'a path in the rule', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', 'Bash(./deploy.sh *)') } },
    { name: 'a rule that starts with a glob names no command', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', 'Bash(*rm*)') } },
    { name: 'another tool', files: { [CLAUDE_SETTINGS]: settings('PreToolUse', 'Edit(*.ts)', 'Edit') } },
    { name: 'PostToolUse reacts after the fact: not a guard', files: { [CLAUDE_SETTINGS]: settings('PostToolUse', 'Bash(rm *)') } },
    { name: 'codex has no if', files: { [CODEX_JSON]: settings('PreToolUse', 'Bash(rm *)') } },
  ],
  invalid: [
    {
      name: 'a PreToolUse rm guard',
      files: { [CLAUDE_SETTINGS]: RM_GUARD },
      errors: [
        {
          messageId: 'bypassed',
          ...positionOf(RM_GUARD, '"Bash(rm *)"'),
          message:
            `${CLAUDE_CODE} tests the \`if\` rule "Bash(rm *)" against the command words as written, so it does not run this ` +
            'PreToolUse hook for `sudo rm …`, `/usr/bin/rm …`, `env rm …`, `bash -c \'rm …\'`, `eval "rm …"`: ' +
            'a guard here is bypassed by those forms; match the command in the hook script instead (matcher "Bash" without "if")',
        },
      ],
    },
    {
      name: 'a PermissionRequest rule in the `:*` form names the whole prefix',
      files: { [CLAUDE_SETTINGS]: PUSH_PERMISSION },
      errors: [
        {
          messageId: 'bypassed',
          ...positionOf(PUSH_PERMISSION, '"Bash(git push:*)"'),
          data: {
            agent: `${CLAUDE_CODE}`,
            field: 'if',
            rule: '"Bash(git push:*)"',
            event: 'PermissionRequest',
            forms: '`sudo git push …`, `/usr/bin/git push …`, `env git push …`, `bash -c \'git push …\'`, `eval "git push …"`',
          },
        },
      ],
    },
  ],
});
