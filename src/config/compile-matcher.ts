import type { CompiledMatcher } from './handler-record.js';

/**
 * How a dialect reads matcher text. `openinterpreter` (SPEC 2.3): absent, `""` or `"*"` match
 * everything, text made only of `[A-Za-z0-9_|]` is an exact match against any `|`-piece, anything
 * else is an unanchored regex. `regex` (octo, SPEC 3.2): absent matches everything, anything else is
 * an unanchored regex.
 */
export type MatcherSyntax = 'openinterpreter' | 'regex';

export type MatcherCompilation = { ok: true; matcher: CompiledMatcher } | { ok: false; error: string };

const EXACT_LIST = /^[A-Za-z0-9_|]+$/;

/** Compiles matcher text once; a regex that does not compile is reported with the engine's message. */
export function compileMatcher(source: string | null, syntax: MatcherSyntax): MatcherCompilation {
  if (source === null || (syntax === 'openinterpreter' && (source === '' || source === '*'))) {
    return { ok: true, matcher: matchEverything(source) };
  }
  if (syntax === 'openinterpreter' && EXACT_LIST.test(source)) {
    const pieces = new Set(source.split('|').filter((piece) => piece !== ''));
    return { ok: true, matcher: { source, kind: 'exact', test: (candidate) => pieces.has(candidate) } };
  }
  let regex: RegExp;
  try {
    regex = new RegExp(source);
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
