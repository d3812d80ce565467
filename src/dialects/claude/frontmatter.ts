import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { ConfigFile, PluginInfo } from '../../config/config-file.js';
import { findGitRoot } from '../../config/find-project-root.js';
import { setField } from '../../config/field-value.js';
import type { ParsedFile, SourceNode, SourcePosition } from '../../config/source-tree.js';
import type { HandlerSource } from '../../kit/handler-record.js';
import type { LoadContext } from '../../kit/index.js';
import { readRegularFile, SIZE_CAPS } from '../../util/regular-file.js';
import { claudeUserDir } from './paths.js';

/**
 * Skill and subagent frontmatter hooks (SPEC-dialects 8.1; cc hooks §Hooks in skills and agents):
 * a `SKILL.md` or an agent `.md` file whose YAML frontmatter has a `hooks:` key, in the same
 * event → matcher groups → handlers shape as settings. Claude Code registers them only while the
 * skill or subagent runs, so hookctl lints and lists them and never dispatches them [choice].
 */

/** What declares the hooks: a skill (`once` is honoured there) or a subagent (`Stop` runs as `SubagentStop`). */
export type FrontmatterKind = 'skill' | 'subagent';

/** A skill directory's file (cc skills §Where skills live). */
const SKILL_FILE = 'SKILL.md';
/** Agent directories are scanned recursively (cc sub-agents §Choose the subagent scope); this deep at most. */
const MAX_AGENT_DEPTH = 6;
/**
 * At most this many entries are looked at in one skills or agents tree, all levels together, and a
 * directory reached twice (a symlink loop) is walked once: a hostile checkout cannot make discovery
 * read without end. What is left is reported, never skipped silently.
 */
const MAX_ENTRIES = 1000;
/** The folder name Claude Code reserves for skills synced from claude.ai (cc skills §Where skills live). */
const RESERVED_SKILL_DIR = 'synced';

/** Why a skill's or subagent's hook never runs here, as its listing says. */
export function frontmatterWords(kind: FrontmatterKind, name: string): string {
  return `${kind} ${name}: active only while the ${kind} runs; never dispatched by hookctl`;
}

/**
 * Every skill and subagent file of the load, in this order: the project's (the start directory's
 * `.claude/`, then each parent's up to the repository root: cc skills §Discovery from parent and
 * nested directories, cc sub-agents §Choose the subagent scope), the user's, then each plugin's
 * skills and subagents. A plugin subagent's `hooks` is only a notice (ignoredInPlugin). Files
 * without a `hooks` key are left out.
 */
export async function discoverFrontmatterFiles(context: LoadContext, plugins: readonly PluginInfo[]): Promise<ConfigFile[]> {
  const userDir = claudeUserDir(context);
  const found: Promise<ConfigFile[]>[] = [];
  for (const dir of projectDirs(context.cwd)) {
    const claudeDir = join(dir, '.claude');
    // A start directory (or parent) that is the home holds the user's skills, read below as the user's.
    if (resolve(claudeDir) === resolve(userDir)) continue;
    found.push(componentFiles(claudeDir, 'project', null));
  }
  found.push(componentFiles(userDir, 'user', null));
  for (const plugin of plugins) found.push(componentFiles(plugin.root, 'plugin', plugin));
  return (await Promise.all(found)).flat();
}

/** The start directory and its parents up to the repository root (only the start directory outside a repository). */
function projectDirs(cwd: string): string[] {
  const root = findGitRoot(cwd);
  const dirs = [resolve(cwd)];
  if (root === null) return dirs;
  let dir = resolve(cwd);
  while (dir !== resolve(root)) {
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
    dirs.push(dir);
  }
  return dirs;
}

async function componentFiles(dir: string, source: HandlerSource, plugin: PluginInfo | null): Promise<ConfigFile[]> {
  const skillsWalk = newWalk();
  const agentsWalk = newWalk();
  const skills = await skillFiles(join(dir, 'skills'), skillsWalk);
  const agentPaths = await agentFiles(join(dir, 'agents'), 0, agentsWalk);
  const read = [
    ...skills.map((path) => readFrontmatterFile(path, 'skill', source, plugin)),
    ...agentPaths.map(async (path) => {
      const file = await readFrontmatterFile(path, 'subagent', source, plugin);
      return plugin === null || file === null ? file : ignoredInPlugin(file, plugin);
    }),
  ];
  const files = (await Promise.all(read)).filter((file): file is ConfigFile => file !== null);
  for (const [walk, kind, tree] of [
    [skillsWalk, 'skill', 'skills'],
    [agentsWalk, 'subagent', 'agents'],
  ] as const) {
    if (!walk.truncated) continue;
    const path = join(dir, tree);
    const problem = `more than ${MAX_ENTRIES} entries below this directory; the rest is not read for ${kind} hooks`;
    files.push(frontmatterFile(unreadable(path, problem), kind, basename(path), source, plugin));
  }
  return files;
}

/** One skills or agents tree's walk: the entries it may still look at, the directories it has been in. */
interface Walk {
  left: number;
  seen: Set<string>;
  truncated: boolean;
}

function newWalk(): Walk {
  return { left: MAX_ENTRIES, seen: new Set(), truncated: false };
}

/** The entries of a directory the walk has not been in yet, within its budget (none when it is spent or was there). */
async function walkDir(dir: string, walk: Walk): Promise<string[]> {
  let real: string;
  try {
    real = await realpath(dir);
  } catch {
    return [];
  }
  if (walk.seen.has(real)) return [];
  walk.seen.add(real);
  const names = (await listDir(dir)).filter((name) => !name.startsWith('.'));
  const kept = names.slice(0, Math.max(0, walk.left));
  walk.left -= kept.length;
  if (kept.length < names.length) walk.truncated = true;
  return kept;
}

/**
 * A plugin subagent's frontmatter `hooks`: Claude Code ignores them (cc sub-agents, plugin
 * subagents "don't support the hooks … frontmatter fields"), so the file only carries a notice at
 * its `hooks` key (SPEC 6.2: never a silent skip); its tree is not kept, so it yields no hook.
 */
function ignoredInPlugin(file: ConfigFile, plugin: PluginInfo): ConfigFile | null {
  const root = file.parsed.root;
  const hooks = root?.kind === 'object' ? root.entries[0] : undefined;
  if (hooks === undefined) return null;
  const notice = { messageId: 'subagentHooksIgnored', data: { id: plugin.name }, pos: hooks.keyPos } as const;
  return {
    parsed: { ...file.parsed, root: null, errors: [], duplicateKeys: [] },
    source: file.source,
    role: 'plugin-manifest',
    layer: file.layer,
    plugin,
    notices: [notice],
  };
}

/** `<dir>/<skill-name>/SKILL.md` for each skill directory (a symlinked one followed, cc skills §Where skills live). */
async function skillFiles(dir: string, walk: Walk): Promise<string[]> {
  const names = (await walkDir(dir, walk)).filter((name) => name.toLowerCase() !== RESERVED_SKILL_DIR);
  const paths: string[] = [];
  for (const name of names) {
    if (await isDirectory(join(dir, name))) paths.push(join(dir, name, SKILL_FILE));
  }
  return paths;
}

/** Every `.md` file below an agents directory, recursively, in name order. */
async function agentFiles(dir: string, depth: number, walk: Walk): Promise<string[]> {
  if (depth > MAX_AGENT_DEPTH) return [];
  const paths: string[] = [];
  for (const name of await walkDir(dir, walk)) {
    const path = join(dir, name);
    if (name.endsWith('.md')) paths.push(path);
    else if (await isDirectory(path)) paths.push(...(await agentFiles(path, depth + 1, walk)));
  }
  return paths;
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Where a file named on the command line (or found by `hookctl lint`) sits: a skill when it is a `SKILL.md`. */
export function frontmatterKindOf(path: string): FrontmatterKind {
  return basename(path) === SKILL_FILE ? 'skill' : 'subagent';
}

/**
 * One skill or agent file as a hooks config file, or null when it has no frontmatter `hooks` (or
 * does not exist). A repository's file is read under the YAML cap (a hostile checkout can commit
 * it), the user's and plugins' under the cap of files they own; a file that cannot be read is kept
 * with the reason, so that it is reported.
 */
export async function readFrontmatterFile(
  path: string,
  kind: FrontmatterKind,
  source: HandlerSource,
  plugin: PluginInfo | null,
): Promise<ConfigFile | null> {
  const read = await readRegularFile(path, source === 'project' ? SIZE_CAPS.configYaml : SIZE_CAPS.configTrusted);
  if (!read.ok) {
    if (read.missing) return null;
    return frontmatterFile(unreadable(path, `cannot read the file: ${read.reason}`), kind, componentName(path, kind, null), source, plugin);
  }
  const parsed = await parseFrontmatter(read.bytes.toString('utf8'), path);
  if (parsed === null) return null;
  return frontmatterFile(parsed.file, kind, componentName(path, kind, parsed.name), source, plugin);
}

/**
 * A skill is named by its directory (the command comes from it: cc skills §Frontmatter reference),
 * a subagent by its frontmatter `name`, else its file name.
 */
function componentName(path: string, kind: FrontmatterKind, declared: string | null): string {
  if (kind === 'skill') return basename(dirname(path));
  return declared ?? basename(path, '.md');
}

function frontmatterFile(
  parsed: ParsedFile,
  kind: FrontmatterKind,
  name: string,
  source: HandlerSource,
  plugin: PluginInfo | null,
): ConfigFile {
  return {
    parsed,
    source,
    // Only the `hooks` key is kept at the top (parseFrontmatter): checked like a plugin's hooks file.
    role: 'hooks-file',
    // Each file is a scope of its own: registered with its skill or agent, never merged with another file.
    layer: parsed.path,
    plugin,
    activeWhile: { component: kind, name, honours: kind === 'skill' ? ['once'] : [] },
  };
}

/** A top-level `hooks` key, plain or quoted: frontmatter without one is not parsed. */
const HOOKS_LINE = /^(?:hooks|"hooks"|'hooks')[ \t]*:/m;

/**
 * The frontmatter of a Markdown file: YAML between a first line `---` and the next line `---`.
 * It is parsed from a copy of the text in which everything else is blanked (characters to spaces,
 * line breaks kept) up to the closing line, so every position is the real file's. Null when the
 * file has no frontmatter, or a frontmatter without a top-level `hooks` key. Frontmatter that does
 * not parse counts only when a line of it starts with `hooks:`: its parse error is the finding.
 * Only frontmatter with such a line is parsed at all.
 */
export async function parseFrontmatter(text: string, path: string): Promise<{ file: ParsedFile; name: string | null } | null> {
  const opening = /^\uFEFF?---[ \t]*\r?\n/.exec(text);
  if (opening === null) return null;
  const closing = /^---[ \t]*\r?$/m;
  const rest = text.slice(opening[0].length);
  const end = closing.exec(rest);
  if (end === null) return null;
  const yamlText = rest.slice(0, end.index);
  // Most skills and agents declare no hooks: they cost no YAML parse (nor loading the YAML library, on every `hookctl run`).
  if (!HOOKS_LINE.test(yamlText)) return null;
  const blanked = `${opening[0].replace(/[^\r\n]/g, ' ')}${yamlText}`;
  const { parseYaml } = await import('../../config/parse-yaml.js');
  const parsed = { ...parseYaml(blanked, path), text };
  if (parsed.root === null) return { file: parsed, name: null };
  if (parsed.root.kind !== 'object') return null;
  const hooks = setField(parsed.root, 'hooks');
  if (hooks === undefined) return null;
  const name = setField(parsed.root, 'name')?.value;
  const root: SourceNode = { kind: 'object', pos: parsed.root.pos, entries: [hooks] };
  const inHooks = (pos: SourcePosition) => pos.offset >= hooks.keyPos.offset && pos.offset <= endOffset(hooks.value);
  return {
    file: { ...parsed, root, duplicateKeys: parsed.duplicateKeys.filter((duplicate) => inHooks(duplicate.pos)) },
    name: name?.kind === 'scalar' && typeof name.value === 'string' && name.value !== '' ? name.value : null,
  };
}

/** The offset of the last position inside a node (a duplicate key inside `hooks` lies before it). */
function endOffset(node: SourceNode): number {
  if (node.kind === 'object') {
    const last = node.entries.at(-1);
    return last === undefined ? node.pos.offset : endOffset(last.value);
  }
  if (node.kind === 'array') {
    const last = node.items.at(-1);
    return last === undefined ? node.pos.offset : endOffset(last);
  }
  return node.pos.offset;
}

function unreadable(path: string, message: string): ParsedFile {
  return { path, format: 'yaml', text: '', root: null, errors: [{ message, pos: { line: 1, column: 1, offset: 0 } }], duplicateKeys: [] };
}
