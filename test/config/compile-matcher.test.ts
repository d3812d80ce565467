import { describe, expect, it } from 'vitest';
import { compileMatcher, type MatcherSyntax } from '../../src/config/compile-matcher.js';

function compiled(source: string | null, syntax: MatcherSyntax) {
  const result = compileMatcher(source, syntax);
  if (!result.ok) throw new Error(result.error);
  return result.matcher;
}

describe('compileMatcher (exact-list-or-regex: Codex, Rust regex syntax)', () => {
  it.each([null, '', '*'])('%j matches everything', (source) => {
    const matcher = compiled(source, 'exact-list-or-regex');
    expect(matcher.kind).toBe('all');
    expect(matcher.test('anything')).toBe(true);
  });

  it('treats a name list as exact pieces and lists them', () => {
    const matcher = compiled('Bash|Edit', 'exact-list-or-regex');
    expect(matcher.kind).toBe('exact');
    expect(matcher.names).toEqual(['Bash', 'Edit']);
    expect(['Bash', 'Edit', 'BashOutput', 'Write', 'bash'].map((c) => matcher.test(c))).toEqual([true, true, false, false, false]);
  });

  it('treats anything else as an unanchored case-sensitive regex', () => {
    const matcher = compiled('^mcp__.*__read', 'exact-list-or-regex');
    expect(matcher.kind).toBe('regex');
    expect(matcher.names).toBeUndefined();
    expect(matcher.test('mcp__fs__read_file')).toBe(true);
    expect(matcher.test('MCP__fs__read_file')).toBe(false);
    expect(compiled('Bash.', 'exact-list-or-regex').test('xBashOutput')).toBe(true);
  });

  it.each([
    ['^tool_17$', ['tool_17']],
    ['^(Edit|Write)$', ['Edit', 'Write']],
    ['^(?:mcp__fs__read|mcp__fs__write)$', ['mcp__fs__read', 'mcp__fs__write']],
  ])('lists the names an anchored literal regex %j can match', (source, names) => {
    const matcher = compiled(source, 'exact-list-or-regex');
    expect(matcher.names).toEqual(names);
    for (const name of names) expect(matcher.test(name)).toBe(true);
    expect(matcher.test(`${names[0]}x`)).toBe(false);
  });

  it.each([
    ['(?i)bash', 'BASH', 'zsh'],
    ['^(?P<tool>Bash)$', 'Bash', 'Bashx'],
    ['^[[:alpha:]]+$', 'Bash', 'Bash1'],
    ['^\\pL+$', 'Édit', 'Edit2'],
    ['^\\x{42}ash$', 'Bash', 'bash'],
    ['\\ABash\\z', 'Bash', 'Bash\n'],
  ])('reads %j as the agent does', (source, matching, other) => {
    const matcher = compiled(source, 'exact-list-or-regex');
    expect(matcher.test(matching)).toBe(true);
    expect(matcher.test(other)).toBe(false);
  });

  it.each([
    ['(?=Bash)', 'look-around, including look-ahead and look-behind, is not supported'],
    ['(?<!x)Bash', 'look-around, including look-ahead and look-behind, is not supported'],
    ['(a)\\1', 'backreferences are not supported'],
    ['(Bash', 'unclosed group'],
    ['[a-', 'unclosed character class'],
  ])('refuses %j in the words of Rust regex', (source, error) => {
    expect(compileMatcher(source, 'exact-list-or-regex')).toEqual({ ok: false, error });
  });
});

describe('compileMatcher (octo: Go RE2 syntax)', () => {
  it('absent matches everything; text is always an unanchored regex', () => {
    expect(compiled(null, 'regex').kind).toBe('all');
    const matcher = compiled('terminal', 'regex');
    expect(matcher.kind).toBe('regex');
    expect(matcher.test('run_terminal_cmd')).toBe(true);
    expect(matcher.test('read_file')).toBe(false);
  });

  it.each([
    ['(?i)TERMINAL', ['run_terminal_cmd', 'Terminal'], ['read_file']],
    ['(?s)^a.b$', ['a\nb'], ['a\n\nb']],
    ['(?m)^write$', ['edit\nwrite'], ['rewrite']],
    ['shell|(?i)terminal', ['TERMINAL', 'shell'], ['SHELL']],
    ['(?i:term)inal', ['TERMinal'], ['TERMINAL']],
    ['^(?U)a+$', ['aaa'], ['b']],
    ['\\Q.*\\E', ['a.*b'], ['ab']],
  ])('reads %j with RE2 flags and syntax', (source, matching, other) => {
    const matcher = compiled(source, 'regex');
    expect(matcher.source).toBe(source);
    expect(matching.map((candidate) => matcher.test(candidate))).toEqual(matching.map(() => true));
    expect(other.map((candidate) => matcher.test(candidate))).toEqual(other.map(() => false));
  });

  it.each([
    ['(?=terminal)', 'error parsing regexp: invalid or unsupported Perl syntax: `(?=`'],
    ['(a)\\1', 'error parsing regexp: invalid escape sequence: `\\1`'],
    ['[a-', 'error parsing regexp: missing closing ]: `[a-`'],
  ])("refuses %j with Go regexp's message", (source, error) => {
    expect(compileMatcher(source, 'regex')).toEqual({ ok: false, error });
  });
});
