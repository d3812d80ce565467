import { Option, type Command } from 'commander';
import { DIALECT_IDS } from '../dialects/registry.js';
import { httpServing, managedHelp, sessionFlagOptions } from './dialect-facts.js';

export { loadContextOf, resolveCommon, SeveralDialectsError, type CommonContext, type CommonOptionValues } from './common-context.js';

/**
 * Adds `--dialect`, `--cwd`, `--home`, `--managed` (SPEC 5), `--served`, and every dialect's session
 * flags (its manifest's `sessionFlags`: claude's `--settings` and `--plugin-dir`, codex's `--config
 * key=value`; SPEC-dialects §10) to a command. A session flag the command already has an option of
 * its own for is left out (`schema`'s `--config` prints the config schema; it loads no config).
 */
export function addCommonOptions(command: Command, options: { dialectList?: string } = {}): Command {
  const dialect = new Option(
    '--dialect <dialect>',
    `hook dialect (default: detected from the hook config files present)${options.dialectList ? `; ${options.dialectList}` : ''}`,
  );
  // A command taking a list checks each id itself (choices would refuse `claude,codex`).
  command
    .addOption(options.dialectList ? dialect : dialect.choices([...DIALECT_IDS]))
    .option('--cwd <dir>', 'project directory (default: current directory)')
    .option('--home <dir>', 'user home holding the user-level config (default: $HOME)')
    .option('--managed <file>', managedHelp());
  // `--served` follows the flags of the dialect that serves http hooks, so each agent's flags read together.
  const flags = sessionFlagOptions();
  const servedAfter = flags.findLastIndex((option) => option.serving);
  if (servedAfter === -1) command.option('--served', servedHelp());
  flags.forEach(({ flag, owners }, index) => {
    const taken = command.options.some((option) => option.long === `--${flag.name}`);
    const option = `--${flag.name} <${flag.placeholder}>`;
    if (!taken && flag.repeatable) command.option(option, `${owners}: ${flag.help}`, collectValues);
    else if (!taken) command.option(option, `${owners}: ${flag.help}`);
    if (index === servedAfter) command.option('--served', servedHelp());
  });
  return command;
}

/** Adds `--rewrite-order` (SPEC-dialects §10) to a command that dispatches. */
export function addRewriteOrderOption(command: Command): Command {
  return command.addOption(
    new Option(
      '--rewrite-order <order>',
      'which tool-input rewrite wins when several hooks return one: ' +
        "the last to finish (completion, the agents' way) or the last configured (deterministic)",
    ).choices(['completion', 'configured']),
  );
}

/** Commander argument parser for a repeatable option (`--set a=1 --set b=2`). */
export function collectValues(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--served` help: the dialect whose hooks `serve --http` serves, and its served file. */
function servedHelp(): string {
  const serving = httpServing();
  if (serving === null) return 'the hooks `hookctl serve --http` serves';
  const file = serving.servedFile;
  return `${serving.id}: the hooks \`hookctl serve --http\` serves (${file}) instead of the ones ${serving.agent} runs itself`;
}
