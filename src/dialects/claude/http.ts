/**
 * HTTP hook rules (SPEC-dialects 8.2; cc hooks §HTTP hook fields; cc settings-ref
 * §allowedHttpHookUrls, §httpHookAllowedEnvVars).
 */

/**
 * Header values with `$VAR` and `${VAR}` replaced by the environment's value, for names the
 * handler lists in `allowedEnvVars` and, when any settings file defines `httpHookAllowedEnvVars`,
 * that list too. Any other reference, and a variable that is not set, becomes "".
 */
export function interpolateHeaders(
  headers: Readonly<Record<string, string>>,
  allowedEnvVars: readonly string[],
  policy: readonly string[] | null,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const allowed = new Set(allowedEnvVars.filter((name) => policy === null || policy.includes(name)));
  const value = (name: string) => (allowed.has(name) ? (env[name] ?? '') : '');
  const result: Record<string, string> = {};
  for (const [name, template] of Object.entries(headers)) {
    result[name] = template.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (_, braced: string | undefined, bare: string | undefined) => value((braced ?? bare)!),
    );
  }
  return result;
}

/**
 * Whether `url` matches one of the `allowedHttpHookUrls` patterns: `*` is a wildcard, host names
 * compare case-insensitively ignoring a trailing dot. Null patterns (no settings file defines the
 * key) allow every URL; an empty list allows none.
 */
export function urlAllowed(url: string, patterns: readonly string[] | null): boolean {
  if (patterns === null) return true;
  const target = normalizeUrl(url);
  return patterns.some((pattern) => wildcardMatch(normalizeUrl(pattern), target));
}

/** Lower-cases the scheme and host and drops a trailing dot from the host, leaving `*` in place. */
function normalizeUrl(text: string): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*)([\s\S]*)$/.exec(text);
  if (!match) return text;
  const [, scheme, authority, rest] = match;
  const at = authority!.lastIndexOf('@');
  const userinfo = at >= 0 ? authority!.slice(0, at + 1) : '';
  const hostPort = authority!.slice(at + 1);
  const colon = hostPort.lastIndexOf(':');
  const host = colon > hostPort.lastIndexOf(']') && colon >= 0 ? hostPort.slice(0, colon) : hostPort;
  const port = host.length < hostPort.length ? hostPort.slice(host.length) : '';
  return `${scheme!.toLowerCase()}${userinfo}${host.toLowerCase().replace(/\.$/, '')}${port}${rest}`;
}

/** `*` matches any text (in linear time: the greedy two-pointer algorithm, no regex). */
export function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}
