import type { CompiledMatcher } from '../kit/handler-record.js';

/**
 * How a dialect reads matcher text. `exact-list-or-regex` (openinterpreter, SPEC 2.3): absent, `""`
 * or `"*"` match everything, text made only of `[A-Za-z0-9_|]` is an exact match against any
 * `|`-piece, anything else is an unanchored regex. `regex` (octo, SPEC 3.2): absent matches everything, anything else is
 * an unanchored regex in Go's RE2 syntax, of which leading inline flags (`(?i)`, `(?s)`, `(?m)`,
 * `(?is)`…) are read as JavaScript flags; docs/rules/invalid-matcher.md lists the other differences.
 */
export type MatcherSyntax = 'exact-list-or-regex' | 'regex';

export type MatcherCompilation = { ok: true; matcher: CompiledMatcher } | { ok: false; error: string };

const EXACT_LIST = /^[A-Za-z0-9_|]+$/;

/** Compiles matcher text once; a regex that does not compile is reported with the engine's message. */
export function compileMatcher(source: string | null, syntax: MatcherSyntax): MatcherCompilation {
  if (source === null || (syntax === 'exact-list-or-regex' && (source === '' || source === '*'))) {
    return { ok: true, matcher: matchEverything(source) };
  }
  if (syntax === 'exact-list-or-regex' && EXACT_LIST.test(source)) {
    const pieces = new Set(source.split('|').filter((piece) => piece !== ''));
    return { ok: true, matcher: { source, kind: 'exact', test: (candidate) => pieces.has(candidate) } };
  }
  const { pattern, flags } = syntax === 'regex' ? leadingRe2Flags(source) : { pattern: source, flags: '' };
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags);
  } catch (error) {
    // `Invalid regular expression: /(/: Unterminated group` → `Unterminated group`: the caller names the matcher.
    return { ok: false, error: (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '') };
  }
  return { ok: true, matcher: { source, kind: 'regex', test: (candidate) => regex.test(candidate) } };
}

/** A matcher that selects every dispatch: for absent matchers and events that ignore matchers. */
export function matchEverything(source: string | null): CompiledMatcher {
  return { source, kind: 'all', test: () => true };
}

/** RE2 flags that mean the same as a JavaScript flag of the same letter (case-insensitive, dot-all, multi-line). */
const LEADING_FLAG_GROUP = /^\(\?([ism]+)\)/;

/**
 * `(?i)terminal` → pattern `terminal`, flags `i`. Go's RE2 takes flag groups anywhere, but
 * JavaScript (Node 20) has no inline flags at all; a run of groups at the start applies to the
 * whole pattern, so only those translate exactly. Anything else is left for RegExp to judge.
 */
function leadingRe2Flags(source: string): { pattern: string; flags: string } {
  const flags = new Set<string>();
  let pattern = source;
  for (let group = LEADING_FLAG_GROUP.exec(pattern); group !== null; group = LEADING_FLAG_GROUP.exec(pattern)) {
    for (const flag of group[1]!) flags.add(flag);
    pattern = pattern.slice(group[0].length);
  }
  return { pattern, flags: [...flags].join('') };
}
