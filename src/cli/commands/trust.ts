import type { Command } from 'commander';
import type { TrustOptions } from '../actions/trust.js';
import { addCommonOptions } from '../common-options.js';

export function registerTrust(program: Command): void {
  addCommonOptions(
    program
      .command('trust')
      .description(
        'review untrusted and modified hooks and record that they may run ' +
          '(openinterpreter, codex: per hook; octo: the project hooks file; claude has no per-hook trust)',
      )
      .argument('[ids...]', 'hook ids from `hookctl list` (default: every hook)')
      .option('--all', 'every hook (the default when no ids are given)')
      .option('--yes', 'trust without asking (installers, CI); otherwise stdin and stdout must be a terminal')
      .option(
        '--project',
        'codex: also trust the project itself, as Codex does ([projects."<path>"] trust_level = "trusted" in the user config.toml); ' +
          'with --yes, without asking',
      ),
  )
    .addHelpText(
      'after',
      `
The review shows each hook's command with control characters escaped, and the project files it runs
(an edit to any of them revokes trust) or "scripts not tracked" where they can not be named. An id
that several hooks declare is refused as ambiguous, with every candidate listed: name one exactly
(guard#1, guard#2…).

Codex loads no hooks of a project the user has not trusted: there, trust says so first, and at the
end offers to record the project's trust too (y/N on a terminal; --yes --project without asking).

Examples:
  $ hookctl trust                 # review each untrusted or modified hook and answer y/N
  $ hookctl trust guard --yes     # trust the hook with id "guard" without asking
  $ hookctl trust --dialect octo  # review and trust the project's .octo/hooks.yml
  $ hookctl trust --yes --project # codex: trust every hook and the project Codex does not trust yet`,
    )
    .action(async (ids: string[], options: TrustOptions) => {
      const { trust } = await import('../actions/trust.js');
      process.exitCode = await trust(ids, options);
    });
}
