import type { Command } from 'commander';
import type { ReplayOptions } from '../actions/replay.js';
import { addCommonOptions, addRewriteOrderOption, collectValues } from '../common-options.js';

export function registerReplay(program: Command): void {
  addRewriteOrderOption(
    addCommonOptions(
      program
        .command('replay')
        .description("replay the agent's recorded sessions through the project's hooks: what they would block, and hooks that never fire")
        .argument('[path...]', "session files or directories (default: this project's sessions where the agent keeps them)")
        .option('--event <event>', 'replay this event (repeatable; default: PreToolUse and UserPromptSubmit)', collectValues)
        .option('--since <date>', 'only records from this date or time on (e.g. 2026-11-30)')
        .option('--against <git-ref>', 'replay with the hooks at this ref too, from a temporary git worktree; show changed verdicts')
        .option('--dangerously-bypass-hook-trust', 'run enabled hooks that were never trusted (prints a warning)')
        .option('--json', 'print the results as one JSON object'),
    ),
  )
    .addHelpText(
      'after',
      `
Reads Claude Code transcripts (claude: $CLAUDE_CONFIG_DIR or ~/.claude, projects/<project>/) and Codex
rollouts (codex: $CODEX_HOME or ~/.codex, sessions/, those started in this project). Replayed hooks are
real commands run with the rebuilt payloads; only the gates are replayed unless --event says otherwise.

Examples:
  $ hookctl replay --dialect claude
  $ hookctl replay --dialect codex ~/.codex/sessions/2026/11 --since 2026-11-01 --json
  $ hookctl replay --dialect claude --against HEAD~1          # what my uncommitted hook change blocks`,
    )
    .action(async (paths: string[], options: ReplayOptions) => {
      const { replay } = await import('../actions/replay.js');
      process.exitCode = await replay(paths, options);
    });
}
