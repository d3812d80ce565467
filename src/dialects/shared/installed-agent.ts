import { compareVersions, detectInstalledVersion, parseVersion } from '../../util/agent-version.js';
import { PROVEN_AGENTS } from './agent-versions.js';

/** How the agent a user runs compares with the release a dialect is proven against. */
export interface InstalledAgentCheck {
  readonly dialect: string;
  readonly agent: string;
  readonly proven: string;
  /** The installed release: from `--agent-version`, else from the binary on PATH; null when unknown. */
  readonly installed: string | null;
  readonly source: 'option' | 'path' | null;
  readonly relation: 'same' | 'newer' | 'older' | 'absent' | 'unreadable';
  /** The `since` table of the dialect (features by the release that added them). */
  readonly since: Readonly<Record<string, string>>;
  /** One line for stderr, or null where there is nothing to say (same release, no binary). */
  readonly note: string | null;
}

export interface InstalledAgentOptions {
  /** The user's environment (PATH); never a project's configuration. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `--agent-version <dialect>=<version>` values: the release to assume instead of asking the binary. */
  readonly given?: ReadonlyMap<string, string>;
  readonly timeoutMs?: number;
}

/** A `--agent-version` value: `<dialect>=<version>`, for a dialect with a proven agent; else an error message. */
export function parseAgentVersionOption(value: string): { dialect: string; version: string } | { error: string } {
  const at = value.indexOf('=');
  const dialect = at < 0 ? '' : value.slice(0, at).trim();
  const version = at < 0 ? null : parseVersion(value.slice(at + 1).trim());
  const known = Object.keys(PROVEN_AGENTS).join(', ');
  if (at < 0 || version === null || version !== value.slice(at + 1).trim()) {
    return { error: `--agent-version takes <dialect>=<version> (e.g. ${Object.keys(PROVEN_AGENTS)[0]}=1.2.3), got "${value}"` };
  }
  if (PROVEN_AGENTS[dialect] === undefined)
    return { error: `--agent-version: no agent release is tracked for "${dialect}" (one of ${known})` };
  return { dialect, version };
}

/** One check per dialect per process: a command that asks twice (list of several dialects, then lint) runs each binary once. */
const checked = new Map<string, Promise<InstalledAgentCheck | null>>();

/**
 * Compares the installed agent of a dialect with the proven release, null for a dialect without a
 * tracked agent. Runs the binary at most once per process; never throws and never fails a command.
 */
export function checkInstalledAgent(dialect: string, options: InstalledAgentOptions): Promise<InstalledAgentCheck | null> {
  const key = `${dialect}\0${options.given?.get(dialect) ?? ''}`;
  let pending = checked.get(key);
  if (pending === undefined) {
    pending = compare(dialect, options);
    checked.set(key, pending);
  }
  return pending;
}

async function compare(dialect: string, options: InstalledAgentOptions): Promise<InstalledAgentCheck | null> {
  const proven = PROVEN_AGENTS[dialect];
  if (proven === undefined) return null;
  const base = { dialect, agent: proven.agent, proven: proven.version, since: proven.since };
  const given = options.given?.get(dialect);
  const found =
    given !== undefined
      ? ({ kind: 'found', version: given, path: '' } as const)
      : await detectInstalledVersion(proven.binary, {
          env: options.env,
          packageName: proven.package,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        });
  if (found.kind === 'absent') return { ...base, installed: null, source: null, relation: 'absent', note: null };
  if (found.kind === 'unreadable') {
    const note = `note: the installed ${proven.agent}'s version is unknown (${found.why}); verdicts are proven against ${proven.version}`;
    return { ...base, installed: null, source: 'path', relation: 'unreadable', note };
  }
  const source = given !== undefined ? 'option' : 'path';
  const installed = found.version;
  const order = compareVersions(installed, proven.version);
  const which = source === 'option' ? `${proven.agent} ${installed} (--agent-version)` : `${proven.agent} ${installed} is installed`;
  if (order === 0) return { ...base, installed, source, relation: 'same', note: null };
  if (order > 0) {
    const check = '(run `hookctl test --agent` to check)';
    const note = `note: ${which}: verdicts are proven against ${proven.version}; ${installed} may differ ${check}`;
    return { ...base, installed, source, relation: 'newer', note };
  }
  const note =
    `note: ${which}: verdicts are proven against ${proven.version}; features added since ${installed} do not run in it ` +
    '(`hookctl lint --effective` names them)';
  return { ...base, installed, source, relation: 'older', note };
}
