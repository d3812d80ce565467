import { hasCredentials } from '../../util/http-request.js';

/**
 * HTTP hook rules (SPEC-dialects 8.2; cc hooks §HTTP hook fields; cc settings-ref
 * §allowedHttpHookUrls, §httpHookAllowedEnvVars).
 */

/**
 * Header values with `$VAR` and `${VAR}` replaced by the environment's value, for names the
 * handler lists in `allowedEnvVars` and, when any settings file defines `httpHookAllowedEnvVars`,
 * that list too. Any other reference, and a variable that is not set, becomes "". Names are upper
 * case (`$lower` stays as written) and CR, LF and NUL are removed from the result, as Claude does.
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
    // As Claude Code 2.1.328 (`t1s`, `e1s`): upper-case names only, then CR, LF and NUL removed from
    // the whole value, so neither the file nor an env var can split the header.
    result[name] = template
      .replace(/\$\{([A-Z_][A-Z0-9_]*)\}|\$([A-Z_][A-Z0-9_]*)/g, (_, braced: string | undefined, bare: string | undefined) =>
        value((braced ?? bare)!),
      )
      .replace(/[\r\n\0]/g, '');
  }
  return result;
}

/**
 * Whether `url` matches one of the `allowedHttpHookUrls` patterns. Null patterns (no settings file
 * defines the key) allow every URL; an empty list allows none.
 *
 * Both sides are matched as parsed URLs, never as raw text (issue 22, hole 2): the WHATWG parser
 * decides where the request goes, so `http://localhost:1@127.0.0.2/x` is host 127.0.0.2 and a `*`
 * in a pattern's host can only stand for host characters, never run on into the path, query,
 * fragment or userinfo. As in Claude Code (2.1.328, `nH`): the scheme and host (case-insensitive,
 * trailing dot ignored) must match, `*` anywhere in the host matching any host characters; the port
 * must be equal unless the pattern says `:*` or has a `*` in its host and no port; a pattern whose
 * path is `/` (or none) and has no query admits every path, else path and query are matched with
 * `*`. hookctl is stricter in two ways: a URL with userinfo (`user:pass@`) is never allowed (the
 * agent would match its host and send the credentials), and a pattern the parser cannot read
 * matches nothing (the agent falls back to a raw-text match). With no list every URL is allowed
 * here; the runner still refuses userinfo (urlRefusal).
 */
export function urlAllowed(url: string, patterns: readonly string[] | null): boolean {
  if (patterns === null) return true;
  const target = parseUrl(url);
  if (target === null || urlRefusal(url) !== null) return false;
  return patterns.some((pattern) => patternMatches(pattern, target));
}

/** Why hookctl never requests `url` whatever the allow-list says (not a URL, userinfo), or null. */
export function urlRefusal(url: string): string | null {
  if (parseUrl(url) === null) return 'it is not a valid URL';
  if (hasCredentials(url)) return 'it holds credentials (user:password@), which would be sent as Basic auth';
  return null;
}

/** The URL the request is sent to: the WHATWG parse of `url`, whose `href` the runner requests. */
export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Stands for `*` while a pattern goes through the URL parser: host-safe, lower case, never in a real URL. */
const WILD = 'x-hookctl-wildcard-7q';

function patternMatches(pattern: string, target: URL): boolean {
  if (pattern === '*') return true;
  const parsed = parsePattern(pattern);
  if (parsed === null) return false;
  const { url: shape, anyPort } = parsed;
  // A pattern with userinfo names no host the runner would ever request.
  if (shape.username !== '' || shape.password !== '') return false;
  if (shape.protocol !== `${WILD}:` && shape.protocol !== target.protocol) return false;
  const hostPattern = parsed.host.replaceAll(WILD, '*');
  if (!wildcardMatch(hostPattern, hostOf(target.hostname))) return false;
  const portFree = anyPort || (shape.port === '' && shape.hostname.includes(WILD));
  if (!portFree && shape.port !== target.port) return false;
  if ((shape.pathname === '/' || shape.pathname === '') && shape.search === '' && !pattern.endsWith('/')) return true;
  return wildcardMatch(`${shape.pathname}${shape.search}`.replaceAll(WILD, '*'), `${target.pathname}${target.search}`);
}

/** Scheme, host (no userinfo) and the rest of a pattern, to take a wildcard host out of the parse. */
const AUTHORITY = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#:@]*)((?::[^/?#@]*)?(?:[/?#].*)?)$/s;

/**
 * A pattern parsed with `*` as WILD; `:*` as the port becomes port 0 with anyPort set; `host` is
 * the host pattern, lower case. A wildcard host is kept as written and a stand-in host goes through
 * the parser: `*.0.0.1` ends in a number, so the parser would read it as a (bad) IPv4 address,
 * while Claude Code 2.1.328 matches it against 127.0.0.1 (test/agents/claude/tables.test.ts).
 */
function parsePattern(pattern: string): { url: URL; anyPort: boolean; host: string } | null {
  const text = pattern.replaceAll('*', WILD);
  const parts = AUTHORITY.exec(text);
  const wildHost = parts?.[2]?.includes(WILD) ? parts[2] : null;
  const parseable = wildHost === null || parts === null ? text : `${parts[1]}${WILD}-host${parts[3]}`;
  const host = (url: URL): string => hostOf(wildHost ?? url.hostname);
  const direct = parseUrl(parseable);
  if (direct !== null) return { url: direct, anyPort: false, host: host(direct) };
  const portless = parseable.replace(new RegExp(`:${WILD}(?=[/?#]|$)`), ':0');
  const withPort = portless === parseable ? null : parseUrl(portless);
  return withPort === null ? null : { url: withPort, anyPort: true, host: host(withPort) };
}

function hostOf(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
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
