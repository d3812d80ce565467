/** Milliseconds per Go duration unit (time.ParseDuration accepts both spellings of micro). */
const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

// `ms` must be tried before `m`, hence the explicit order. The micro signs are escaped: a regex
// literal is the one place the bundler keeps them raw, and one non-ASCII character makes V8 hold the
// whole bundled CLI as a two-byte string.
const PART = /^(\d+\.?\d*|\.\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/;

/**
 * Parses a Go duration string (`300ms`, `1.5s`, `2m`, `1m30s`, `-1s`) into milliseconds, with the
 * grammar of Go's `time.ParseDuration`: a sign, then one or more decimal numbers each with a unit.
 * A bare `0` is the only unit-less value Go accepts. Returns null when the text is not a duration.
 */
export function parseGoDuration(text: string): number | null {
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest.startsWith('-')) sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') return null;
  let total = 0;
  while (rest !== '') {
    const part = PART.exec(rest);
    if (!part) return null;
    total += Number.parseFloat(part[1]!) * UNIT_MS[part[2]!]!;
    rest = rest.slice(part[0].length);
  }
  return sign * total;
}
