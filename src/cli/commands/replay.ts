import type { Command } from 'commander';
import type { ReplayOptions } from '../actions/replay.js';
import { manifestOf } from '../../dialects/registry.js';
import { addCommonOptions, addRewriteOrderOption, collectValues } from '../common-options.js';
import { agentName, replayDialects } from '../dialect-facts.js';

/** What replay reads of each agent that keeps session records, from the registry's manifests. */
function recordsHelp(): string {
  const ids = replayDialects();
  const width = Math.max(0, ...ids.map((id) => id.length));
  const rows = ids.map((id) => `  ${id.padEnd(width)}  ${agentName(id)} ${manifestOf(id).cli!.sessionRecords}`);
  return `Reads the session records of:\n${rows.join('\n')}`;
}

function replayExamples(): string {
  const [first, second] = replayDialects();
  return [
    ...(first ? [`  $ hookctl replay --dialect ${first}`] : []),
    ...(second ? [`  $ hookctl replay --dialect ${second} --since 2026-11-01 --json`] : []),
    ...(first ? [`  $ hookctl replay --dialect ${first} --changed                 # where the sessions and today's hooks disagree`] : []),
    ...(first ? [`  $ hookctl replay --dialect ${first} --against HEAD~1          # what my uncommitted hook change blocks`] : []),
  ].join('\n');
}

export function registerReplay(program: Command): void {
  addRewriteOrderOption(
    addCommonOptions(
      program
        .command('replay')
        .description(
          "replay the agent's recorded sessions through the project's hooks: what they would block beside what each " +
            'session recorded, and hooks that never fire',
        )
        .argument('[path...]', "session files or directories (default: this project's sessions where the agent keeps them)")
        .option(
          '--event <event>',
          "replay this event (repeatable; default: the agent's tool gate and prompt events, e.g. PreToolUse and UserPromptSubmit)",
          collectValues,
        )
        .option('--since <date>', 'only records from this date or time on (e.g. 2026-11-30)')
        .option('--changed', "show only the calls where what the session recorded (a hook refused it, or not) and today's verdict differ")
        .option('--against <git-ref>', 'replay with the hooks at this ref too, from a temporary copy of its tree; show changed verdicts')
        .option('--dangerously-bypass-hook-trust', 'run enabled hooks that were never trusted (prints a warning)')
        .option('--json', 'print the results as one JSON object'),
    ),
  )
    .addHelpText(
      'after',
      `
${recordsHelp()}
Replayed hooks are real commands run with the rebuilt payloads; only the gates are replayed unless
--event says otherwise. RECORDED is what the session itself recorded about the call's hooks; the
bypass audit at the end lists calls that ran although today's hooks deny them, and why the hook
that denies them likely left no trace.

Examples:
${replayExamples()}`,
    )
    .action(async (paths: string[], options: ReplayOptions) => {
      const { replay } = await import('../actions/replay.js');
      process.exitCode = await replay(paths, options);
    });
}
