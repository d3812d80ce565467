import { describe, expect, it } from 'vitest';
import { matcherBacktracking } from '../../../src/lint/rules/matcher-backtracking.js';
import { exponentialBacktracking } from '../../../src/config/regex-backtracking.js';
import { CLAUDE_SETTINGS, OI_JSON, positionOf, RuleTester } from '../rule-tester.js';

const group = (event: string, matcher: string) =>
  `{ "hooks": { "${event}": [{ "matcher": ${JSON.stringify(matcher)}, "hooks": [{ "type": "command", "command": "x" }] }] } }`;
const NESTED = group('PreToolUse', '^(mcp__.*)+$');
const LOOKAHEAD = group('PreToolUse', '(?=x)(a|a)*$');

new RuleTester().run(matcherBacktracking, {
  valid: [
    {
      name: 'the documented MCP matchers (cc hooks §Match MCP tools)',
      files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'mcp__.*__write.*') },
    },
    { name: 'an anchored alternation', files: { [CLAUDE_SETTINGS]: group('PostToolUse', '^(Edit|Write|MultiEdit)$') } },
    { name: 'an exact list is no regex', files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'Edit|Write') } },
    { name: 'a dialect whose agent matches in linear time (Rust regex)', files: { [OI_JSON]: group('PreToolUse', '(a+)+$') } },
  ],
  invalid: [
    {
      name: 'a nested repetition that can re-read its own text',
      files: { [CLAUDE_SETTINGS]: NESTED },
      errors: [
        {
          messageId: 'exponential',
          ...positionOf(NESTED, '"^'),
          message:
            'matcher "^(mcp__.*)+$" backtracks exponentially in the agent\'s regex engine: ' +
            'a target that repeats "mcp__mcp__" and then fails to match takes 2^n steps, which can stall the agent; ' +
            'remove the nested or overlapping repetition (e.g. (a+)+ → a+, (a|ab)* → (ab?)*)',
        },
      ],
    },
    {
      name: 'a regex hookctl cannot run (look-ahead) is still checked: the agent runs it',
      files: { [CLAUDE_SETTINGS]: LOOKAHEAD },
      errors: [{ messageId: 'exponential', ...positionOf(LOOKAHEAD, '"(?='), data: { matcher: '"(?=x)(a|a)*$"', pump: '"aa"' } }],
    },
  ],
});

/**
 * The analysis against patterns whose behaviour in a backtracking engine is known (OWASP's ReDoS
 * examples and the common safe matcher shapes). The pump word is the shortest one the analysis finds.
 */
describe('exponential backtracking in JavaScript regexes', () => {
  it.each([
    ['(a+)+$', 'a'],
    ['([a-zA-Z]+)*$', 'a'],
    ['(a|aa)+$', 'aaa'],
    ['(a|a?)+$', 'aa'],
    ['(\\w|\\d)+$', '0a'],
    ['(\\d|\\d\\d)+x', '000'],
    ['^(([a-z])+.)+[A-Z]([a-z])+$', 'aa'],
    ['^(\\w+\\s?)*$', 'a'],
    ['(ab|a|b)*c', 'aba'],
    ['(x+x+)+y', 'xx'],
    ['(.*)*x', 'a'],
    ['(?:a{1,30}){1,30}$', 'a'],
  ])('%s is exponential (pump %s)', (pattern, pump) => {
    expect(exponentialBacktracking(pattern)).toEqual({ pump });
  });

  it.each([
    'Edit|Write',
    'mcp__.*',
    'mcp__memory__.*',
    'mcp__.*__write.*',
    '^mcp__(github|gitlab)__.*$',
    'Notebook.*',
    '^(Read|Write|Edit|Glob|Grep|Bash|WebFetch|WebSearch|Agent|mcp__.*)$',
    '.*a.*b.*c',
    'Bash\\(.*\\)',
    '[a-z]{1,64}$',
    '(?:a|b)*c',
    // `test` succeeds on the first try when the loop may end the match.
    '(a+)+',
    '(a*)+',
  ])('%s is not', (pattern) => {
    expect(exponentialBacktracking(pattern)).toBeNull();
  });

  it('gives up rather than guess on a back-reference', () => {
    expect(exponentialBacktracking('(a+)\\1+$')).toBeNull();
  });
});
