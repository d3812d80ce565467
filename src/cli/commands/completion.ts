import { Argument, type Command } from 'commander';
import { SHELLS, type Shell } from '../completion.js';

export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('print a shell completion script for hookctl commands, options and event names')
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices([...SHELLS]))
    .addHelpText(
      'after',
      `
Examples:
  $ source <(hookctl completion bash)           # this bash session; or save it to
  $ hookctl completion bash > ~/.local/share/bash-completion/completions/hookctl
  $ hookctl completion zsh > "\${fpath[1]}/_hookctl"   # then restart zsh (compinit)
  $ hookctl completion fish > ~/.config/fish/completions/hookctl.fish`,
    )
    .action(async (shell: Shell) => {
      const { completion } = await import('../actions/completion.js');
      process.exitCode = await completion(shell, program);
    });
}
