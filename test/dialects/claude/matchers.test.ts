import { describe, expect, it } from 'vitest';
import { compileClaudeMatcher } from '../../../src/dialects/claude/matcher.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

const compile = (source: string | null, event = 'PreToolUse') => {
  const result = compileClaudeMatcher(source, event);
  if (!result.ok) throw new Error(`does not compile: ${result.error}`);
  return result.matcher;
};

describe('claude exact-list matchers (cc hooks §Matcher patterns)', () => {
  it.each([
    [null, 'anything', true],
    ['', 'anything', true],
    ['*', 'anything', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Edit|Write', 'Write', true],
    ['Edit, Write', 'Write', true],
    ['Edit , Write', 'Edit', true],
    [' Edit|Write ', 'Edit', true],
    ['code-reviewer', 'code-reviewer', true],
    ['code-reviewer', 'senior-code-reviewer', false],
    ['startup,resume', 'resume', true],
    ['a||b', 'b', true],
    [' , ', 'anything', false],
    // Claude Code matches the subagent tool's old name against its new one (2.1.63 renamed Task to Agent).
    ['Task', 'Agent', true],
    ['Bash|Task', 'Agent', true],
    ['Agent', 'Task', false],
  ])('%j against %j: %s', (source, target, expected) => {
    expect(compile(source).test(target)).toBe(expected);
  });

  it('names the pieces of an exact list, so selection looks them up', () => {
    expect(compile('Edit, Write|Edit').names).toEqual(['Edit', 'Write']);
    expect(compile('Task').names).toEqual(['Task', 'Agent']);
    expect(compile('Task', 'SubagentStart').names).toEqual(['Task']);
  });

  it.each(['FileChanged', 'StopFailure'])('%s keeps the narrow set: commas, hyphens and spaces make a regex', (event) => {
    expect(compile('.envrc,.env', event).kind).toBe('regex');
    expect(compile('.envrc,.env', event).test('.envrc,.env')).toBe(true);
    expect(compile('rate_limit|overloaded', event).kind).toBe('exact');
    expect(compile('my-file', event).kind).toBe('regex');
  });
});

/** Patterns whose meaning must survive the rewrite to RE2 exactly, tested against JavaScript itself. */
const SAME_AS_JAVASCRIPT = [
  'mcp__.*',
  'mcp__memory__.*',
  '^Notebook',
  '.*_test$',
  '^(Edit|Write)$',
  '(?:Edit|Write)+',
  '(?<name>Bash)',
  'a.c',
  'a\\sc',
  'a\\Sc',
  '[\\s]x',
  '\\d+',
  '\\D',
  '\\w+\\b',
  '\\Bb',
  '[^abc]',
  '[a-z-]+',
  '[\\d-z]',
  '[\\-]',
  '\\x41',
  '\\u0041\\u00e9',
  '\\cA',
  '\\0',
  '\\z',
  '\\p',
  '\\Q',
  'a{2}',
  'a{,2}',
  'a{2,}',
  'x{',
  'x}',
  'a]',
  '[]',
  '[^]',
  '[[:alpha:]]',
  '^$',
  'é+',
  '[é-ü]',
  '\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\/',
  'a*?b',
  'a+?',
  'a??',
  '\\n|\\t|\\r|\\f|\\v',
  '[\\b]',
];

const INPUTS = [
  '',
  'Bash',
  'mcp__memory__save',
  'mcp__memory',
  'NotebookEdit',
  'unit_test',
  'unit_test\n',
  'Edit',
  'EditWrite',
  'abc',
  'a\nc',
  'a\rc',
  'a\u2028c',
  'a c',
  'a\u00a0c',
  'a\u3000c',
  '\u00a0x',
  'x',
  '123',
  'word boundary',
  'ab',
  'abb',
  'Z',
  '-',
  'A',
  'Aé',
  '\u0001',
  '\u0000',
  'z',
  'p',
  'Q',
  'aa',
  'aaa',
  'a{,2}',
  'x{',
  'x}',
  'a]',
  ':',
  '[',
  'éé',
  'ï',
  '.*+?()[]{}|^$/',
  '\n',
  '\u000b',
  '\b',
];

describe('claude regex matchers are JavaScript regexes, run in linear time (SPEC-dialects 8.3)', () => {
  it.each(SAME_AS_JAVASCRIPT)('%s answers exactly as new RegExp(…).test does', (pattern) => {
    const matcher = compile(pattern);
    expect(matcher.kind).toBe('regex');
    const javascript = new RegExp(pattern);
    const differences = INPUTS.filter((input) => matcher.test(input) !== javascript.test(input)).map((input) => JSON.stringify(input));
    expect(differences).toEqual([]);
  });

  it('the one known difference: a target with a character outside the BMP is read per code point (docs/claude.md)', () => {
    // JavaScript without the u flag sees two code units in "😀", so `a.c` does not match; RE2 sees one character.
    expect(/a.c/.test('a\u{1f600}c')).toBe(false);
    expect(compile('a.c').test('a\u{1f600}c')).toBe(true);
    // Literal names, the common case, agree: an emoji in a pattern is refused rather than guessed.
    expect(compile('^mcp__.*$').test('mcp__x\u{1f600}')).toBe(/^mcp__.*$/.test('mcp__x\u{1f600}'));
  });

  it.each([
    ['(Bash', 'Unterminated group'],
    ['*mcp', 'Nothing to repeat'],
    ['(?i)bash', 'Invalid group'],
    ['[z-a]', 'Range out of order in character class'],
  ])('%s is invalid in JavaScript, so its group is skipped with the JavaScript error', (pattern, error) => {
    expect(compileClaudeMatcher(pattern, 'PreToolUse')).toEqual({ ok: false, error });
  });

  it.each([
    ['^(?!Read)', 'look-around'],
    ['(?<=mcp__)x', 'look-around'],
    ['(a)\\1', 'back-references'],
    ['(?<t>a)\\k<t>', 'back-references'],
    ['\\1', 'back-references'],
    ['a{1001}', 'repeat count'],
    ['😀+', 'Basic Multilingual Plane'],
  ])('%s is valid JavaScript that no linear-time engine can run the same way: unsupported (%s)', (pattern, words) => {
    const result = compileClaudeMatcher(pattern, 'PreToolUse');
    expect(result).toMatchObject({ ok: false, unsupported: true, error: expect.stringContaining(words) });
  });

  it('a catastrophic-backtracking pattern answers at once on a long target', () => {
    const matcher = compile('^(\\w|\\w)*X$');
    const target = 'a'.repeat(10_000);
    const started = performance.now();
    expect(matcher.test(target)).toBe(false);
    // JavaScript's own engine would take longer than the age of the universe; any bound shows the difference.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('claude matchers through the engine', () => {
  it('selects by exact lists and regexes, and skips a group whose regex cannot run, with a warning', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({
        PreToolUse: [
          group([command('echo list')], 'Edit, Bash'),
          group([command('echo regex')], '^Ba.h$'),
          group([command('echo never')], '(?=Bash)Bash'),
          group([command('echo other')], 'Write'),
        ],
      }),
    );
    const outcome = await dispatchOnce(box, 'PreToolUse');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo list', 'echo regex']);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('matcher "(?=Bash)Bash" cannot be evaluated in linear time'));
  });

  it('FileChanged matches the basename of file_path', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({ FileChanged: [group([command('echo envrc')], '.envrc|.env'), group([command('echo other')], 'package.json')] }),
    );
    const outcome = await dispatchOnce(box, 'FileChanged', { file_path: `${box.project}/.envrc` });
    expect(outcome.matcherTarget).toBe('.envrc');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo envrc']);
  });

  it('matchers on events without a matcher field select every dispatch', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([command('echo any')], 'NeverMatches')] }));
    expect((await dispatchOnce(box, 'Stop')).runs.map((run) => run.command)).toEqual(['echo any']);
  });
});
