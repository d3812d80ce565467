import { httpEnvAllowed } from '../../../../src/dialects/claude/rules/http-env-allowed.js';
import { CLAUDE_SETTINGS, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const http = (allowed: string[], extra = '') =>
  `{ ${extra}"hooks": { "Stop": [{ "hooks": [{ "type": "http", "url": "http://localhost:8080/x", ` +
  `"headers": { "Authorization": "Bearer $TOKEN" }, "allowedEnvVars": ${JSON.stringify(allowed)} }] }] } }`;
const WIDENED = http(['TOKEN', 'AWS_SECRET_ACCESS_KEY'], '"httpHookAllowedEnvVars": ["AWS_SECRET_ACCESS_KEY"], ');
const NO_LIST = http(['TOKEN']);

new RuleTester().run(httpEnvAllowed, {
  valid: [
    { name: 'no list anywhere: allowedEnvVars alone decides, as the hook says', files: { [CLAUDE_SETTINGS]: NO_LIST } },
    { name: 'an HTTP hook without allowedEnvVars interpolates nothing', files: { [CLAUDE_SETTINGS]: http([]) } },
    {
      name: 'a command hook',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
  ],
  invalid: [
    {
      name: "a project list widens the user's one (Claude's arrays merge): each name with the file that allowed it",
      files: { 'home/.claude/settings.json': '{ "httpHookAllowedEnvVars": ["TOKEN"] }', [CLAUDE_SETTINGS]: WIDENED },
      errors: [
        {
          messageId: 'effective',
          file: CLAUDE_SETTINGS,
          ...positionOf(WIDENED, '["TOKEN","AWS'),
          data: {
            names: 'TOKEN (from <root>/home/.claude/settings.json), AWS_SECRET_ACCESS_KEY (from .claude/settings.json)',
            setting: 'httpHookAllowedEnvVars',
            blocked: '',
          },
        },
      ],
    },
  ],
});
