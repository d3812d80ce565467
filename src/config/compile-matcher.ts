import type { RE2JS } from 're2js';
import type { CompiledMatcher } from '../kit/handler-record.js';
import { re2 } from './re2.js';

/**
 * How a dialect reads matcher text (SPEC 2.3). `exact-list-or-regex` (openinterpreter, after
 * Codex): absent, `""` or `"*"` match everything, text made only of `[A-Za-z0-9_|]` is an exact
 * match against any `|`-piece, anything else is an unanchored regex in Rust `regex` syntax.
 * `regex` (octo, SPEC 3.2): absent matches everything, anything else is an unanchored regex in Go
 * RE2 syntax.
 *
 * Both are RE2-family engines, so every regex is compiled with re2js (a JavaScript port of RE2):
 * linear-time matching whatever the pattern and input, `(?i)`, `(?P<name>…)`, `[[:alpha:]]`, `\pL`,
 * `\A`, `\z` mean what they mean in the agent, and look-around or back-references are refused as
 * the agents refuse them. docs/conformance.md lists the few corners where Rust `regex` and RE2 differ.
 */
export type MatcherSyntax = 'exact-list-or-regex' | 'regex';

/**
 * A compiled matcher, or why there is none: a pattern the agent rejects, or (`unsupported`) one the
 * agent accepts but hookctl cannot evaluate in linear time (SPEC §6.1). Either way its group is skipped.
 */
export type MatcherCompilation = { ok: true; matcher: CompiledMatcher } | { ok: false; error: string; unsupported?: true };

// Codex: codex-rs/hooks/src/events/common.rs (is_match_all_matcher, is_exact_matcher).
const EXACT_LIST = /^[A-Za-z0-9_|]+$/;

/** Compiles matcher text once per load; a regex that does not compile is reported with the agent's words. */
export function compileMatcher(source: string | null, syntax: MatcherSyntax): MatcherCompilation {
  if (source === null || (syntax === 'exact-list-or-regex' && (source === '' || source === '*'))) {
    return { ok: true, matcher: matchEverything(source) };
  }
  if (syntax === 'exact-list-or-regex' && EXACT_LIST.test(source)) {
    const pieces = new Set(source.split('|'));
    return { ok: true, matcher: { source, kind: 'exact', names: [...pieces], test: (candidate) => pieces.has(candidate) } };
  }
  let regex: RE2JS;
  try {
    regex = re2().RE2JS.compile(source);
  } catch (error) {
    return { ok: false, error: regexError(error, syntax) };
  }
  const names = anchoredLiterals(source);
  return {
    ok: true,
    matcher: { source, kind: 'regex', ...(names ? { names } : {}), test: (candidate) => regex.test(candidate) },
  };
}

/** A matcher that selects every dispatch: for absent matchers and events that ignore matchers. */
export function matchEverything(source: string | null): CompiledMatcher {
  return { source, kind: 'all', test: () => true };
}

/**
 * The agent's description of why a pattern does not compile. re2js is a port of Go's regexp
 * parser, so its messages are octo's (`error parsing regexp: missing closing ): `(Bash``). Rust's
 * `regex` crate words the two refusals people meet most differently; those are given in its words.
 */
function regexError(error: unknown, syntax: MatcherSyntax): string {
  const message = error instanceof Error ? error.message : String(error);
  // Go regexp's words are RE2's; the exact-list-or-regex syntax is Codex's, whose engine is Rust `regex`.
  if (syntax !== 'exact-list-or-regex') return message;
  // regex-syntax: ErrorKind::UnsupportedLookAround / UnsupportedBackreference.
  if (/`\(\?(=|!|<=|<!)/.test(message) || /invalid named capture: `\(\?<[=!]/.test(message)) {
    return 'look-around, including look-ahead and look-behind, is not supported';
  }
  if (/invalid escape sequence: `\\[1-9]/.test(message)) return 'backreferences are not supported';
  for (const [goWords, rustWords] of RUST_WORDS) if (message.includes(goWords)) return rustWords;
  return message.replace(/^error parsing regexp: /, '');
}

/** regex-syntax's wording (ErrorKind Display) for the RE2 parser errors that have a Rust counterpart. */
const RUST_WORDS: readonly (readonly [string, string])[] = [
  ['missing closing )', 'unclosed group'],
  ['unexpected )', 'unopened group'],
  ['missing closing ]', 'unclosed character class'],
  ['missing argument to repetition operator', 'repetition operator missing expression'],
  ['invalid escape sequence', 'unrecognized escape sequence'],
  ['invalid character class range', 'invalid character class range, the start must be <= the end'],
];

/** Characters a name can hold that are never regex syntax, so `^name$` means exactly `name`. */
const LITERAL = '[A-Za-z0-9_\\-:@/,=%]+';
const ANCHORED_LITERALS = new RegExp(`^\\^(?:(${LITERAL})|\\((?:\\?:)?(${LITERAL}(?:\\|${LITERAL})*)\\))\\$$`);

/**
 * The exact names a regex can match when it is nothing but alternatives of plain names anchored
 * at both ends (`^tool_17$`, `^(Edit|Write)$`), else undefined. `$` is the end of the text in
 * RE2 and Rust (no trailing-newline exception), so such a regex matches those names and nothing
 * else; selection can then look them up instead of running the regex.
 */
function anchoredLiterals(source: string): string[] | undefined {
  const match = ANCHORED_LITERALS.exec(source);
  if (!match) return undefined;
  return match[1] !== undefined ? [match[1]] : [...new Set(match[2]!.split('|'))];
}
