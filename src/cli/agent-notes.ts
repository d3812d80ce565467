import type { Command } from 'commander';
import { checkInstalledAgent, parseAgentVersionOption, type InstalledAgentCheck } from '../dialects/shared/installed-agent.js';
import { UsageError } from '../errors.js';
import { showText } from '../util/show-text.js';
import { collectValues } from './common-options.js';

/** Adds `--agent-version <dialect>=<version>` (repeatable) to a command that compares with the installed agent. */
export function addAgentVersionOption(command: Command): Command {
  return command.option(
    '--agent-version <id=ver>',
    "dialect id=agent release to compare with, instead of asking the installed agent's `--version` (repeatable; for CI)",
    collectValues,
  );
}

/** `--agent-version` values by dialect; a malformed one is a usage error before anything runs. */
export function givenAgentVersions(values: readonly string[] | undefined): Map<string, string> {
  const given = new Map<string, string>();
  for (const value of values ?? []) {
    const parsed = parseAgentVersionOption(value);
    if ('error' in parsed) throw new UsageError(parsed.error);
    given.set(parsed.dialect, parsed.version);
  }
  return given;
}

/**
 * Compares each dialect's installed agent (PATH from the user's environment, or `--agent-version`)
 * with the release its verdicts are proven against, and says so once on stderr where they differ.
 */
export async function noteInstalledAgents(
  dialects: readonly string[],
  values: readonly string[] | undefined,
): Promise<InstalledAgentCheck[]> {
  const given = givenAgentVersions(values);
  const checks = await Promise.all([...new Set(dialects)].map((dialect) => checkInstalledAgent(dialect, { env: process.env, given })));
  const found = checks.filter((check): check is InstalledAgentCheck => check !== null);
  // A note can name a path from PATH: escaped like everything else shown (SPEC 6.1.3).
  for (const check of found) if (check.note !== null) process.stderr.write(`hookctl: ${showText(check.note)}\n`);
  return found;
}
