import type { HandlerSource } from './handler-record.js';
import type { RepositoryFile } from './manifest.js';

/** `jsonc`: JSON with `//` and block comments, no trailing commas (Gemini CLI settings: strip-json-comments, then JSON.parse). */
export type ConfigFormat = 'json' | 'jsonc' | 'yaml' | 'toml';

/**
 * What a file is for, which decides its top-level keys: a dedicated hooks file (`hooks.json`,
 * `hooks.yml`), a general config file with inline `[hooks]` (`config.toml`), a managed requirements
 * file, an environment variable presented as a one-handler file (octo env compat), a file that
 * looks like config where the agent never reads it (octo `hooks.yaml`): listed so lint can say so,
 * never parsed, never run; or a plugin's manifest, listed only to carry what discovery found wrong
 * with the hooks files it names (`notices`), never checked as hooks config.
 */
export type FileRole = 'hooks-file' | 'inline-config' | 'managed-requirements' | 'env' | 'unread' | 'plugin-manifest';

/**
 * The light half of a dialect's layer declaration (src/config/load-declaration.ts): plain data, importable by
 * a manifest at start-up, from which the project layer's discovery, watch paths, the placing of a
 * named file and the repository scan all derive. Nothing here reads the filesystem.
 */

/** One file a layer directory may hold. */
export interface LayerFile {
  readonly name: string;
  readonly format: ConfigFormat;
  readonly role: FileRole;
}

/**
 * The project layer: a config directory (`.octo`) looked for in the directories from the cwd to the
 * project root (the nearest holding `.git`, else the filesystem root).
 * - `nearest`: the nearest directory holding one of `files` is the project layer (octo); anything at
 *   such a path stops the walk (a directory there is reported as unreadable, not skipped).
 * - `root-down`: every directory from the root down to the cwd is a layer, root first (openinterpreter).
 * - `cwd`: only the directory the agent starts in (Gemini CLI reads `.gemini/settings.json` there alone).
 * Every walked directory's `.git` is watched where the root matters (not for `cwd`): one appearing or
 * vanishing moves the root.
 */
export interface ProjectWalk {
  readonly kind: 'walk';
  readonly dir: string;
  readonly files: readonly LayerFile[];
  readonly order: 'nearest' | 'root-down' | 'cwd';
  /** Repository files besides `files` in `dir` (lint looks at them although no layer of the walk reads them). */
  readonly alsoInRepository?: readonly RepositoryFile[];
  /** The source its files get: `project`, unless the agent calls them something else. */
  readonly source?: HandlerSource;
}

/** The project walk's files as they sit in a repository, for the manifest (`repositoryFiles`) and the repository scan. */
export function walkRepositoryFiles(walk: ProjectWalk): RepositoryFile[] {
  return [...walk.files.map((file) => ({ path: `${walk.dir}/${file.name}` })), ...(walk.alsoInRepository ?? [])];
}
