import { commandOf } from './command-names.js';
import { parseFastArgv } from './fast-argv.js';

export { main } from './main.js';

/** What a small bundle of the CLI was built to answer (the `entries` of dist/cli/bundle.json). */
export interface EntryPurpose {
  readonly command: 'run' | 'version' | 'lint';
  /** For `run`: the dialect the bundle holds, or none for the bundle that detects it. */
  readonly dialect?: string;
}

/**
 * The entry of the small CLI bundles (scripts/build.mjs): the same `main` as the full CLI, built
 * with only what one command needs — `run` for one dialect, `run` that detects the dialect,
 * `--version`, `lint` (a pre-commit hook runs it on every commit) — so the process an agent spawns
 * on every tool call reads and decodes a fraction of the CLI. bin/hookctl.js guesses the bundle from
 * the arguments; this says whether the guess holds, with the very parsers `main` uses, and when it
 * does not the full bundle answers instead.
 */
export function takes(argv: readonly string[], purpose: EntryPurpose): boolean {
  // `lint` goes through commander, which then registers the lint command alone (commandOf).
  if (purpose.command === 'lint') return commandOf(argv) === 'lint';
  const fast = parseFastArgv(argv);
  if (purpose.command === 'version') return fast?.kind === 'version';
  return fast?.kind === 'run' && fast.options.dialect === purpose.dialect;
}
