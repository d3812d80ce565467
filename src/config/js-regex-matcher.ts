import type { MatcherCompilation } from './compile-matcher.js';
import { translateJsRegex } from './js-regex.js';
import { re2 } from './re2.js';

/**
 * Compiles a matcher the agent evaluates as a JavaScript regex, `new RegExp(source).test(target)`
 * (Claude Code and Gemini CLI tool matchers). It is valid exactly when `new RegExp(source)`
 * accepts it (the error is JavaScript's, without the pattern it repeats), and evaluated by RE2 after
 * a rewrite that keeps its meaning (js-regex.ts). A regex the rewrite cannot carry over, or one past
 * an RE2 limit JavaScript does not have (a repetition count above 1000), is `unsupported`: the
 * dialect skips its group with a warning rather than risking a backtracking stall. The dialect
 * decides first which texts are not regexes at all (match-all spellings, exact lists).
 */
export function compileJsRegexMatcher(source: string): MatcherCompilation {
  try {
    new RegExp(source);
  } catch (error) {
    // `Invalid regular expression: /(/: Unterminated group` → `Unterminated group`: the finding names the matcher.
    return { ok: false, error: (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '') };
  }
  const translation = translateJsRegex(source);
  if (!translation.ok) return { ok: false, error: translation.unsupported, unsupported: true };
  let compiled: { test(input: string): boolean };
  try {
    compiled = re2().RE2JS.compile(translation.re2);
  } catch (error) {
    return { ok: false, error: (error as Error).message.replace(/^error parsing regexp: /, ''), unsupported: true };
  }
  return { ok: true, matcher: { source, kind: 'regex', re2Source: translation.re2, test: (candidate) => compiled.test(candidate) } };
}
