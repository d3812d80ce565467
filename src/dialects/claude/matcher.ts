import { matchEverything, type MatcherCompilation } from '../../config/compile-matcher.js';
import { compileJsRegexMatcher } from '../../config/js-regex-matcher.js';
import { CLAUDE_EVENTS, NARROW_MATCHER_EVENTS } from './events.js';
import { LEGACY_TOOL_NAMES } from './tool-names.js';

const TOOL_EVENTS = new Set<string>(CLAUDE_EVENTS.filter((spec) => spec.matcherField === 'tool_name').map((spec) => spec.name));

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
    // A legacy tool name in the list also selects the tool's new name, as Claude Code does (`Task` → `Agent`).
    if (TOOL_EVENTS.has(event)) {
      for (const name of [...names]) {
        const current = Object.hasOwn(LEGACY_TOOL_NAMES, name) ? LEGACY_TOOL_NAMES[name]! : null;
        if (current !== null && !names.includes(current)) names.push(current);
      }
    }
    const set = new Set(names);
    return { ok: true, matcher: { source, kind: 'exact', names, test: (candidate) => set.has(candidate) } };
  }
  return compileJsRegexMatcher(source);
}
