import { matchEverything, type MatcherCompilation } from '../../config/compile-matcher.js';
import { compileJsRegexMatcher } from '../../config/js-regex-matcher.js';
import { TOOL_EVENTS } from './events.js';

/**
 * Compiles a Gemini CLI matcher as hookPlanner.ts `matchesContext` reads it: trimmed; empty or `*`
 * matches everything; on BeforeTool and AfterTool a JavaScript regex tested (unanchored) against
 * the tool name, or, when `new RegExp` refuses it, the literal text compared exactly; on every other
 * event the text compared exactly with the trigger (events without a trigger ignore it: the engine
 * never tests a matcher where the manifest has no matcher field). Regexes run in linear time (RE2).
 */
export function compileGeminiMatcher(source: string | null, event: string): MatcherCompilation {
  const text = source?.trim() ?? null;
  if (text === null || text === '' || text === '*') return { ok: true, matcher: matchEverything(source) };
  if (!TOOL_EVENTS.has(event) || !isJsRegex(text)) return exact(source!, text);
  return compileJsRegexMatcher(text);
}

/** hookPlanner.ts matchesToolName: "If it's not a valid regex, treat it as a literal string". */
function isJsRegex(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

function exact(source: string, text: string): MatcherCompilation {
  return { ok: true, matcher: { source, kind: 'exact', names: [text], test: (candidate) => candidate === text } };
}
