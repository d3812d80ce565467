import { Option, type Command } from 'commander';
import { DIALECT_IDS } from '../dialects/registry.js';
import { httpServing, managedHelp, sessionFlagOwners } from './dialect-facts.js';

export { loadContextOf, resolveCommon, SeveralDialectsError, type CommonContext, type CommonOptionValues } from './common-context.js';

/**
 * Adds `--dialect`, `--cwd`, `--home`, `--managed` (SPEC 5), claude's `--settings` and `--plugin-dir`,
 * and codex's `--config key=value` (SPEC-dialects §10) to a command; `schema`, whose own `--config`
 * prints the config schema, loads no config and goes without the last.
 */
export function addCommonOptions(command: Command, options: { configOverrides?: boolean; dialectList?: string } = {}): Command {
  const dialect = new Option(
    '--dialect <dialect>',
    `hook dialect (default: detected from the hook config files present)${options.dialectList ? `; ${options.dialectList}` : ''}`,
  );
  // A command taking a list checks each id itself (choices would refuse `claude,codex`).
  command
    .addOption(options.dialectList ? dialect : dialect.choices([...DIALECT_IDS]))
    .option('--cwd <dir>', 'project directory (default: current directory)')
    .option('--home <dir>', 'user home holding the user-level config (default: $HOME)')
    .option('--managed <file>', managedHelp())
    .option(
      '--settings <file-or-json>',
      `${sessionFlagOwners('settings')}: a settings layer for this session, a file or inline JSON (as the agent's --settings)`,
    )
    .option(
      '--plugin-dir <dir>',
      `${sessionFlagOwners('plugin-dir')}: load a plugin from this directory for this session (repeatable)`,
      collectValues,
    )
    .option('--served', servedHelp());
  if (options.configOverrides === false) return command;
  return command.option(
    '--config <key=value>',
    `${sessionFlagOwners('config')}: override a config value for this session, as the agent's \`-c\` does (TOML value; repeatable)`,
    collectValues,
  );
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
