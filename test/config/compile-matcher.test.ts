import { describe, expect, it } from 'vitest';
import { compileMatcher, type MatcherSyntax } from '../../src/config/compile-matcher.js';

function compiled(source: string | null, syntax: MatcherSyntax) {
  const result = compileMatcher(source, syntax);
  if (!result.ok) throw new Error(result.error);
  return result.matcher;
}

describe('compileMatcher (openinterpreter)', () => {
  it.each([null, '', '*'])('%j matches everything', (source) => {
    const matcher = compiled(source, 'exact-list-or-regex');
    expect(matcher.kind).toBe('all');
    expect(matcher.test('anything')).toBe(true);
  });

  it('treats a name list as exact pieces', () => {
    const matcher = compiled('Bash|Edit', 'exact-list-or-regex');
    expect(matcher.kind).toBe('exact');
    expect(['Bash', 'Edit', 'BashOutput', 'Write', 'bash'].map((c) => matcher.test(c))).toEqual([true, true, false, false, false]);
  });

  it('treats anything else as an unanchored case-sensitive regex', () => {
    const matcher = compiled('^mcp__.*__read', 'exact-list-or-regex');
    expect(matcher.kind).toBe('regex');
    expect(matcher.test('mcp__fs__read_file')).toBe(true);
    expect(matcher.test('MCP__fs__read_file')).toBe(false);
    expect(compiled('Bash.', 'exact-list-or-regex').test('xBashOutput')).toBe(true);
  });

  it('reports a regex that does not compile with the regex error', () => {
    expect(compileMatcher('(Bash', 'exact-list-or-regex')).toEqual({ ok: false, error: 'Unterminated group' });
  });
});

describe('compileMatcher (octo regex)', () => {
  it('absent matches everything; text is always an unanchored regex', () => {
    expect(compiled(null, 'regex').kind).toBe('all');
    const matcher = compiled('terminal', 'regex');
    expect(matcher.kind).toBe('regex');
    expect(matcher.test('run_terminal_cmd')).toBe(true);
    expect(matcher.test('read_file')).toBe(false);
  });

  it('reports an invalid regex', () => {
    expect(compileMatcher('[a-', 'regex').ok).toBe(false);
  });

  it.each([
    ['(?i)TERMINAL', ['run_terminal_cmd', 'Terminal'], ['read_file']],
    ['(?s)^a.b$', ['a\nb'], ['a\n\nb']],
    ['(?m)^write$', ['edit\nwrite'], ['rewrite']],
    ['(?is)^A.B$', ['a\nb'], ['a\n\nb']],
    ['(?i)(?m)^WRITE$', ['edit\nwrite'], ['rewrite']],
  ])('reads the leading RE2 flag groups of %j as regex flags', (source, matching, other) => {
    const matcher = compiled(source, 'regex');
    expect(matcher.source).toBe(source);
    expect(matching.map((candidate) => matcher.test(candidate))).toEqual(matching.map(() => true));
    expect(other.map((candidate) => matcher.test(candidate))).toEqual(other.map(() => false));
  });

  it('keeps flag groups a RegExp cannot express as errors', () => {
    expect(compileMatcher('a(?i)b', 'regex')).toEqual({ ok: false, error: 'Invalid group' });
    expect(compileMatcher('(?U)a+', 'regex')).toEqual({ ok: false, error: 'Invalid group' });
  });
});
