import { matchEverything, type MatcherCompilation } from '../../config/compile-matcher.js';
import { compileJsRegexMatcher } from '../../config/js-regex-matcher.js';
import { NARROW_MATCHER_EVENTS } from './events.js';

// cc hooks §Matcher patterns: "only letters, digits, _, -, spaces, commas and |" is an exact list,
// split on | or , with each piece trimmed; FileChanged and StopFailure keep the older, narrower set.
const EXACT_LIST = /^[A-Za-z0-9_\- ,|]+$/;
const NARROW_EXACT_LIST = /^[A-Za-z0-9_|]+$/;

/**
 * Compiles a claude matcher (SPEC-dialects 8.3). Absent, `""` and `"*"` match everything; an exact
 * list matches one of its pieces; anything else is a JavaScript regex, valid exactly when
 * `new RegExp(matcher)` accepts it, and evaluated by RE2 after a rewrite that keeps its meaning
 * (config/js-regex-matcher.ts). A regex the rewrite cannot carry over is refused as `unsupported`: its group is
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
  return compileJsRegexMatcher(source);
}
