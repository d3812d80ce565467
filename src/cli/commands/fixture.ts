import type { Command } from 'commander';
import type { FixtureOptions } from '../actions/fixture.js';
import { manifestOf } from '../../dialects/registry.js';
import { addCommonOptions, collectValues } from '../common-options.js';
import { dialectsWhere, toolEvent } from '../dialect-facts.js';

/** One `--tool` example per dialect that names example tools, from the registry's manifests. */
function toolExamples(): string[] {
  return dialectsWhere((facts) => (facts.exampleTools?.length ?? 0) > 0).map(
    (id) => `  $ hookctl fixture ${toolEvent(id)} --dialect ${id} --tool ${manifestOf(id).cli!.exampleTools![0]}`,
  );
}

export function registerFixture(program: Command): void {
  addCommonOptions(
    program
      .command('fixture')
      .description('print an example input payload for an event, valid against its schema')
      .argument('<event>', 'event name, e.g. PreToolUse')
      .option(
        '--set <path=value>',
        'override a field (dot path; value parsed as JSON when it parses, else a string); repeatable',
        collectValues,
      )
      .option('--tool <name>', 'tool name for a tool event; tool_input (and tool_response) become a realistic call of that tool')
      .option('--absolute', 'print paths inside the project as absolute paths instead of ${PROJECT}'),
  )
    .addHelpText(
      'after',
      `
Paths inside the project (cwd, transcript_path, a tool's file_path) are printed as \${PROJECT}/…:
\`hookctl test\` and \`hookctl dry-run --payload\` put the project they run against back in, so a
saved case tests the copy it is run in, not the checkout it was written in. --absolute prints the paths
as they are here (to pipe the payload straight into a hook script).

Examples:
  $ hookctl fixture PreToolUse
${toolExamples().join('\n')}
  $ hookctl fixture PreToolUse --set tool_input.command="rm -rf /" --set permission_mode=plan`,
    )
    .action(async (event: string, options: FixtureOptions) => {
      const { fixture } = await import('../actions/fixture.js');
      process.exitCode = await fixture(event, options);
    });
}
