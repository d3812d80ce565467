import { urlNotAllowed } from '../../../../src/dialects/claude/rules/url-not-allowed.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const http = (url: string, extra = '') =>
  `{ ${extra}"hooks": { "PostToolUse": [{ "hooks": [{ "type": "http", "url": ${JSON.stringify(url)} }] }] } }`;
const OUTSIDE = http('http://evil.example.net/hook', '"allowedHttpHookUrls": ["https://hooks.example.com/*", "http://localhost:*"],\n');
const EMPTY = http('http://localhost:8080/hooks', '"allowedHttpHookUrls": [], ');
const PROJECT = http('https://audit.example.org/hook');

new RuleTester().run(urlNotAllowed, {
  valid: [
    { name: 'no allow-list: every URL is allowed', files: { [CLAUDE_SETTINGS]: http('http://localhost:8080/hooks/pre-tool-use') } },
    {
      name: 'a URL inside the list (cc settings-ref §allowedHttpHookUrls), host case and a trailing dot ignored',
      files: {
        [CLAUDE_SETTINGS]: http(
          'https://HOOKS.example.com./pre',
          '"allowedHttpHookUrls": ["https://hooks.example.com/*", "http://localhost:*"], ',
        ),
      },
    },
    {
      name: 'lists of two layers merge',
      files: {
        'home/.claude/settings.json': '{ "allowedHttpHookUrls": ["https://audit.example.org/*"] }',
        [CLAUDE_SETTINGS]: http('https://audit.example.org/hook', '"allowedHttpHookUrls": ["http://localhost:*"], '),
      },
    },
    {
      name: 'a dialect without HTTP hooks',
      files: { [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'a URL outside the list',
      files: { [CLAUDE_SETTINGS]: OUTSIDE },
      errors: [
        {
          messageId: 'notAllowed',
          ...positionOf(OUTSIDE, '"http://evil'),
          message:
            'URL "http://evil.example.net/hook" matches no pattern of "allowedHttpHookUrls" ("https://hooks.example.com/*", ' +
            '"http://localhost:*", set in .claude/settings.json), so the agent never calls this hook',
        },
      ],
    },
    {
      name: 'an empty list blocks every HTTP hook',
      files: { [CLAUDE_SETTINGS]: EMPTY },
      errors: [
        {
          messageId: 'noneAllowed',
          ...positionOf(EMPTY, '"http://localhost'),
          data: { setting: 'allowedHttpHookUrls', files: '.claude/settings.json', url: '"http://localhost:8080/hooks"' },
        },
      ],
    },
    {
      name: 'the list of another layer (user settings) applies to the project hook',
      files: { 'home/.claude/settings.json': '{ "allowedHttpHookUrls": ["https://hooks.example.com/*"] }', [CLAUDE_SETTINGS]: PROJECT },
      lint: ['home/.claude/settings.json', CLAUDE_SETTINGS],
      errors: [
        {
          messageId: 'notAllowed',
          file: CLAUDE_SETTINGS,
          ...positionOf(PROJECT, '"https://audit'),
          data: {
            url: '"https://audit.example.org/hook"',
            setting: 'allowedHttpHookUrls',
            patterns: '"https://hooks.example.com/*"',
            files: '<root>/home/.claude/settings.json',
          },
        },
      ],
    },
  ],
});
