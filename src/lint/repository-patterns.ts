import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { RepositoryFile } from '../kit/index.js';

/** Dependencies' own configs are never the repository's: no agent started in the project loads them. */
export const SKIPPED_DIRECTORY = 'node_modules';

/** Outside git, the walk stops after this many directory entries (a home or `/` can hold millions). */
export const MAX_WALK_ENTRIES = 50_000;
/** …and does not go deeper than this many directories below its start. */
export const MAX_WALK_DEPTH = 12;

/** A repository file pattern and who it belongs to (a dialect id, passed in as data). */
export interface OwnedPattern {
  owner: string;
  file: RepositoryFile;
}

/** Where a config file sits: its owner, and the directory its pattern is anchored at. */
export interface FilePlace {
  owner: string;
  /** The directory holding the pattern's path (the project a `.openinterpreter/` belongs to). */
  anchor: string;
  /** The pattern's index: files of one directory load in pattern order (hooks.json before config.toml). */
  rank: number;
}

/** A file in an agent's config directory that the agent never reads, and what it reads there instead. */
export interface NearMiss {
  owner: string;
  /** The config directory's name (`.claude`). */
  dir: string;
  /** The file names the owner reads in that directory. */
  reads: string[];
  /** The other agents that read a file of this name in their own config directory, and where (`.codex/hooks.json`). */
  otherReaders: { owner: string; path: string }[];
}

interface CompiledPattern {
  owner: string;
  segments: RegExp[];
  markers: readonly string[];
}

/** Repository file patterns, compiled once: placing a path, and the pathspecs git lists them by. */
export class RepositoryPatterns {
  private readonly compiled: CompiledPattern[];
  /**
   * The names agents give the hook config files of their config directories (from the patterns
   * themselves, `<dir>/<name>`): one of them in an agent's config directory that this agent does not
   * read is a near miss (`.claude/hooks.json`, `.codex/settings.json`, `.gemini/hooks.json`, issue 39).
   */
  private readonly configNames: ReadonlySet<string>;

  constructor(readonly patterns: readonly OwnedPattern[]) {
    this.compiled = patterns.map(({ owner, file }) => ({
      owner,
      segments: file.path.split('/').map(segmentPattern),
      markers: file.markers ?? [],
    }));
    this.configNames = new Set(
      patterns.flatMap(({ file }) => {
        const segments = file.path.split('/');
        return segments.length === 2 && segments[0]!.startsWith('.') && !file.path.includes('*') ? [segments[1]!] : [];
      }),
    );
  }

  /**
   * The first pattern, in the order given, that an absolute path ends with (and whose marker, if it
   * has any, exists at the anchor); null when none does. The order given is the registry's, so the
   * first dialect that claims a file wins.
   */
  place(path: string): FilePlace | null {
    const segments = path.split(/[\\/]/);
    for (const [rank, pattern] of this.compiled.entries()) {
      const count = pattern.segments.length;
      if (segments.length <= count) continue;
      const tail = segments.slice(-count);
      if (!pattern.segments.every((regex, index) => regex.test(tail[index]!))) continue;
      const anchor = segments.slice(0, -count).join(sep) || sep;
      if (pattern.markers.length > 0 && !pattern.markers.some((marker) => existsSync(join(anchor, ...marker.split('/'))))) continue;
      return { owner: pattern.owner, anchor, rank };
    }
    return null;
  }

  /** git pathspecs for every pattern at any depth (`**` also matches no directory at all). */
  pathspecs(): string[] {
    const specs = this.patterns.map(({ file }) => `:(glob)**/${globEscape(file.path)}`);
    return [...new Set(specs), `:(exclude,glob)**/${SKIPPED_DIRECTORY}/**`];
  }

  /** Hidden directory names the patterns go through (`.openinterpreter`): the walk enters only these. */
  hiddenDirectories(): Set<string> {
    const names = this.patterns.flatMap(({ file }) => [file.path, ...(file.markers ?? [])].flatMap((path) => path.split('/').slice(0, -1)));
    return new Set(names.filter((name) => name.startsWith('.')));
  }

  /**
   * A file with another agent's config file name in a config directory of the patterns
   * (`.claude/hooks.json`) that no pattern places: the agent whose directory it is never reads it. Null for anything else.
   */
  nearMiss(path: string): NearMiss | null {
    const segments = path.split(/[\\/]/);
    const name = segments.at(-1)!;
    const dir = segments.at(-2);
    // Only an agent's own (hidden) config directory: `hooks/hooks.json` without a plugin manifest is nobody's.
    if (dir === undefined || !dir.startsWith('.') || !this.configNames.has(name) || this.place(path) !== null) return null;
    const reads = this.patterns.filter(
      ({ file }) =>
        file.markers === undefined && file.hookctlOnly !== true && file.path.startsWith(`${dir}/`) && file.path.split('/').length === 2,
    );
    if (reads.length === 0 || reads.some(({ file }) => file.path === `${dir}/${name}`)) return null;
    const otherReaders = this.patterns
      .filter(({ file }) => file.markers === undefined && file.hookctlOnly !== true && file.path.split('/').length === 2)
      .filter(({ file }) => file.path.endsWith(`/${name}`) && file.path.startsWith('.'))
      .map(({ owner, file }) => ({ owner, path: file.path }));
    return { owner: reads[0]!.owner, dir, reads: reads.map(({ file }) => file.path.split('/')[1]!), otherReaders };
  }

  /** git pathspecs for the near misses: every config file name in every config directory of the patterns. */
  nearMissPathspecs(): string[] {
    const dirs = new Set(
      this.patterns.flatMap(({ file }) => {
        const segments = file.path.split('/');
        return segments.length === 2 && segments[0]!.startsWith('.') ? [segments[0]!] : [];
      }),
    );
    return [...dirs].flatMap((dir) => [...this.configNames].map((name) => `:(glob)**/${globEscape(`${dir}/${name}`)}`));
  }

  /**
   * The patterns an absolute path would match but for their markers (`hooks/hooks.json` with no
   * plugin or extension manifest beside it): each owner and the markers it reads the file beside.
   */
  unmetMarkers(path: string): { owner: string; markers: readonly string[] }[] {
    const segments = path.split(/[\\/]/);
    return this.compiled.flatMap((pattern) => {
      const count = pattern.segments.length;
      if (pattern.markers.length === 0 || segments.length <= count) return [];
      const tail = segments.slice(-count);
      return pattern.segments.every((regex, index) => regex.test(tail[index]!)) ? [{ owner: pattern.owner, markers: pattern.markers }] : [];
    });
  }

  /** Whether a file name can be a near miss: the walk's cheap test before `nearMiss`. */
  mayBeNearMiss(name: string): boolean {
    return this.configNames.has(name);
  }

  /** Whether a file name can end any pattern: the walk's cheap test before `place`. */
  endsAnyPattern(name: string): boolean {
    return this.compiled.some((pattern) => pattern.segments.at(-1)!.test(name));
  }
}

/**
 * Placed files in reading and loading order: by directory, then in the order the dialect lists
 * its files (the agent reads `hooks.json` before `config.toml`, and the first of two equal ids
 * wins), then by name.
 */
export function inLoadOrder<T extends { path: string; place: FilePlace | null }>(files: readonly T[]): T[] {
  const key = (file: T) => dirname(file.path);
  return [...files].sort(
    (a, b) => compare(key(a), key(b)) || (a.place?.rank ?? Infinity) - (b.place?.rank ?? Infinity) || compare(a.path, b.path),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One path segment of a pattern as a regex: `*` is any run of characters, the rest is literal. */
function segmentPattern(segment: string): RegExp {
  return new RegExp(
    `^${segment
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

/** A pattern path as a git glob: only `*` keeps its meaning; `?`, `[` and `\` are literal. */
function globEscape(path: string): string {
  return path.replace(/[?[\\]/g, '\\$&');
}
