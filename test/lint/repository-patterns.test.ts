// The manifest's `repositoryFiles` language (src/kit/manifest.ts) as the scan and `lint FILE` read
// it. The registry's dialects use plain paths so far; markers and `*` are what a plugin's hooks file
// or a skill's frontmatter need, so they are pinned here with patterns of their own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inLoadOrder, RepositoryPatterns } from '../../src/lint/repository-patterns.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: readonly string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-patterns-'));
  dirs.push(root);
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '{}\n');
  }
  return root;
}

const patterns = new RepositoryPatterns([
  { owner: 'first', file: { path: '.first/hooks.json' } },
  { owner: 'first', file: { path: '.first/config.toml' } },
  { owner: 'plugin', file: { path: 'hooks/hooks.json', markers: ['.plugin-a/plugin.json', '.plugin-b/plugin.json'] } },
  { owner: 'late', file: { path: 'hooks/hooks.json', markers: ['.plugin-b/plugin.json'] } },
  { owner: 'skills', file: { path: '.skills/*/SKILL.md' } },
]);

describe('RepositoryPatterns', () => {
  it('places a path that ends with a pattern, anchored at the directory holding it', () => {
    expect(patterns.place('/r/packages/app/.first/hooks.json')).toEqual({ owner: 'first', anchor: '/r/packages/app', rank: 0 });
    expect(patterns.place('/r/.first/config.toml')).toEqual({ owner: 'first', anchor: '/r', rank: 1 });
    expect(patterns.place('/r/.first/other.json')).toBeNull();
    expect(patterns.place('/r/first/hooks.json')).toBeNull();
  });

  it('lets `*` stand for one name, never a directory', () => {
    expect(patterns.place('/r/.skills/review/SKILL.md')).toMatchObject({ owner: 'skills', anchor: '/r' });
    expect(patterns.place('/r/.skills/a/b/SKILL.md')).toBeNull();
  });

  it('claims a path with markers only where one marker exists, the first owner in order winning', () => {
    const root = tree(['a/hooks/hooks.json', 'a/.plugin-b/plugin.json', 'b/hooks/hooks.json', 'c/hooks/hooks.json']);
    expect(patterns.place(join(root, 'a/hooks/hooks.json'))).toEqual({ owner: 'plugin', anchor: join(root, 'a'), rank: 2 });
    expect(patterns.place(join(root, 'b/hooks/hooks.json'))).toBeNull();
  });

  it('gives git a glob pathspec per pattern, at any depth, and keeps node_modules out', () => {
    expect(patterns.pathspecs()).toEqual([
      ':(glob)**/.first/hooks.json',
      ':(glob)**/.first/config.toml',
      ':(glob)**/hooks/hooks.json',
      ':(glob)**/.skills/*/SKILL.md',
      ':(exclude,glob)**/node_modules/**',
    ]);
  });

  it('names the hidden directories a walk must enter: those of paths and markers', () => {
    expect([...patterns.hiddenDirectories()].sort()).toEqual(['.first', '.plugin-a', '.plugin-b', '.skills']);
  });

  it('orders files by directory, then in pattern order (the agent’s load order), then by name', () => {
    const files = ['/r/.first/config.toml', '/r/b/.first/hooks.json', '/r/.first/hooks.json', '/r/.first/notes.json'].map((path) => ({
      path,
      place: patterns.place(path),
    }));
    expect(inLoadOrder(files).map((file) => file.path)).toEqual([
      '/r/.first/hooks.json',
      '/r/.first/config.toml',
      '/r/.first/notes.json',
      '/r/b/.first/hooks.json',
    ]);
  });
});
