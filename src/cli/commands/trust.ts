import type { Command } from 'commander';
import type { TrustOptions } from '../actions/trust.js';
import { type DialectId, manifestOf } from '../../dialects/registry.js';
import { addCommonOptions } from '../common-options.js';
import { agentName, dialectsWhere, projectConfigFile, trustScope } from '../dialect-facts.js';

/** The dialects whose agent trusts whole projects (`trust --project`), and those that trust the project's hooks file. */
const projectTrusting = dialectsWhere((facts) => facts.projectTrust !== undefined);
const fileTrusting = dialectsWhere((facts) => facts.trust === 'project-file');

/** `--project` help: what recording the project's trust means, in each such agent's own terms. */
function projectOptionHelp(): string {
  const how = projectTrusting.map((id) => `${id}: as ${agentName(id)} does (${projectTrustOf(id)})`);
  return `also trust the project itself, ${how.join('; ')}; with --yes, without asking`;
}

function projectTrustOf(id: DialectId): string {
  return manifestOf(id).cli?.projectTrust ?? '';
}

/** Examples that show the dialect-specific forms, from the registry. */
function trustExamples(): string {
  const lines = [
    '  $ hookctl trust                 # review each untrusted or modified hook and answer y/N',
    '  $ hookctl trust guard --yes     # trust the hook with id "guard" without asking',
    ...fileTrusting.slice(0, 1).map((id) => `  $ hookctl trust --dialect ${id}  # review and trust the project's ${projectConfigFile(id)}`),
    ...projectTrusting
      .slice(0, 1)
      .map((id) => `  $ hookctl trust --yes --project # ${id}: trust every hook and the project ${agentName(id)} does not trust yet`),
  ];
  return lines.join('\n');
}

/** The paragraph on agents that load no hooks of an untrusted project. */
function projectTrustParagraph(): string {
  if (projectTrusting.length === 0) return '';
  const agents = projectTrusting.map((id) => agentName(id));
  return `
${agents.join(', ')} ${agents.length === 1 ? 'loads' : 'load'} no hooks of a project the user has not trusted: there,
trust says so first, and at the end offers to record the project's trust too (y/N on a terminal;
--yes --project without asking).
`;
}

export function registerTrust(program: Command): void {
  addCommonOptions(
    program
      .command('trust')
      .description(`review untrusted and modified hooks and record that they may run ${trustScope('the project hooks file')}`)
      .argument('[ids...]', 'hook ids from `hookctl list` (default: every hook)')
      .option('--all', 'every hook (the default when no ids are given)')
      .option('--yes', 'trust without asking (installers, CI); otherwise stdin and stdout must be a terminal')
      .option('--project', projectOptionHelp()),
  )
    .addHelpText(
      'after',
      `
The review shows each hook's command with control characters escaped, and the project files it runs
(an edit to any of them revokes trust) or "scripts not tracked" where they can not be named. An id
that several hooks declare is refused as ambiguous, with every candidate listed: name one exactly
(guard#1, guard#2…).
${projectTrustParagraph()}
Examples:
${trustExamples()}`,
    )
    .action(async (ids: string[], options: TrustOptions) => {
      const { trust } = await import('../actions/trust.js');
      process.exitCode = await trust(ids, options);
    });
}
