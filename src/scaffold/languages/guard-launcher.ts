/**
 * How a py/js/ts guard keeps failing closed on a machine that lacks its runtime.
 *
 * Registered as `python3 x.py` or `node x.mjs`, a guard whose interpreter is missing makes the shell
 * exit 127, and every agent reads 127 as a failed hook that lets the action through: the guard fails
 * open exactly where nobody tested it. So on a guard event the config runs the script with `sh`, and
 * the script opens with a few lines that sh runs and the language ignores (a string expression and a
 * comment): they start the real interpreter, or refuse with exit 2 (the guard events' blocking code)
 * and a message naming what is missing. The config still names the script itself, so trust tracks
 * its edits and lint finds it, as for any `sh script` command.
 */
export interface GuardLauncher {
  /** The config command for a guard: `sh <path>`. */
  command(path: string): string;
  /** Lines put right after the shebang (or first, without one): sh runs them, the language skips them. */
  readonly lines: readonly string[];
  /** Added to the language's note after scaffolding a guard. */
  readonly note: string;
}

const refuse = (why: string) => `{ echo "hookctl guard: ${why}, so this guard refuses (exit 2)" >&2; exit 2; }`;
const requireProgram = (program: string) => `command -v ${program} >/dev/null 2>&1 || ${refuse(`${program} is not installed`)}`;
const NOTE = (program: string) =>
  `As a guard it starts through sh: where ${program} is missing it refuses with exit 2 rather than let the action through.`;
const shCommand = (path: string) => `sh ${path}`;

/** Python: `''':'` is `:` to sh and opens a string to Python, closed after the sh lines. */
export const PYTHON_LAUNCHER: GuardLauncher = {
  command: shCommand,
  lines: [
    "''':'",
    '# sh runs these lines (the config starts this guard with sh): without python3 it refuses instead of failing open.',
    requireProgram('python3'),
    'exec python3 "$0" "$@"',
    "'''",
  ],
  note: NOTE('python3'),
};

/** JavaScript: `":" //;` is `:` to sh and a string plus a comment to JavaScript. */
export const NODE_LAUNCHER: GuardLauncher = {
  command: shCommand,
  lines: [`":" //; ${requireProgram('node')}; exec node "$0" "$@"`],
  note: NOTE('node'),
};

/**
 * TypeScript: the same, and Node older than 22.6 rejects `--experimental-strip-types` with exit 9
 * ("bad option") — another exit every agent lets through — so 9 becomes a refusal naming the version.
 */
export const TYPESCRIPT_LAUNCHER: GuardLauncher = {
  command: shCommand,
  lines: [
    `":" //; ${requireProgram('node')}; node --experimental-strip-types "$0" "$@"; s=$?; [ "$s" -ne 9 ] || ` +
      `${refuse('node $(node --version) cannot run TypeScript (it needs 22.6 or newer)')}; exit "$s"`,
  ],
  note: `${NOTE('node')} An older Node, which cannot run TypeScript, is refused the same way.`,
};

/** The script with the launcher's lines after its shebang line (or first). */
export function withLauncher(script: string, launcher: GuardLauncher): string {
  const lines = script.split('\n');
  const at = lines[0]?.startsWith('#!') ? 1 : 0;
  lines.splice(at, 0, ...launcher.lines);
  return lines.join('\n');
}
