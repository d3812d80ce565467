import { httpRequestRefused } from '../../../../src/dialects/claude/rules/http-request-refused.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const http = (url: string, headers: Record<string, string> = {}) =>
  JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'http', url, headers }] }] } }, null, 2);
const CREDENTIALS = http('http://localhost:1@127.0.0.2:8080/x');
const BAD_NAME = http('http://localhost:8080/x', { 'X Token': 'a' });
const SNOWMAN = http('http://localhost:8080/x', { 'X-Note': 'snow \u2603' });
const CONTROL = http('http://localhost:8080/x', { 'X-Note': 'a\u0001b' });

new RuleTester().run(httpRequestRefused, {
  valid: [
    {
      name: 'a plain URL and token headers',
      files: { [CLAUDE_SETTINGS]: http('https://hooks.example.com/x', { Authorization: 'Bearer $TOKEN' }) },
    },
    {
      name: 'CR, LF and NUL in a value are removed by the agent before sending',
      files: { [CLAUDE_SETTINGS]: http('http://localhost:8080/x', { 'X-Note': 'a\r\nb' }) },
    },
    { name: 'Latin-1 beyond ASCII is allowed', files: { [CLAUDE_SETTINGS]: http('http://localhost:8080/x', { 'X-Note': 'caf\u00e9' }) } },
    {
      name: 'a command hook is not an HTTP request',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'credentials in the URL (userinfo smuggling another host past the allow-list)',
      files: { [CLAUDE_SETTINGS]: CREDENTIALS },
      errors: [
        {
          messageId: 'credentials',
          ...positionOf(CREDENTIALS, '"http://localhost:1@'),
          data: { url: '"http://localhost:1@127.0.0.2:8080/x"' },
        },
      ],
    },
    {
      name: 'a header name that is not an HTTP token, reported at the name',
      files: { [CLAUDE_SETTINGS]: BAD_NAME },
      errors: [
        { messageId: 'header', ...positionOf(BAD_NAME, '"X Token"'), data: { problem: 'header name "X Token" is not an HTTP token' } },
      ],
    },
    {
      name: 'a value beyond Latin-1, reported at the value',
      files: { [CLAUDE_SETTINGS]: SNOWMAN },
      errors: [{ messageId: 'header', ...positionOf(SNOWMAN, '"snow') }],
    },
    {
      name: 'a control character in a value',
      files: { [CLAUDE_SETTINGS]: CONTROL },
      errors: [{ messageId: 'header', ...positionOf(CONTROL, '"a\\u0001b"') }],
    },
  ],
});
