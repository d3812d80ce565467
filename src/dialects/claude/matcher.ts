import { matchEverything, type MatcherCompilation } from '../../config/compile-matcher.js';
import { re2 } from '../../config/re2.js';
import { NARROW_MATCHER_EVENTS } from './events.js';
import { translateJsRegex } from './js-regex.js';

// cc hooks §Matcher patterns: "only letters, digits, _, -, spaces, commas and |" is an exact list,
// split on | or , with each piece trimmed; FileChanged and StopFailure keep the older, narrower set.
const EXACT_LIST = /^[A-Za-z0-9_\- ,|]+$/;
const NARROW_EXACT_LIST = /^[A-Za-z0-9_|]+$/;

/**
 * Compiles a claude matcher (SPEC-dialects 8.3). Absent, `""` and `"*"` match everything; an exact
 * list matches one of its pieces; anything else is a JavaScript regex, valid exactly when
 * `new RegExp(matcher)` accepts it, and evaluated by RE2 after a rewrite that keeps its meaning
 * (js-regex.ts). A regex the rewrite cannot carry over is refused as `unsupported`: its group is
 * skipped with a warning rather than risking a backtracking stall.
 */
export function compileClaudeMatcher(source: string | null, event: string): MatcherCompilation {
  if (source === null || source === '' || source === '*') return { ok: true, matcher: matchEverything(source) };
  const narrow = NARROW_MATCHER_EVENTS.has(event);
  if ((narrow ? NARROW_EXACT_LIST : EXACT_LIST).test(source)) {
    const names = [
      ...new Set(
        source
          .split(narrow ? '|' : /[|,]/)
          .map((piece) => piece.trim())
          .filter((piece) => piece !== ''),
      ),
    ];
    const set = new Set(names);
    return { ok: true, matcher: { source, kind: 'exact', names, test: (candidate) => set.has(candidate) } };
  }
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
    // RE2 limits JavaScript does not have, such as a repetition count above 1000.
    return { ok: false, error: (error as Error).message.replace(/^error parsing regexp: /, ''), unsupported: true };
  }
  return { ok: true, matcher: { source, kind: 'regex', re2Source: translation.re2, test: (candidate) => compiled.test(candidate) } };
}
