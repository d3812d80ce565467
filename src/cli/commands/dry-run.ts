import type { Command } from 'commander';
import type { DryRunOptions } from '../actions/dry-run.js';
import { DIALECT_IDS, type DialectId, manifestOf } from '../../dialects/registry.js';
import { addAgentVersionOption } from '../agent-notes.js';
import { addCommonOptions, addRewriteOrderOption, collectValues } from '../common-options.js';
import { dialectsWhere, exampleDialect, exampleToolsHelp, toolEvent } from '../dialect-facts.js';

/** Examples with `--dialect` and `--tool`, from the registry's manifests. */
function dryRunExamples(): string {
  // A tool example in an agent with a product name where there is one, and another dialect besides.
  const tooled = dialectsWhere((facts) => (facts.exampleTools?.length ?? 0) > 0);
  const withTool = [
    ...dialectsWhere((facts) => facts.manifest.agentName !== undefined && tooled.includes(facts.manifest.id as DialectId)),
    ...tooled,
  ].slice(0, 1);
  const other = exampleDialect((facts) => !withTool.includes(facts.manifest.id as DialectId));
  const lastEvent = manifestOf(other).events.at(-1)?.name ?? 'Stop';
  return [
    '  $ hookctl dry-run PreToolUse --set tool_input.command="rm -rf /"',
    ...withTool.map((id) => `  $ hookctl dry-run ${toolEvent(id)} --dialect ${id} --tool ${manifestOf(id).cli!.exampleTools![0]} --json`),
    '  $ hookctl fixture PreToolUse --set tool_input.command=ls | hookctl dry-run PreToolUse --payload -',
    ...(DIALECT_IDS.length > 1 ? [`  $ hookctl dry-run ${lastEvent} --dialect ${other} --json`] : []),
  ].join('\n');
}

export function registerDryRun(program: Command): void {
  addAgentVersionOption(
    addRewriteOrderOption(
      addCommonOptions(
        program
          .command('dry-run')
          .description('run the real engine on a payload and show which hooks matched, each result and the verdict')
          .argument('<event>', 'event name, e.g. PreToolUse')
          .option(
            '--payload <file>',
            'payload JSON file (a regular file up to 64 MiB), or - for standard input (default: a generated fixture)',
          )
          .option('--tool <name>', `tool of the generated fixture: a realistic call of it (${exampleToolsHelp()})`)
          .option(
            '--set <path=value>',
            'override a field of the generated fixture (repeatable; value parsed as JSON when it parses)',
            collectValues,
          )
          .option('--dangerously-bypass-hook-trust', 'run enabled hooks that were never trusted (prints a warning)')
          .option('--json', 'print the outcome object as JSON'),
      ),
    ),
  )
    .addHelpText(
      'after',
      `
Hooks of the event that were not selected are named with the reason: their matcher, or their \`if\`
rule (if-filter, with the command word it saw); --json lists them as notSelected.
A run held back by trust says why (trust: …), and one the agent runs but announces as new says so
(note: …); --json lists these as trustNotes.
The header names the agent release the dialect's verdicts are proven against (--json: agent); where
the installed agent (its --version, from PATH) is another release, a note on stderr says so once.
--agent-version <dialect>=<version> gives the release instead (CI without the agent).
Ctrl-C stops every hook, async ones included (a second Ctrl-C kills them at once). Commands, hook
output and reasons are shown with control and bidirectional characters escaped (\\r, \\x1b, \\u202e).

Examples:
${dryRunExamples()}`,
    )
    .action(async (event: string, options: DryRunOptions) => {
      const { dryRun } = await import('../actions/dry-run.js');
      process.exitCode = await dryRun(event, options);
    });
}
