/**
 * What an HTTP hook's request may not carry (issue 22): checked where the request is built (so a
 * bad field is that hook's failed run, never a thrown exception) and by lint (so it is seen before).
 */

// Node's own header checks (lib/_http_common.js checkIsHttpToken, checkInvalidHeaderChar), written out
// so that `hookctl run` does not load node:http until an http hook actually runs.
const HTTP_TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

/** Why Node (and so the agent's HTTP client) refuses this header, or null. */
export function headerProblem(name: string, value: string): string | null {
  if (!HTTP_TOKEN.test(name)) return `header name ${JSON.stringify(name.slice(0, 80))} is not an HTTP token`;
  if (INVALID_HEADER_CHAR.test(value)) {
    return `header ${JSON.stringify(name.slice(0, 80))} holds a character HTTP forbids (a control character or one beyond Latin-1)`;
  }
  return null;
}

/** True when the URL parses and names a user or password (`user:pass@host`), which would be sent as Basic auth. */
export function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}
