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
  $ hookctl completion fish > ~/.config/fish/completions/hookctl.fish

hookctl installed in the project only (npm i -D hookctl): there is no hookctl command on PATH, so load
the script with npx and complete under an alias of the same name:
  $ source <(npx hookctl completion bash); alias hookctl='npx hookctl'

An <event> completes to the events of the dialect named by --dialect, else of the one dialect whose
config files are in the current directory, else of every dialect (in bash, zsh and fish alike).`,
    )
    .action(async (shell: Shell) => {
      const { completion } = await import('../actions/completion.js');
      process.exitCode = await completion(shell, program);
    });
}
