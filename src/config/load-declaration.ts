import { basename, dirname, join, resolve, sep } from 'node:path';
import type { HandlerSource, LoadContext } from '../kit/index.js';
import type { ConfigFile } from './config-file.js';
import type { PluginNotice } from './plugin-notices.js';
import { discoveredFile } from './discovered-file.js';
import { directoriesDownTo, findProjectRoot } from './find-project-root.js';
import type { LayerFile, ProjectWalk } from '../kit/layers.js';
import { type ListingRead, readListing } from './layer-listing.js';
import { formatFromPath, readNamedConfigFile } from './read-config-file.js';
import type { SourceEntry, SourceNode } from './source-tree.js';
import type { SwitchedOffScope } from '../kit/index.js';
import { somethingAt } from '../util/regular-file.js';

export type { LayerFile, ProjectWalk } from '../kit/layers.js';

/**
 * A dialect's config layers as data (docs/architecture.md, "Adding an agent"). From this one
 * declaration the core derives discovery (the files, in layer order), the paths a long-lived engine
 * watches, the layer a file named on the command line belongs to, and (from the project walk) the
 * files a repository scan looks at; so where a file lives is written once.
 */
export type LayerSource = (FixedFileLayer | FixedDirLayer | ListingLayer | ProjectWalk | FoundLayer) & LayerCondition;

/**
 * A layer that exists only in some contexts (absent: always): where it is false the layer is not
 * discovered, watched or used to place a named file (a served load reads only the served file).
 */
export interface LayerCondition {
  when?(context: LoadContext): boolean;
}

/** One file at a fixed place: a managed policy file, whose path the context may move (`--managed`). */
export interface FixedFileLayer {
  readonly kind: 'file';
  readonly source: HandlerSource;
  readonly format: LayerFile['format'];
  readonly role: LayerFile['role'];
  /** The file's layer key (ConfigFile.layer), where two such files share a directory but are separate layers. */
  readonly layer?: string;
  path(context: LoadContext): string;
}

/**
 * A directory at a fixed place holding some of `files` (the user's `~/.octo`). Its paths are never
 * also a project layer: a home inside the project walk holds the user layer.
 */
export interface FixedDirLayer {
  readonly kind: 'dir';
  readonly source: HandlerSource;
  readonly files: readonly LayerFile[];
  dir(context: LoadContext): string;
}

/**
 * A directory at a fixed place whose every file of one kind is a layer file (`hooks/*.json`), read
 * in the agent's order of their names (`ascending` or `descending` UTF-16 code units). The
 * directory's listing is watched, so a file added or removed there is a change; at most
 * LISTING_LIMIT entries are looked at, and more is an error at the directory.
 */
export interface ListingLayer extends Omit<ListingRead, 'dir'> {
  readonly kind: 'listing';
  dir(context: LoadContext): string;
}

/** What a computed layer found: its files in layer order, and every path whose change alters what it finds. */
export interface FoundFiles {
  files: ConfigFile[];
  watchPaths: string[];
  /**
   * What the layer found wrong in files of earlier layers, each notice at its place there (a
   * settings entry that enables a plugin that is not installed): added to those files' notices.
   */
  notices?: ReadonlyMap<ConfigFile, readonly PluginNotice[]>;
}

/**
 * A layer the agent computes (plugins a settings file enables, extensions, environment variables):
 * a function of the context and the files of the layers declared before it, returning its files
 * and its watch paths together so the two cannot disagree. `describe` places a named file that
 * belongs to it (null: not one of its files).
 */
export interface FoundLayer {
  readonly kind: 'found';
  find(context: LoadContext, earlier: readonly ConfigFile[]): Promise<FoundFiles>;
  describe?(absolute: string, context: LoadContext): Promise<ConfigFile | ConfigFile[] | null>;
}

/** The layers, in the order the agent stacks them, and what else decides the load. */
export interface LayerDeclaration {
  readonly layers: readonly LayerSource[];
  /** Paths besides the layers' whose change alters the load (octo: the memory dir that turns its built-in hooks on). */
  watch?(context: LoadContext): string[];
  /**
   * The one format the agent parses every hooks file as, whatever its name (Copilot CLI: JSON): a
   * file named on the command line is read so. Absent: a named file's format comes from its name.
   */
  readonly format?: LayerFile['format'];
  /**
   * Where a file named on the command line goes when no layer places it by its path or name, read
   * in `format` whatever it is called (Gemini CLI reads any settings file as JSON with comments).
   * Absent: it is placed by its format (describeLayerFile).
   */
  readonly otherFiles?: { readonly source: HandlerSource; readonly role: LayerFile['role']; readonly format: LayerFile['format'] };
}

/**
 * How much of a config the agent drops for one bad value: the entry (the handler or group it is in),
 * the `event` (every hook of that event in that file, and the whole file for anything else), or the
 * whole `file`. Managed requirements files are always repaired entry by entry (fail closed).
 */
export type RejectionUnit = 'entry' | 'event' | 'file';

/**
 * What the runtime does with what the rules found, and which settings switch hooks off. Lint reads
 * it too (a finding says what the agent does), so it sits on the spec (DialectConfigSpec.policy).
 */
export interface LoadPolicy {
  /**
   * An error finding: `skip` the declaration it invalidates and run the rest (openinterpreter,
   * codex), or `refuse` to load at all (octo, SPEC 3.2).
   */
  readonly onError: 'skip' | 'refuse';
  readonly rejection: RejectionUnit;
  /**
   * What one value the agent rejects costs, by where it sits, where the agent repairs a file entry
   * by entry rather than dropping it whole (claude): it takes precedence over the policy's
   * `rejection`, and a schema error in a setting drops the file; managed files are still repaired
   * entry by entry.
   */
  readonly granularity?: RejectionGranularity;
  /**
   * Where the agent refuses to start on a type error in a general config file's hooks table, the
   * clause its findings start with (codex: "Codex will not start"); such findings stop the load.
   */
  readonly refusal?: string;
  /**
   * The top-level key of the managed requirements file that, when true, keeps every non-managed
   * hook from running (`allow_managed_hooks_only`).
   */
  readonly managedOnlyKey?: string;
  /**
   * `[features] hooks`-style switches: the entry of a file that switches hooks, and (when the agent
   * does not follow SPEC 2.1's managed-over-local policy) how the files decide together.
   */
  readonly features?: {
    switchOf(file: ConfigFile): SourceEntry | undefined;
    decide?(files: readonly ConfigFile[]): FeaturesPolicy;
  };
  /**
   * A key that, set to `value` in the last file that sets it, turns every hook off (Gemini CLI's
   * `hooksConfig.enabled: false`, Claude Code's `disableAllHooks: true`): a path of object keys.
   * A file the rules dropped whole sets nothing. With `source`, only that layer's files decide
   * (Claude Code: elsewhere the key turns off only the non-managed hooks, the dialect's `finish`).
   */
  readonly disableAll?: { readonly path: readonly string[]; readonly value: boolean; readonly source?: HandlerSource };
}

/**
 * Every file of the declared layers, in layer order, with every path whose change alters what
 * discovery finds: each fixed file and directory file (present or not), every walked directory's
 * candidates and `.git`, what computed layers report, and the declaration's own extra paths.
 */
export async function discoverLayers(declaration: LayerDeclaration, context: LoadContext): Promise<FoundFiles> {
  const files: ConfigFile[] = [];
  const watchPaths: string[] = [];
  const fixedPaths = new Set(
    presentLayers(declaration, context).flatMap((layer) => (layer.kind === 'dir' ? dirPaths(layer, context) : [])),
  );
  for (const layer of presentLayers(declaration, context)) {
    const found = await discoverLayer(layer, context, files, fixedPaths);
    noteEarlier(files, found.notices);
    // A file is read once however many declared layers name it, in the first (Codex: a hooks.json folder).
    const read = new Set(files.map((file) => file.parsed.path));
    files.push(...(layer.kind === 'found' ? found.files : found.files.filter((file) => !read.has(file.parsed.path))));
    watchPaths.push(...found.watchPaths);
  }
  watchPaths.push(...(declaration.watch?.(context) ?? []));
  return { files, watchPaths };
}

/** The layers present in this context (LayerCondition), in order. */
function presentLayers(declaration: LayerDeclaration, context: LoadContext): LayerSource[] {
  return declaration.layers.filter((layer) => layer.when?.(context) ?? true);
}

/** Adds a layer's notices to the earlier files they are about, in place, so later layers see them too. */
function noteEarlier(files: ConfigFile[], notices: FoundFiles['notices']): void {
  if (notices === undefined) return;
  files.forEach((file, index) => {
    const more = notices.get(file);
    if (more !== undefined) files[index] = { ...file, notices: [...(file.notices ?? []), ...more] };
  });
}

async function discoverLayer(
  layer: LayerSource,
  context: LoadContext,
  earlier: readonly ConfigFile[],
  fixedPaths: ReadonlySet<string>,
): Promise<FoundFiles> {
  switch (layer.kind) {
    case 'file': {
      const path = layer.path(context);
      const file = await discoveredFile(path, layer.format, {
        source: layer.source,
        role: layer.role,
        ...(layer.layer === undefined ? {} : { layer: layer.layer }),
      });
      return { files: file === null ? [] : [file], watchPaths: [path] };
    }
    case 'dir': {
      const dir = layer.dir(context);
      return { files: await readLayerDir(dir, layer.files, layer.source), watchPaths: layer.files.map((file) => join(dir, file.name)) };
    }
    case 'listing': {
      const dir = layer.dir(context);
      const files = await readListing({ ...layer, dir });
      // The listing (`dir/`: an entry added or removed) and each file read (a rewrite).
      return { files, watchPaths: [`${dir}${sep}`, ...files.map((file) => file.parsed.path)] };
    }
    case 'walk':
      return discoverWalk(layer, context, fixedPaths);
    case 'found':
      return layer.find(context, earlier);
  }
}

function dirPaths(layer: FixedDirLayer, context: LoadContext): string[] {
  return layer.files.map((file) => join(layer.dir(context), file.name));
}

async function readLayerDir(dir: string, files: readonly LayerFile[], source: HandlerSource): Promise<ConfigFile[]> {
  const read = await Promise.all(
    files.map((file) => discoveredFile(join(dir, file.name), file.format, { source, role: file.role, layer: dir })),
  );
  return read.filter((file): file is ConfigFile => file !== null);
}

/** The walk's directories in walk order (nearest: cwd upward; root-down: root first; cwd: itself), each with its candidate paths. */
function walkedDirs(walk: ProjectWalk, context: LoadContext, fixedPaths: ReadonlySet<string>) {
  const dirs = walk.order === 'cwd' ? [resolve(context.cwd)] : directoriesDownTo(findProjectRoot(context.cwd), context.cwd);
  if (walk.order === 'nearest') dirs.reverse();
  return dirs.map((dir) => {
    const layerDir = join(dir, walk.dir);
    // A home inside the walk (no git root above the cwd) holds the user layer, not a project layer.
    const candidates = walk.files.filter((file) => !fixedPaths.has(join(layerDir, file.name)));
    return { dir, layerDir, candidates };
  });
}

async function discoverWalk(walk: ProjectWalk, context: LoadContext, fixedPaths: ReadonlySet<string>): Promise<FoundFiles> {
  const dirs = walkedDirs(walk, context, fixedPaths);
  // Where only the cwd is read, no `.git` moves anything.
  const watchPaths = dirs.flatMap(({ dir, layerDir, candidates }) => [
    ...candidates.map((file) => join(layerDir, file.name)),
    ...(walk.order === 'cwd' ? [] : [join(dir, '.git')]),
  ]);
  const source = walk.source ?? 'project';
  if (walk.order !== 'nearest') {
    const files = await Promise.all(dirs.map(({ layerDir, candidates }) => readLayerDir(layerDir, candidates, source)));
    return { files: files.flat(), watchPaths };
  }
  // Anything at a candidate path stops the walk: a directory or a FIFO there is reported as unreadable, not skipped.
  const nearest = dirs.find(({ layerDir, candidates }) => candidates.some((file) => somethingAt(join(layerDir, file.name))));
  return { files: nearest === undefined ? [] : await readLayerDir(nearest.layerDir, nearest.candidates, source), watchPaths };
}

/** Every config file of the dialect's declared layers, read and parsed, in layer order (SPEC 2.1 / 3.1). */
export async function discoverConfig(spec: { readonly layers: LayerDeclaration }, context: LoadContext): Promise<ConfigFile[]> {
  return (await discoverLayers(spec.layers, context)).files;
}

/** One file named on the command line (`hookctl lint FILE`), placed in its layer (describeLayerFile). */
export function describeConfigFile(
  spec: { readonly layers: LayerDeclaration },
  path: string,
  context: LoadContext,
): Promise<ConfigFile | ConfigFile[]> {
  return describeLayerFile(spec.layers, path, context);
}

/**
 * Reads one file named on the command line (`hookctl lint FILE`) and places it in the layer its
 * path implies: a computed layer's own file (as that layer places it); a declared fixed file or a
 * file of a fixed directory; else by its name, a file of the project walk (the project layer) or
 * the name of the managed requirements file (its layer, wherever it sits); else the declaration's
 * `otherFiles`, or by its format, the role of the first declared file of that format, in the
 * project layer unless that file is a fixed one. A file placed by its path or name is read in the
 * format declared for it, as discovery reads it; any other in the format its name implies.
 */
export async function describeLayerFile(
  declaration: LayerDeclaration,
  path: string,
  context: LoadContext,
): Promise<ConfigFile | ConfigFile[]> {
  const absolute = resolve(context.cwd, path);
  const present = { ...declaration, layers: presentLayers(declaration, context) };
  for (const layer of present.layers) {
    if (layer.kind !== 'found' || layer.describe === undefined) continue;
    const described = await layer.describe(absolute, context);
    if (described !== null) return described;
  }
  const placed =
    placeByPath(present, absolute, context) ??
    placeByName(present, absolute, context) ??
    (declaration.otherFiles === undefined ? null : { ...declaration.otherFiles, declared: true }) ??
    placeByFormat(present, absolute);
  const format = declaration.format ?? (placed.declared ? placed.format : (formatFromPath(absolute) ?? placed.format));
  const parsed = await readNamedConfigFile(absolute, format, placed.source === 'project' ? 'repository' : 'owned');
  return { parsed, source: placed.source, role: placed.role, layer: dirname(absolute), plugin: null };
}

interface Placement {
  source: HandlerSource;
  role: LayerFile['role'];
  format: LayerFile['format'];
  /** Placed by its path or name: `format` is the declared one, whatever the file is called. */
  declared?: boolean;
}

function placeByPath(declaration: LayerDeclaration, absolute: string, context: LoadContext): Placement | null {
  for (const layer of declaration.layers) {
    if (layer.kind === 'file' && resolve(layer.path(context)) === absolute)
      return { source: layer.source, role: layer.role, format: layer.format, declared: true };
    if (layer.kind === 'listing' && dirname(absolute) === resolve(layer.dir(context)))
      return { source: layer.source, role: layer.role, format: layer.format, declared: true };
    if (layer.kind === 'dir' && dirname(absolute) === resolve(layer.dir(context))) {
      // Any file of the directory belongs to its layer; its name, else its format, gives its role.
      const format = formatFromPath(absolute);
      const named = layer.files.find((candidate) => candidate.name === basename(absolute));
      const file = named ?? layer.files.find((candidate) => candidate.format === format) ?? layer.files[0];
      if (file !== undefined) return { source: layer.source, role: file.role, format: file.format, declared: named !== undefined };
    }
  }
  return null;
}

function placeByName(declaration: LayerDeclaration, absolute: string, context: LoadContext): Placement | null {
  const name = basename(absolute);
  for (const layer of declaration.layers) {
    if (layer.kind !== 'walk') continue;
    const file = layer.files.find((candidate) => candidate.name === name);
    if (file !== undefined) return { source: layer.source ?? 'project', role: file.role, format: file.format, declared: true };
  }
  for (const layer of declaration.layers) {
    // A managed requirements file is known by its name wherever it sits (where `--managed` points).
    if (layer.kind === 'file' && layer.role === 'managed-requirements' && basename(layer.path(context)) === name) {
      return { source: layer.source, role: layer.role, format: layer.format, declared: true };
    }
  }
  return null;
}

function placeByFormat(declaration: LayerDeclaration, absolute: string): Placement {
  const format = formatFromPath(absolute);
  for (const layer of declaration.layers) {
    if (layer.kind === 'file' && layer.format === format) return { source: layer.source, role: layer.role, format: layer.format };
    if (layer.kind === 'listing' && layer.format === format) return { source: 'project', role: layer.role, format: layer.format };
    const files = layer.kind === 'dir' || layer.kind === 'walk' ? layer.files : [];
    const file = files.find((candidate) => candidate.format === format);
    if (file !== undefined) return { source: 'project', role: file.role, format: file.format };
  }
  const first = declaration.layers.flatMap((layer): Omit<LayerFile, 'name'>[] => {
    if (layer.kind === 'listing') return [{ role: layer.role, format: layer.format }];
    return layer.kind === 'dir' || layer.kind === 'walk' ? [...layer.files] : [];
  })[0];
  return { source: 'project', role: first?.role ?? 'hooks-file', format: format ?? first?.format ?? 'json' };
}

/** One boolean `[features] hooks` switch and the file that sets it. */
export interface FeaturesSwitch {
  file: ConfigFile;
  entry: SourceEntry;
  enabled: boolean;
}

/**
 * What the `[features] hooks` switches decide (SPEC 2.1, 2.9).
 * - `managed`: the switch in the managed requirements file. Only it governs managed hooks: `false`
 *   turns every hook off (as a pinned feature does in Codex), `true` pins hooks on so the user and
 *   project switches are ignored.
 * - `local`: the last boolean switch of the user and project config.toml files (a project wins
 *   over the user). It governs only non-managed hooks: a repository or a user can never switch
 *   off an administrator's policy, with or without `allow_managed_hooks_only`.
 */
export interface FeaturesPolicy {
  managed: FeaturesSwitch | null;
  local: FeaturesSwitch | null;
  /** The switch that turned hooks off, or null when none did. */
  deciding: FeaturesSwitch | null;
  scope: SwitchedOffScope | null;
  /** True when the managed file pins hooks on and a local `false` is therefore ignored. */
  localIgnored: boolean;
}

/** Where a rejected value sits: a handler, a matcher group, an event's value, the `hooks` value, a top-level setting. */
export type RejectionLevel = 'handler' | 'group' | 'event' | 'hooks' | 'setting';

/**
 * What a rejected value drops: the `entry` itself (the handler or matcher group), the `event`'s hooks
 * of the file, every hook of the file (`hooks`), or the whole `file`, its settings too.
 */
export type RejectionCost = 'entry' | 'event' | 'hooks' | 'file';

/** A dialect's rejection rule as data: the unit each level costs, and the events where any rejection costs the file. */
export type RejectionGranularity = Readonly<Record<RejectionLevel, RejectionCost>> & {
  /** The agent and release the rule is proven against, named in the findings ("Claude Code 2.1.332"). */
  readonly agent: string;
  /** Events where a rejected entry costs the whole file (claude's guard events). */
  readonly fileEvents: ReadonlySet<string>;
  /**
   * What a rejected value of this shape costs where its level's cost is not the agent's whole answer
   * (claude: a `hooks` list holding objects costs the file, any other non-object `hooks` its hooks);
   * undefined keeps the level's cost. `value` is the rejected value (for `hooks`, the `hooks` value).
   */
  readonly costOf?: (level: RejectionLevel, value: SourceNode) => RejectionCost | undefined;
};
