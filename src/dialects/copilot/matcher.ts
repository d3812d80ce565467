import { type MatcherCompilation, matchEverything } from '../../config/compile-matcher.js';
import { compileJsRegexMatcher } from '../../config/js-regex-matcher.js';

/**
 * Copilot CLI 1.0.102 tests a matcher as an anchored regex against the tool name (test/agents/copilot:
 * `bash`, `b.*` and `view|bash` match `bash`; `ba` and `Bash` do not). Absent or empty: every tool.
 */
export function compileCopilotMatcher(source: string | null): MatcherCompilation {
  if (source === null || source === '') return { ok: true, matcher: matchEverything(source) };
  const compiled = compileJsRegexMatcher(`^(?:${source})$`);
  return compiled.ok ? { ok: true, matcher: { ...compiled.matcher, source } } : compiled;
}
