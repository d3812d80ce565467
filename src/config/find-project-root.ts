import { existsSync } from 'node:fs';
import { dirname, join, parse, resolve } from 'node:path';

/** The nearest ancestor of `cwd` (itself included) holding `.git`, or null outside a repository. */
export function findGitRoot(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dir === dirname(dir)) return null;
  }
}

/** The project root (SPEC 2.1): the git root, else the filesystem root. */
export function findProjectRoot(cwd: string): string {
  return findGitRoot(cwd) ?? parse(resolve(cwd)).root;
}

/** Every directory from `root` down to `cwd`, root first. `cwd` must be inside `root`. */
export function directoriesDownTo(root: string, cwd: string): string[] {
  const chain: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    chain.push(dir);
    if (dir === resolve(root) || dir === dirname(dir)) break;
  }
  return chain.reverse();
}
