import { join } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import { scalarField } from '../../config/field-value.js';
import type { LoadContext } from '../../kit/index.js';
import { claudeUserDir } from './paths.js';

/**
 * Server-managed settings (issue 36 item 6), as Claude Code keeps them: the copy of the last answer
 * of the settings server, cached in the config directory (`$CLAUDE_CONFIG_DIR/remote-settings.json`,
 * else `~/.claude/remote-settings.json`) and read at start before any fetch, so it applies with no
 * network. It belongs to the managed tier (the binary's `policySettings` sources), never to the
 * repository; hookctl reads it and never writes it.
 */
export const REMOTE_SETTINGS_FILE = 'remote-settings.json';

export function remoteSettingsPath(context: LoadContext): string {
  return join(claudeUserDir(context), REMOTE_SETTINGS_FILE);
}

/** Provider switches under which Claude Code asks no settings server, so reads no cached copy either. */
const THIRD_PARTY_PROVIDERS = ['CLAUDE_CODE_USE_BEDROCK', 'CLAUDE_CODE_USE_VERTEX', 'CLAUDE_CODE_USE_FOUNDRY', 'CLAUDE_CODE_USE_GATEWAY'];

const truthy = (value: string | undefined) => value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase().trim());

/** The Anthropic API's own host: any other ANTHROPIC_BASE_URL makes the session ineligible. */
function firstParty(url: string): boolean {
  try {
    return new URL(url).host === 'api.anthropic.com';
  } catch {
    return false;
  }
}

/**
 * Why Claude Code reads no server-managed settings in this environment, or null when it does: the
 * binary's eligibility check (2.1.332) refuses a third-party provider and an ANTHROPIC_BASE_URL that
 * is not the Anthropic API (test/agents/claude: a cached file is ignored under the scripted model's
 * loopback URL).
 */
export function remoteSettingsIneligible(env: LoadContext['env']): string | null {
  const provider = THIRD_PARTY_PROVIDERS.find((name) => truthy(env[name]));
  if (provider !== undefined) return `${provider} is set`;
  const base = env.ANTHROPIC_BASE_URL?.trim();
  if (base && !firstParty(base)) return 'ANTHROPIC_BASE_URL is not the Anthropic API';
  return null;
}

/**
 * The managed tier as Claude Code composes it: with `managedSourcesBehavior` "first-wins" (the
 * default), the highest source present is the tier alone — server-managed settings over the
 * managed-settings.json file and its drop-ins (the binary's settings schema). "merge" keeps them all.
 */
export function managedTier(remote: ConfigFile | null, fileBased: readonly ConfigFile[]): ConfigFile[] {
  const root = remote?.parsed.root;
  if (remote === null || remote === undefined) return [...fileBased];
  const present = root?.kind === 'object' && root.entries.length > 0;
  if (!present) return [...fileBased];
  return root?.kind === 'object' && scalarField(root, 'managedSourcesBehavior', 'string') === 'merge' ? [remote, ...fileBased] : [remote];
}
