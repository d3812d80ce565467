import type { DialectManifest, RepositoryFile } from '../kit/index.js';
import { RepositoryPatterns } from '../lint/repository-patterns.js';
import { DIALECT_IDS, manifestOf, type DialectId } from './registry.js';

/** A dialect's hook config files as they sit in a repository: its own list, else its configFiles in its configDir. */
export function repositoryFilesOf(manifest: DialectManifest): readonly RepositoryFile[] {
  return manifest.repositoryFiles ?? manifest.configFiles.map((file) => ({ path: `${manifest.configDir}/${file}` }));
}

/** Every listed dialect's repository file patterns, in registry order (the first dialect to claim a file wins). */
export function repositoryPatterns(ids: readonly DialectId[] = DIALECT_IDS): RepositoryPatterns {
  return new RepositoryPatterns(ids.flatMap((id) => repositoryFilesOf(manifestOf(id)).map((file) => ({ owner: id, file }))));
}

/**
 * The pre-commit `files:` regex (Python `re.search` on a repository-relative path) that runs the
 * hook whenever something lint looks at may have changed: anything in a dialect's config directory
 * (its config files and the hook scripts kept beside them), and each other repository file and
 * marker. `.pre-commit-hooks.yaml` and the docs must carry this value (a test holds them to it).
 */
export function preCommitFilesPattern(): string {
  const alternatives = DIALECT_IDS.flatMap((id) => {
    const manifest = manifestOf(id);
    const inConfigDir = (path: string) => path.startsWith(`${manifest.configDir}/`);
    const others = repositoryFilesOf(manifest)
      .flatMap((file) => [file.path, ...(file.markers ?? [])])
      .filter((path) => !inConfigDir(path));
    return [`${regexEscape(manifest.configDir)}/`, ...others.map((path) => `${path.split('*').map(regexEscape).join('[^/]*')}$`)];
  });
  return `(^|/)(${[...new Set(alternatives)].join('|')})`;
}

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
