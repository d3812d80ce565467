import { Option, type Command } from 'commander';
import { LANGUAGE_IDS } from '../../scaffold/language-ids.js';
import type { ScaffoldOptions } from '../actions/scaffold.js';
import { DIALECT_IDS, type DialectId, manifestOf } from '../../dialects/registry.js';
import { addCommonOptions } from '../common-options.js';
import { configDirsList, dialectsWhere, exampleDialect, httpServing, projectConfigFile, toolEvent, wordList } from '../dialect-facts.js';

/** The dialects whose row of the cross-agent concordance says where a guard reads its input: one guard script can serve several of them. */
function multiGuardDialects(): DialectId[] {
  return DIALECT_IDS.filter((id) => manifestOf(id).concordance?.inputs !== undefined);
}

/** The file `--register` edits in each dialect: its first project config file. */
const REGISTER_FILES = wordList(DIALECT_IDS.map(projectConfigFile), 'or');

/** Examples with `--dialect`, from the registry's manifests. */
function scaffoldExamples(): string {
  const named = exampleDialect((facts) => facts.manifest.agentName !== undefined);
  // Stop where the agent has it (every dialect but one does), else its first event without a matcher.
  const events = manifestOf(named).events;
  const quiet =
    (events.find((event) => event.name === 'Stop') ?? events.find((event) => event.matcherField === null))?.name ?? toolEvent(named);
  const withTool = dialectsWhere((facts) => (facts.exampleTools?.length ?? 0) > 0).find((id) => id !== named);
  return [
    '  $ hookctl scaffold PreToolUse --matcher Bash --register',
    `  $ hookctl scaffold ${quiet} --dialect ${named} --lang py --register`,
    '  $ hookctl scaffold UserPromptSubmit --lang py --name scan-prompt',
    ...(withTool === undefined
      ? []
      : [
          `  $ hookctl scaffold ${toolEvent(withTool)} --dialect ${withTool} --lang sh ` +
            `--matcher ${manifestOf(withTool).cli!.exampleTools![0]} --register`,
        ]),
  ].join('\n');
}

export function registerScaffold(program: Command): void {
  addCommonOptions(
    program
      .command('scaffold')
      .description('write an executable hook script for an event: a no-op as written, with commented-out examples of each decision')
      .argument('<event>', 'event name, e.g. PreToolUse')
      .addOption(new Option('--lang <lang>', 'script language').choices(LANGUAGE_IDS).default('js'))
      .option(
        '--name <name>',
        'script file name without extension, and the hook id where the config gives hooks ids ' +
          '(default: the event in kebab case, e.g. pre-tool-use)',
      )
      .option('--matcher <matcher>', 'matcher for the config entry (tool name, source, …)')
      .option('--register', `add the hook to the project config (${REGISTER_FILES}), keeping everything else`)
      .option('--force', 'overwrite an existing script')
      .option(
        '--fail-closed',
        "write the agent's fail-closed setting into the config entry, so that a hook that fails or times out blocks the action " +
          '(where the agent has one)',
      )
      .option('--http', httpScaffoldHelp())
      .option('--port <n>', 'with --http: the server port (default 47733)'),
    {
      dialectList:
        `or a comma-separated list (${multiGuardDialects().join(',')}) for one ${toolEvent(multiGuardDialects()[0]!)} script ` +
        'serving each of those agents (js or py)',
    },
  )
    .addHelpText(
      'after',
      `
The script is written to hooks/ in the dialect's project config directory
(${configDirsList()});
its command finds the script from the project root wherever the session's cwd is (agents run hooks in
the session's cwd, which follows cd): through the agent's project-dir variable where it sets one, else
through git's repository root.
Files are written atomically (a temporary file renamed into place) and never through a symlink; with
--register the script and the config change together or not at all, so a failed write leaves
everything as it was. --register keeps every other setting and byte of the config file, and refuses
a settings file its agent reads as strict JSON when it has comments or trailing commas (the agent
would ignore such a file whole).

Examples:
${scaffoldExamples()}`,
    )
    .action(async (event: string, options: ScaffoldOptions) => {
      const { scaffold } = await import('../actions/scaffold.js');
      process.exitCode = await scaffold(event, options);
    });
}

/** `--http` help, from the dialect whose http hooks `serve --http` answers. */
function httpScaffoldHelp(): string {
  const serving = httpServing();
  if (serving === null) return 'serve the hook through `hookctl serve --http`';
  return (
    `${serving.id}: serve the hook through \`hookctl serve --http\`: --register puts it in ${serving.servedFile} ` +
    `and adds the http handler (fail-closed on guard events) and a SessionStart starter to ${serving.settingsFile}`
  );
}
