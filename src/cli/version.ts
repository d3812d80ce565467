import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROVEN_AGENTS } from '../dialects/shared/agent-versions.js';
import { packageRoot } from '../contracts/package-root.js';

/** The package version, from the package.json of this installation. */
export function readVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * `hookctl --version`: the package version on the first line (what scripts read), then the agent
 * release each dialect's verdicts are proven against.
 */
export function versionText(): string {
  const ids = Object.keys(PROVEN_AGENTS);
  const width = Math.max(...ids.map((id) => id.length));
  const lines = ids.map((id) => `  ${id.padEnd(width)}  ${PROVEN_AGENTS[id]!.agent} ${PROVEN_AGENTS[id]!.version}`);
  return [readVersion(), 'proven against:', ...lines].join('\n');
}
