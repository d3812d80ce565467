import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

export interface TempProject {
  /** Root of the sandbox; holds `home/` and `project/`. */
  root: string;
  home: string;
  project: string;
  /** Writes a file relative to the sandbox root (e.g. `project/.octo/hooks.yml`); returns its path. */
  write(relativePath: string, content: string, options?: { executable?: boolean }): string;
}

const created: string[] = [];
afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh sandbox with a user home and a project that is a git root (a `.git` dir holding `HEAD`:
 * Codex 0.169.0 does not take an empty `.git` dir as a root, test/agents/codex), removed after the
 * test. Hooks never see the real $HOME.
 */
export function makeTempProject(): TempProject {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-test-'));
  created.push(root);
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  return {
    root,
    home,
    project,
    write(relativePath, content, options = {}) {
      const path = join(root, relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
      if (options.executable) chmodSync(path, 0o755);
      return path;
    },
  };
}

/**
 * The flags that point hookctl at a sandbox, so a test never reads the machine's own config: the
 * dialect, the project, the home, and the managed file (a path that need not exist).
 */
export function sandboxFlags(sandbox: { project: string; home: string }, dialect: string, managed: string): string[] {
  return ['--dialect', dialect, '--cwd', sandbox.project, '--home', sandbox.home, '--managed', managed];
}
