import { invalidMatcher } from '../../../src/lint/rules/invalid-matcher.js';
import { CLAUDE_SETTINGS, OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const message = (matcher: string, error: string) =>
  `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${error}); the hooks of this group never run`;
const refused = (matcher: string, error: string) =>
  `matcher ${JSON.stringify(matcher)} is not a valid regular expression (${error}); octo refuses to start with this configuration`;

new RuleTester().run(invalidMatcher, {
  valid: [
    {
      name: 'a valid matcher in JSON',
      files: { [OI_JSON]: '{ "hooks": { "PreToolUse": [{ "matcher": "^Bash$", "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
    {
      name: 'a valid matcher in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - matcher: "terminal|shell"\n      command: x\n' },
    },
    {
      name: 'YAML with a leading Go RE2 flag group',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - matcher: "(?i)TERMINAL"\n      command: x\n' },
    },
    // RE2 (re2js) reads flag groups anywhere, as Go does.
    {
      name: 'YAML, an RE2 flag group past the start',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - matcher: "shell|(?i)terminal"\n      command: x\n' },
    },
    {
      name: 'JSON with Rust named groups and POSIX classes',
      files: {
        [OI_JSON]:
          '{ "hooks": { "PreToolUse": [{ "matcher": "^(?P<t>[[:alpha:]]+)$", "hooks": [{ "type": "command", "command": "x" }] }] } }',
      },
    },
    {
      name: 'a valid matcher in TOML',
      files: { [OI_TOML]: '[[hooks.PostToolUse]]\nmatcher = \'mcp__.*\'\n[[hooks.PostToolUse.hooks]]\ntype = "command"\ncommand = "x"\n' },
    },
    // matcher-ignored covers those.
    {
      name: 'no compiling of matchers on events that ignore them',
      files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - matcher: "("\n      command: x\n' },
    },
  ],
  invalid: [
    {
      name: 'a regex that does not compile in JSON, with the regex error',
      files: {
        [OI_JSON]:
          '{\n  "hooks": {\n    "PreToolUse": [{ "matcher": "(Bash", "hooks": [{ "type": "command", "command": "x" }] }]\n  }\n}\n',
      },
      // Rust regex's words (Codex's engine).
      errors: [
        {
          messageId: 'invalidRegex',
          line: 3,
          column: 33,
          data: { matcher: '"(Bash"', error: 'unclosed group' },
          message: message('(Bash', 'unclosed group'),
        },
      ],
    },
    {
      // The example in docs/rules/README.md.
      name: 'a regex that does not compile on one line of JSON',
      files: { [OI_JSON]: '{ "hooks": { "PreToolUse": [{ "matcher": "(Bash", "hooks": [{ "type": "command", "command": "x" }] }] } }' },
      errors: [{ messageId: 'invalidRegex', line: 1, column: 42, data: { matcher: '"(Bash"', error: 'unclosed group' } }],
    },
    {
      name: 'a regex that does not compile in YAML',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - matcher: "[a-"\n      command: x\n' },
      // Go regexp's words (octo's engine), and octo refuses the configuration (SPEC 3.2).
      errors: [
        {
          messageId: 'invalidRegexRefused',
          line: 3,
          column: 16,
          message: refused('[a-', 'error parsing regexp: missing closing ]: `[a-`'),
        },
      ],
    },
    {
      name: 'look-ahead in JSON, refused as Rust regex refuses it',
      files: { [OI_JSON]: '{ "hooks": { "PreToolUse": [{ "matcher": "(?!Read)", "hooks": [{ "type": "command", "command": "x" }] }] } }' },
      errors: [
        {
          messageId: 'invalidRegex',
          line: 1,
          column: 42,
          message: message('(?!Read)', 'look-around, including look-ahead and look-behind, is not supported'),
        },
      ],
    },
    {
      name: 'a regex that does not compile in TOML',
      files: { [OI_TOML]: '[[hooks.PostToolUse]]\nmatcher = \'*mcp\'\n[[hooks.PostToolUse.hooks]]\ntype = "command"\ncommand = "x"\n' },
      errors: [{ messageId: 'invalidRegex', line: 2, column: 11, message: message('*mcp', 'repetition operator missing expression') }],
    },
    {
      // SPEC-dialects 8.3: claude matchers are JavaScript regexes, evaluated only by a linear-time engine.
      name: 'claude: a valid JavaScript look-ahead that no linear-time engine can run',
      files: {
        [CLAUDE_SETTINGS]: '{ "hooks": { "PreToolUse": [{ "matcher": "^(?!Read)", "hooks": [{ "type": "command", "command": "x" }] }] } }',
      },
      errors: [
        {
          messageId: 'unsupportedRegex',
          line: 1,
          column: 42,
          data: { matcher: '"^(?!Read)"', error: 'look-around (look-ahead or look-behind) has no linear-time equivalent' },
        },
      ],
    },
  ],
});
