import { matcherNeverMatches } from '../../../src/lint/rules/matcher-never-matches.js';
import { OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

// Closed target sets exist only for openinterpreter events (octo matchers work on open tool names).
new RuleTester().run(matcherNeverMatches, {
  valid: [
    {
      name: 'a matcher that fits a closed target in JSON',
      files: {
        [OI_JSON]: '{ "hooks": { "SessionStart": [{ "matcher": "startup|resume", "hooks": [{ "type": "command", "command": "x" }] }] } }',
      },
    },
    {
      name: 'a regex that fits a closed target in TOML',
      files: { [OI_TOML]: '[[hooks.PostCompact]]\nmatcher = "^man"\n[[hooks.PostCompact.hooks]]\ntype = "command"\ncommand = "x"\n' },
    },
    {
      name: 'any matcher on an open target set',
      files: { [OI_JSON]: '{ "hooks": { "PreToolUse": [{ "matcher": "Anything", "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
  ],
  invalid: [
    {
      name: 'a matcher that fits none of the closed targets, with the nearest one',
      files: {
        [OI_JSON]:
          '{\n  "hooks": {\n    "SessionStart": [{ "matcher": "Startup", "hooks": [{ "type": "command", "command": "x" }] }]\n  }\n}\n',
      },
      errors: [
        {
          messageId: 'neverMatchesDidYouMean',
          line: 3,
          column: 35,
          data: {
            matcher: '"Startup"',
            field: 'source',
            event: 'SessionStart',
            targets: 'startup, resume, clear, compact',
            suggestion: 'startup',
          },
          message:
            'matcher "Startup" matches no source of SessionStart (startup, resume, clear, compact), so this hook never runs; ' +
            'did you mean "startup"?',
        },
      ],
    },
    {
      name: 'a matcher that fits none of the closed targets in TOML',
      files: { [OI_TOML]: '[[hooks.PreCompact]]\nmatcher = "^automatic$"\n[[hooks.PreCompact.hooks]]\ntype = "command"\ncommand = "x"\n' },
      errors: [
        {
          messageId: 'neverMatches',
          line: 2,
          column: 11,
          message: 'matcher "^automatic$" matches no trigger of PreCompact (manual, auto), so this hook never runs',
        },
      ],
    },
  ],
});
