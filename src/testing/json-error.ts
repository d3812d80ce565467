import { parseJson } from '../config/parse-json.js';

/**
 * Why `text` is not JSON, with the line and column of the first error (`3:14: …`), as lint reports
 * config files; JSON.parse alone names no position on Node 20 for most errors. Called only once a
 * parse failed, so the positioned parser costs nothing on the happy path.
 */
export function jsonSyntaxError(text: string, fallback: string): string {
  const problem = parseJson(text, '').errors[0];
  return problem ? `${problem.pos.line}:${problem.pos.column}: ${problem.message}` : fallback;
}
