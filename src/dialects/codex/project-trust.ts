import { dirname, join, relative } from 'node:path';
import { linkedWorktreeMain } from '../../util/git-worktree.js';
import { directoryAt, statsAt } from '../../util/regular-file.js';
import { canonical } from './paths.js';
import { isTable, lookup, type Plain } from './toml-values.js';

/**
 * Codex loads project config — hooks included — only for projects the user trusts (SPEC-dialects
 * 9.1; codex-rs/config/src/loader/mod.rs `project_trust_context`, `disabled_reason_for_decision`).
 * `[projects."<path>"] trust_level = "trusted"` in the merged user-level config (system config.toml,
 * user config.toml, `--config` flags) trusts a project; the keys tried, in order, are the
 * `.codex/`'s directory itself, the project root, then the git repository root (of the main
 * checkout, for a linked worktree), each as its canonical path and as written.
 */
export interface ProjectTrust {
  /** The project root: the nearest ancestor of the cwd holding a `project_root_markers` entry. */
  root: string;
  /** Null when this directory's project layer loads; else the reason it does not, in Codex's words. */
  disabledReason(dir: string): string | null;
  /**
   * The `[projects."<key>"]` entry that decides this directory: the one already there (trusted or
   * not), else the key Codex's message names (the repository root, else the project root).
   */
  trustKey(dir: string): string;
  /**
   * In a linked git worktree, the `.codex/` of the root checkout whose hooks replace this
   * directory's (loader `merge_root_checkout_project_hooks`); null in a regular checkout.
   */
  hooksFolder(dir: string): string | null;
  /**
   * The paths whose appearance, disappearance or content moves `root` or the repository root:
   * each marker and `.git` from the cwd up to where one was found (up to `/` when none was).
   */
  watchPaths: string[];
}

/** Codex's default `project_root_markers` (codex-rs/config/src/project_root_markers.rs). */
const DEFAULT_MARKERS = ['.git'];
const GATED = 'project-local config, hooks, and exec policies';

export function projectTrust(cwd: string, settings: Plain, userConfigFile: string): ProjectTrust {
  const root = findProjectRoot(cwd, projectRootMarkers(settings));
  const projects = trustLevels(settings);
  const checkoutRoot = findCheckoutRoot(cwd);
  const repoRoot = findRepoRootForTrust(cwd);
  const rootKeys = trustKeys(root);
  const repoKeys = repoRoot === null ? null : trustKeys(repoRoot);
  const markers = projectRootMarkers(settings);
  const upTo = (found: string | null, names: readonly string[]) =>
    ancestors(cwd, found !== null && names.some((name) => statsAt(join(found, name)) !== null) ? found : null).flatMap((dir) =>
      names.map((name) => join(dir, name)),
    );
  return {
    root,
    watchPaths: [...new Set([...upTo(root, markers), ...upTo(checkoutRoot, ['.git'])])],
    trustKey(dir) {
      return [trustKeys(dir), rootKeys, repoKeys ?? []].flat().find((key) => projects.has(key)) ?? repoKeys?.[0] ?? rootKeys[0]!;
    },
    disabledReason(dir) {
      const decision = [trustKeys(dir), rootKeys, repoKeys ?? []].flat().find((key) => projects.has(key));
      const level = decision === undefined ? undefined : projects.get(decision);
      if (level === 'trusted') return null;
      if (level === 'untrusted') return `${decision} is marked as untrusted in ${userConfigFile}. To load ${GATED}, mark it trusted.`;
      const key = repoKeys?.[0] ?? rootKeys[0]!;
      return `To load ${GATED}, add ${key} as a trusted project in ${userConfigFile}.`;
    },
    hooksFolder(dir) {
      // Regular checkouts resolve both to the same directory; a linked worktree does not.
      if (checkoutRoot === null || repoRoot === null || checkoutRoot === repoRoot) return null;
      const inside = relative(checkoutRoot, dir);
      if (inside.startsWith('..')) return null;
      return join(repoRoot, inside, '.codex');
    },
  };
}

/** `cwd` and its ancestors, up to and including `last` (the file system root when null). */
function ancestors(cwd: string, last: string | null): string[] {
  const dirs = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dir === last || dirname(dir) === dir) return dirs;
  }
}

/** `project_root_markers` of the merged config: a list of names; `[]` makes the cwd the root. */
function projectRootMarkers(settings: Plain): readonly string[] {
  const markers = lookup(settings, 'project_root_markers');
  if (!Array.isArray(markers) || !markers.every((marker) => typeof marker === 'string')) return DEFAULT_MARKERS;
  return markers as string[];
}

/** loader `find_project_root`: the nearest ancestor holding any marker, else the cwd. */
function findProjectRoot(cwd: string, markers: readonly string[]): string {
  if (markers.length === 0) return cwd;
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (markers.some((marker) => (marker === '.git' ? gitMarkerAt(dir) : statsAt(join(dir, marker)) !== null))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

/** `trust_level` by project key; other values (and malformed entries) trust nothing. */
function trustLevels(settings: Plain): Map<string, string> {
  const levels = new Map<string, string>();
  const projects = lookup(settings, 'projects');
  if (!isTable(projects)) return levels;
  for (const [key, project] of Object.entries(projects)) {
    const level = lookup(project, 'trust_level');
    if (typeof level === 'string') levels.set(key, level);
  }
  return levels;
}

/** loader `normalized_project_trust_keys`: the canonical path, then the path as given when it differs. */
function trustKeys(path: string): string[] {
  const real = canonical(path);
  return real === path ? [real] : [real, path];
}

/** loader `find_git_checkout_root`: the nearest ancestor holding `.git` (a directory or a worktree's file). */
function findCheckoutRoot(cwd: string): string | null {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (gitMarkerAt(dir)) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * Whether `dir/.git` marks a repository for Codex 0.169.0: a `.git` file (a worktree's pointer, read
 * no further here), or a `.git` directory that holds `HEAD`. The binary treats an empty `.git`
 * directory, or one without `HEAD`, as no marker at all — neither the project root nor the trust key
 * stops there (test/agents/codex/project-root.test.ts; the newer sources accept any `.git`).
 */
function gitMarkerAt(dir: string): boolean {
  const dotGit = join(dir, '.git');
  if (statsAt(dotGit) === null) return false;
  return !directoryAt(dotGit) || statsAt(join(dotGit, 'HEAD')) !== null;
}

/**
 * git-utils `resolve_root_git_project_for_trust`: the checkout root, or for a linked worktree (a
 * `.git` file `gitdir: <repo>/.git/worktrees/<name>`) the main checkout's root.
 */
function findRepoRootForTrust(cwd: string): string | null {
  const checkout = findCheckoutRoot(cwd);
  if (checkout === null) return null;
  const dotGit = join(checkout, '.git');
  if (directoryAt(dotGit)) return checkout;
  // Only a worktree git itself would accept (issue 22): a forged `.git` file borrows no trust.
  return linkedWorktreeMain(dotGit);
}
