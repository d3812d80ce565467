import { existsSync, statSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { TrustAuthority, TrustContext } from '../../kit/index.js';
import { workspaceTrustAuthority } from '../../trust/workspace-trust.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { linkedWorktreeMain } from '../../util/git-worktree.js';
import { readRegularFile, SIZE_CAPS } from '../../util/regular-file.js';
import { gitMarkersUpward } from './paths.js';

/**
 * claude trust (SPEC-dialects 8.8): there is no per-hook trust. Claude Code holds back the hooks of
 * every settings file (and plugin) until the workspace trust dialog for the folder was accepted;
 * the answer is stored in `~/.claude.json` as `projects["<path>"].hasTrustDialogAccepted`. hookctl
 * reads that file and never writes it. Managed hooks are never held back.
 */

/** What `hookctl trust`, `untrust`, `enable` and `disable` say for claude instead of acting. */
export const NO_PER_HOOK_TRUST =
  'Claude Code has no per-hook trust or on/off switch: ' +
  'it runs the hooks of a folder whose workspace trust dialog was accepted (in Claude Code), ' +
  'and a hook is turned off by removing it or with disableAllHooks; hookctl never writes ~/.claude.json';

/** Where Claude Code keeps workspace trust: `$CLAUDE_CONFIG_DIR/.claude.json` when that exists, else `~/.claude.json` [choice, 8.8]. */
export function claudeStatePath(context: Pick<TrustContext, 'home' | 'env' | 'cwd'>): string {
  const configDir = context.env.CLAUDE_CONFIG_DIR;
  if (configDir !== undefined && configDir.trim() !== '') {
    const inConfigDir = join(resolve(context.cwd, configDir), '.claude.json');
    if (existsSync(inConfigDir)) return inConfigDir;
  }
  return join(context.home, '.claude.json');
}

/**
 * The directory whose trust counts for `cwd`: the git repository root (for a linked worktree, the
 * main checkout's root), else the start directory itself (cc perm §Project allow rules and
 * workspace trust).
 */
export function trustRoot(cwd: string): { path: string; inRepository: boolean } {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const git = join(dir, '.git');
    const info = statOrNull(git);
    if (info?.isDirectory()) return { path: dir, inRepository: true };
    // A linked worktree shares its main checkout's trust only when git would accept it as one.
    if (info?.isFile()) return { path: linkedWorktreeMain(git) ?? dir, inRepository: true };
    if (dir === dirname(dir)) return { path: resolve(cwd), inRepository: false };
  }
}

export interface WorkspaceTrust {
  trusted: boolean;
  /** The directory whose trust decided, and the file read, for messages. */
  root: string;
  stateFile: string;
}

/**
 * Whether Claude Code would run this folder's hooks: `hasTrustDialogAccepted: true` for the trust
 * root, or, outside a git repository, for an ancestor (trust extends to subdirectories but not
 * into repositories nested inside). Started in the home directory, trust lasts for one session
 * only, so the stored state never covers it.
 */
export async function workspaceTrust(context: TrustContext): Promise<WorkspaceTrust> {
  const stateFile = claudeStatePath(context);
  const { path: root, inRepository } = trustRoot(context.cwd);
  const result = { root, stateFile };
  if (resolve(context.cwd) === resolve(context.home)) return { trusted: false, ...result };
  const projects = await readProjects(stateFile);
  const accepted = (dir: string) => {
    const entry = Object.hasOwn(projects, dir) ? projects[dir] : undefined;
    return isPlainObject(entry) && entry.hasTrustDialogAccepted === true;
  };
  if (accepted(root)) return { trusted: true, ...result };
  if (!inRepository) {
    for (let dir = dirname(root); ; dir = dirname(dir)) {
      if (accepted(dir)) return { trusted: true, ...result };
      if (dir === dirname(dir)) break;
    }
  }
  return { trusted: false, ...result };
}

/** `projects` of `~/.claude.json`; an absent, unreadable or malformed file trusts nothing. */
async function readProjects(path: string): Promise<Record<string, unknown>> {
  // Only a regular file under the cap is read (SPEC §6.1), never a device or FIFO behind a link.
  const read = await readRegularFile(path, SIZE_CAPS.agentState);
  if (!read.ok) return {};
  try {
    const value: unknown = JSON.parse(read.bytes.toString('utf8'));
    return isPlainObject(value) && isPlainObject(value.projects) ? value.projects : {};
  } catch {
    return {};
  }
}

/** A path's stat, or null when there is nothing usable there (missing, a loop, too long, unreadable). */
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

export const trust: TrustAuthority = workspaceTrustAuthority({
  notApplicable: NO_PER_HOOK_TRUST,
  async decide(context) {
    const workspace = await workspaceTrust(context);
    return {
      trusted: workspace.trusted,
      detail: `${workspace.trusted ? 'accepted' : 'not accepted'} for ${workspace.root} in ${workspace.stateFile}`,
    };
  },
  // Both places Claude Code may keep workspace trust (the config dir's file counts once it exists)
  // and the `.git` markers that decide whose trust counts; no script is part of the decision.
  async watchPaths(context) {
    const configDir = context.env.CLAUDE_CONFIG_DIR;
    const inConfigDir = configDir !== undefined && configDir.trim() !== '' ? [join(resolve(context.cwd, configDir), '.claude.json')] : [];
    return [...inConfigDir, join(context.home, '.claude.json'), ...gitMarkersUpward(context.cwd)];
  },
});
