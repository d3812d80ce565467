import { shellFormPlaceholder } from '../../../../src/dialects/claude/rules/shell-form-placeholder.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const PLUGIN_HOOKS = 'home/.claude/plugins/cache/mkt/deploy/1.0.0/hooks/hooks.json';
const SHELL =
  '{ "hooks": { "PostToolUse": [{ "hooks": [{ "type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/notify.sh --token ' +
  '${user_config.api_token}" }] }] } }';
const SETTINGS =
  '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "curl -H \\"X: ${user_config.key}\\" https://x" }] }] } }';

new RuleTester().run(shellFormPlaceholder, {
  valid: [
    {
      name: 'exec form: each argument is one word (cc errors, the remedy)',
      files: {
        [PLUGIN_HOOKS]:
          '{ "hooks": { "PostToolUse": [{ "hooks": [{ "type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/notify.sh", ' +
          '"args": ["--token", "${user_config.api_token}"] }] }] } }',
      },
    },
    {
      name: 'the plugin option from the environment',
      files: {
        [PLUGIN_HOOKS]:
          '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", ' +
          '"command": "notify --token \\"$CLAUDE_PLUGIN_OPTION_API_TOKEN\\"" }] }] } }',
      },
    },
    {
      name: 'other placeholders in shell form',
      files: {
        [CLAUDE_SETTINGS]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "${CLAUDE_PROJECT_DIR}/x.sh" }] }] } }',
      },
    },
    {
      name: 'a dialect without exec form',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo ${user_config.x}" }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'a plugin hook in shell form (cc changelog 2.1.207)',
      files: { [PLUGIN_HOOKS]: SHELL },
      errors: [
        {
          messageId: 'refused',
          ...positionOf(SHELL, '"${CLAUDE_PLUGIN_ROOT}'),
          message:
            '${user_config.api_token} in a shell-form command: the agent refuses to run this hook, ' +
            'since the substituted value would be re-parsed by the shell; ' +
            'use exec form ("command" is the program, "args" holds "${user_config.api_token}" as one argument)',
        },
      ],
    },
    {
      name: 'in a settings file too, where nothing substitutes it',
      files: { [CLAUDE_SETTINGS]: SETTINGS },
      errors: [
        {
          messageId: 'noValue',
          ...positionOf(SETTINGS, '"curl'),
          message:
            '${user_config.key} in a shell-form command outside a plugin: ' +
            'nothing substitutes it and the shell fails on it ("Bad substitution"); only plugin hooks get such values',
        },
      ],
    },
  ],
});
