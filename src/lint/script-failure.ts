import type { DialectConfigSpec } from '../config/config-spec.js';

const NOT_FOUND_127 = new Set(['bash', 'zsh', 'ksh', 'mksh', 'fish']);
const NOT_FOUND_2 = new Set(['dash', 'ash', 'perl', 'uv']);

/**
 * What the program exits with when the script is not there (measured: bash/zsh 127, dash 2,
 * python3 2, perl 2, node 1; uv reports its errors with 2). `sh` is bash on macOS (127) and dash on
 * Debian and Ubuntu (2); a sourced file is 1 in bash and zsh, 2 in dash. A script the shell runs
 * itself (runner null) is 127: "not found".
 */
export function missingScriptExitCodes(runner: string | null): readonly number[] {
  if (runner === null || NOT_FOUND_127.has(runner)) return [127];
  if (runner === 'sh') return [127, 2];
  if (runner === '.') return [1, 2];
  if (NOT_FOUND_2.has(runner) || /^(python|pypy)/.test(runner)) return [2];
  return [1];
}

export function runnerName(runner: string | null): string {
  return runner === null || runner === '.' ? 'the shell' : runner;
}

/**
 * What a hook on `event` does when the script `runner` was to read is not there, in a clause:
 * "python3 exits 2, which on PreToolUse denies every tool call it matches", "bash exits 127, a
 * non-blocking error: this PreToolUse hook silently does nothing (it fails open)". From the
 * dialect's exit-code table (`projectAnchor.exitTwo`, `anyFailure`).
 */
export function missingScriptFailure(spec: DialectConfigSpec, event: string, runner: string | null): string {
  const codes = missingScriptExitCodes(runner);
  const who = runnerName(runner);
  const failure = spec.lint?.projectAnchor?.anyFailure?.[event];
  const effect = spec.lint?.projectAnchor?.exitTwo[event];
  if (failure !== undefined) return `${who} exits ${codes.join(' or ')}, and on ${event} any failure ${failure}`;
  if (effect !== undefined && codes.length === 1 && codes[0] === 2) return `${who} exits 2, which on ${event} ${effect}`;
  const other = codes.filter((code) => code !== 2).join(' or ');
  if (effect !== undefined && codes.includes(2))
    return (
      `${who} exits ${other}, a non-blocking error (the hook silently does nothing), ` +
      `or 2 where sh is dash, which on ${event} ${effect}`
    );
  if (effect !== undefined) return `${who} exits ${other}, a non-blocking error: this ${event} hook silently does nothing (it fails open)`;
  return `${who} exits ${codes.join(' or ')}, and this ${event} hook silently does nothing`;
}
