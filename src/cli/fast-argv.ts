import type { RunOptions } from './actions/run.js';

/** What `parseFastArgv` understood: a version flag alone, or a plain `run <event> [options]`. */
export type FastArgv = { kind: 'version' } | { kind: 'run'; event: string; options: RunOptions };

const VERSION_FLAGS = new Set(['-v', '--version', '-V']);

/** `run`'s options that take a value, with the RunOptions key commander gives each; the repeatable ones collect. */
const VALUE_OPTIONS: ReadonlyMap<string, { key: keyof RunOptions; repeatable?: true }> = new Map([
  ['--dialect', { key: 'dialect' }],
  ['--cwd', { key: 'cwd' }],
  ['--home', { key: 'home' }],
  ['--managed', { key: 'managed' }],
  ['--settings', { key: 'settings' }],
  ['--plugin-dir', { key: 'pluginDir', repeatable: true }],
  ['--config', { key: 'config', repeatable: true }],
  ['--rewrite-order', { key: 'rewriteOrder' }],
  ['--log', { key: 'log' }],
]);

const REWRITE_ORDERS: ReadonlySet<string> = new Set(['completion', 'configured']);

/**
 * The argument lists hookctl answers without commander: `--version` (or `-v`, `-V`) alone, and
 * `run <event>` with `run`'s own options, each given once as `--name value` or `--name=value`
 * (`--plugin-dir` and `--config` as often as wanted). The result is what commander would hand the
 * command: the same option keys, the last value of a repeated option, the repeatable ones collected.
 * Anything else — help, `--debug`, `--`, an unknown option, a missing value, a value that starts
 * with `-`, a second argument, a `--rewrite-order` commander would refuse — is `null`, and commander
 * parses it as it always did. `--dialect` is checked by the caller (the dialect list is the registry's).
 */
export function parseFastArgv(argv: readonly string[]): FastArgv | null {
  const args = argv.slice(2);
  if (args.length === 1 && VERSION_FLAGS.has(args[0]!)) return { kind: 'version' };
  if (args[0] !== 'run') return null;
  let event: string | undefined;
  const options: Record<string, string | string[] | true> = {};
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--dangerously-bypass-hook-trust') {
      options.dangerouslyBypassHookTrust = true;
      continue;
    }
    if (!arg.startsWith('-')) {
      if (event !== undefined) return null;
      event = arg;
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg : arg.slice(0, equals);
    const spec = VALUE_OPTIONS.get(name);
    if (spec === undefined) return null;
    const value = equals === -1 ? args[++i] : arg.slice(equals + 1);
    if (value === undefined || value === '' || value.startsWith('-')) return null;
    if (spec.repeatable) options[spec.key] = [...((options[spec.key] as string[] | undefined) ?? []), value];
    else options[spec.key] = value;
  }
  if (event === undefined) return null;
  if (options.rewriteOrder !== undefined && !REWRITE_ORDERS.has(options.rewriteOrder as string)) return null;
  return { kind: 'run', event, options: options as RunOptions };
}
