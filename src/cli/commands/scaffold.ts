import { Option, type Command } from 'commander';
import { LANGUAGE_IDS, type LanguageId } from '../../scaffold/language-ids.js';
import type { ScaffoldResult } from '../../scaffold/scaffold.js';
import { loadDialect } from '../../dialects/registry.js';
import { addCommonOptions, resolveCommon, type CommonOptionValues } from '../common-options.js';

interface ScaffoldCommandOptions extends CommonOptionValues {
  lang: LanguageId;
  name?: string;
  matcher?: string;
  register?: boolean;
  force?: boolean;
}

export function registerScaffold(program: Command): void {
  addCommonOptions(
    program
      .command('scaffold')
      .description('write an executable hook script for an event: a no-op as written, with commented-out examples of each decision')
      .argument('<event>', 'event name, e.g. PreToolUse')
      .addOption(new Option('--lang <lang>', 'script language').choices(LANGUAGE_IDS).default('js'))
      .option('--name <name>', 'script file name without extension, and (openinterpreter) the hook id in hooks.json (default: the event in kebab case, e.g. pre-tool-use)')
      .option('--matcher <matcher>', 'matcher for the config entry (tool name, source, …)')
      .option('--register', 'add the hook to the project config (.openinterpreter/hooks.json or .octo/hooks.yml), keeping everything else')
      .option('--force', 'overwrite an existing script'),
  )
    .addHelpText(
      'after',
      `
The script is written to <project>/.openinterpreter/hooks/ or <project>/.octo/hooks/; its command
path is relative to the project root, where agents run hooks.

Examples:
  $ hookctl scaffold PreToolUse --matcher Bash --register
  $ hookctl scaffold UserPromptSubmit --lang py --name scan-prompt
  $ hookctl scaffold PreToolUse --dialect octo --lang sh --matcher terminal --register`,
    )
    .action(async (event: string, options: ScaffoldCommandOptions) => {
      const common = resolveCommon(options);
      const [{ scaffoldHook }, dialect] = await Promise.all([import('../../scaffold/scaffold.js'), loadDialect(common.dialectId)]);
      const result = await scaffoldHook({
        dialect,
        projectDir: common.cwd,
        event,
        lang: options.lang,
        ...(options.name === undefined ? {} : { name: options.name }),
        ...(options.matcher === undefined ? {} : { matcher: options.matcher }),
        register: options.register === true,
        force: options.force === true,
      });
      for (const warning of result.warnings) process.stderr.write(`hookctl: warning: ${warning}\n`);
      if (options.lang === 'ts' && !nodeStripsTypes(process.versions.node)) {
        process.stderr.write(
          `hookctl: warning: this Node (${process.versions.node}) cannot run the .ts hook as registered: ` +
            '`node --experimental-strip-types` needs Node 22.6 or newer. Compile it with tsc and point the command at the .js file, or use --lang js.\n',
        );
      }
      process.stdout.write(report(event, result));
    });
}

function report(event: string, result: ScaffoldResult): string {
  const lines = [
    `created ${result.path} (executable)`,
    `  command: ${result.command}`,
    '  (paths are relative to the project root: agents run hooks in the session cwd, normally the project root)',
    `  ${result.note}`,
    '',
  ];
  const registration = result.registration;
  if (registration === null) {
    lines.push(`Add to ${result.configFile} (or run again with --register):`, result.snippet.trimEnd(), '');
  } else if (registration.status === 'already-registered') {
    lines.push(`${result.configFile} already runs \`${result.command}\` on ${event}; left unchanged.`, '');
  } else {
    lines.push(`${registration.status === 'created' ? 'created' : 'updated'} ${result.configFile}: added the hook to ${event}.`, '');
  }
  lines.push(`Next: \`hookctl trust\` to review and trust it, then \`hookctl dry-run ${event}\` to try it.`);
  return `${lines.join('\n')}\n`;
}

/** Node runs TypeScript with --experimental-strip-types from 22.6 on. */
function nodeStripsTypes(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 6);
}
