import { watchListPattern } from '../../../../src/dialects/claude/rules/watch-list-pattern.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const group = (event: string, matcher: string) =>
  `{ "hooks": { "${event}": [{ "matcher": ${JSON.stringify(matcher)}, "hooks": [{ "type": "command", "command": "x" }] }] } }`;
const STAR = group('FileChanged', '*');
const GLOBS = group('FileChanged', '.envrc|*.ts|src/[a-z]?');

new RuleTester().run(watchListPattern, {
  valid: [
    { name: 'file names (cc hooks §FileChanged)', files: { [CLAUDE_SETTINGS]: group('FileChanged', '.envrc|.env') } },
    {
      name: 'no matcher: only watchPaths from hooks are watched',
      files: { [CLAUDE_SETTINGS]: '{ "hooks": { "FileChanged": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }' },
    },
    { name: '"*" on another event matches everything', files: { [CLAUDE_SETTINGS]: group('PreToolUse', '*') } },
    { name: 'a dialect without watch lists', files: { [OI_JSON]: group('PostToolUse', '*') } },
  ],
  invalid: [
    {
      name: 'FileChanged "*" watches a file named *',
      files: { [CLAUDE_SETTINGS]: STAR },
      errors: [
        {
          messageId: 'literal',
          ...positionOf(STAR, '"*"'),
          message:
            'FileChanged matchers also name the files to watch, literally: "*" watches a file named "*", not a pattern; ' +
            'list the file names (e.g. ".envrc|.env"), or return "watchPaths" from a hook',
        },
      ],
    },
    {
      name: 'each piece with wildcard characters',
      files: { [CLAUDE_SETTINGS]: GLOBS },
      errors: [
        { messageId: 'literal', ...positionOf(GLOBS, '".envrc'), data: { event: 'FileChanged', piece: '"*.ts"' } },
        { messageId: 'literal', ...positionOf(GLOBS, '".envrc'), data: { event: 'FileChanged', piece: '"src/[a-z]?"' } },
      ],
    },
  ],
});
