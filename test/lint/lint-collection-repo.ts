import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/** A file of a collection repository: its text (a newline is added), or a script with its mode. */
export type CollectionFile = string | { content: string; executable: boolean };

/**
 * Lays the files out as a fresh git repository and runs the real `hookctl lint --format json` in it,
 * with git the only program on PATH (so needs-program findings do not depend on this machine).
 * Returns the report's findings. Shared by the lint collections (issue 39).
 */
export async function lintCollectionRepo<Finding>(files: Readonly<Record<string, CollectionFile>>): Promise<Finding[]> {
  const box = makeTempProject();
  for (const [path, file] of Object.entries(files))
    typeof file === 'string'
      ? box.write(`project/${path}`, `${file}\n`)
      : box.write(`project/${path}`, file.content, { executable: file.executable });
  expect(spawnSync('git', ['init', '-q'], { cwd: box.project }).status).toBe(0);
  const git = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  mkdirSync(join(box.root, 'bin'));
  symlinkSync(git, join(box.root, 'bin', 'git'));
  const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home, PATH: join(box.root, 'bin') } });
  return (JSON.parse(result.stdout) as { findings: Finding[] }).findings;
}
