import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../src/dialects/registry.js';

/**
 * The dependency rule of docs/architecture.md: imports point down only, type imports included.
 * util ← kit ← errors ← core ← dialects/<id> ← dialects/registry (+ detect, infer) ← entry points (cli,
 * codegen, src/*.ts). Inside core each folder has a rank (CORE_ORDER) and imports only from the folders
 * ranked below it, so no two core folders import each other. A dialect may reuse another's module
 * (openinterpreter reuses the Codex runtime in codex/), one way only: no folder cycles anywhere.
 * Each failure names the edge, with the file and line of the import.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The core folders, lowest first: a folder may import itself and the folders before it. contracts
 * (schemas) and config (parse, normalise, the rule runner) are read by everything above them; trust and
 * engine decide and run; lint; load (the one load pipeline, which runs the load rules); scaffold,
 * fixture, testing, report, serve and replay are the features built on them.
 */
const CORE_ORDER = [
  'contracts',
  'config',
  'trust',
  'engine',
  'lint',
  'load',
  'scaffold',
  'fixture',
  'testing',
  'report',
  'serve',
  'replay',
];
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Source text without comments, so prose may name a dialect while code may not. A block comment
 * keeps its line breaks, so a finding's line number is the line in the file.
 */
function codeOf(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const files = sourceFiles(join(ROOT, 'src')).map((path) => relative(ROOT, path));
/** One import: the importing file, the line of the import and the imported file. */
interface Import {
  from: string;
  line: number;
  to: string;
}
const imports: Import[] = files.flatMap((file) => {
  const code = codeOf(join(ROOT, file));
  return [...code.matchAll(IMPORT)]
    .map((match) => ({
      from: file,
      line: code.slice(0, match.index).split('\n').length + (match[0].match(/^\s*/)![0].match(/\n/g)?.length ?? 0),
      to: relative(ROOT, resolve(dirname(join(ROOT, file)), match[1] ?? match[2]!)).replace(/\.js$/, '.ts'),
    }))
    .filter(({ to }) => to.startsWith('src/'));
});
const edges = new Map(files.map((file) => [file, imports.filter(({ from }) => from === file).map(({ to }) => to)]));
const named = ({ from, line, to }: Import): string => `${from}:${line} imports ${to}`;

/** util, errors, kit, core, dialect, registry or entry. */
function layerOf(file: string): string {
  const [, top, second] = file.split('/');
  if (top === 'util' || top === 'kit') return top!;
  if (file === 'src/errors.ts') return 'errors';
  if (CORE_ORDER.includes(top!)) return 'core';
  if (top === 'dialects') return second!.endsWith('.ts') ? 'registry' : 'dialect';
  return 'entry';
}
/** The folder a file belongs to: src/<top>/, src/dialects/<id>/, or the file itself at the top of src/ and src/dialects/. */
function folderOf(file: string): string {
  const [, top, second] = file.split('/');
  if (top === 'dialects') return second!.endsWith('.ts') ? file : `dialects/${second}`;
  return top!.endsWith('.ts') ? file : top!;
}

const MAY_IMPORT: Record<string, readonly string[]> = {
  util: ['util'],
  kit: ['util', 'kit'],
  errors: ['util', 'kit', 'errors'],
  core: ['util', 'errors', 'kit', 'core'],
  dialect: ['util', 'errors', 'kit', 'core', 'dialect'],
  registry: ['util', 'errors', 'kit', 'core', 'dialect', 'registry'],
  entry: ['util', 'errors', 'kit', 'core', 'dialect', 'registry', 'entry'],
};

describe('the dependency rule (docs/architecture.md)', () => {
  it('every import points down the layers; core never imports src/dialects/', () => {
    const upward = [...edges].flatMap(([from, targets]) =>
      targets
        .filter((to) => !MAY_IMPORT[layerOf(from)]!.includes(layerOf(to)))
        .map((to) => `${from} (${layerOf(from)}) → ${to} (${layerOf(to)})`),
    );
    expect(upward).toEqual([]);
  });

  it('each core folder imports only the core folders ranked below it (CORE_ORDER), so core folders form no cycle', () => {
    const upward = imports.filter(({ from, to }) => {
      const [source, target] = [folderOf(from), folderOf(to)];
      return layerOf(from) === 'core' && layerOf(to) === 'core' && CORE_ORDER.indexOf(target) > CORE_ORDER.indexOf(source);
    });
    const why = ({ from, to }: Import): string => `${folderOf(from)} → ${folderOf(to)} points up (CORE_ORDER ranks ${folderOf(to)} higher)`;
    expect(upward.map((edge) => `${named(edge)}: ${why(edge)}`)).toEqual([]);
  });

  it('every folder of src/ has a layer, and every core folder a rank', () => {
    const tops = readdirSync(join(ROOT, 'src')).filter((name) => statSync(join(ROOT, 'src', name)).isDirectory());
    const placed = ['util', 'kit', 'dialects', 'cli', 'codegen', ...CORE_ORDER];
    expect(
      tops.filter((top) => !placed.includes(top)).map((top) => `src/${top}/ is in no layer: add it to CORE_ORDER or the entry points`),
    ).toEqual([]);
  });

  it('there is no cycle between folders (src/<folder>/, src/dialects/<id>/), type imports included', () => {
    const graph = new Map<string, Map<string, Import>>();
    for (const edge of imports) {
      const [source, target] = [folderOf(edge.from), folderOf(edge.to)];
      if (source === target) continue;
      const targets = graph.get(source) ?? graph.set(source, new Map()).get(source)!;
      if (!targets.has(target)) targets.set(target, edge);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (folder: string, path: Import[]): void => {
      state.set(folder, 'open');
      for (const [next, edge] of graph.get(folder) ?? []) {
        if (state.get(next) === 'open') {
          const loop = [...path.slice(path.findIndex((step) => folderOf(step.from) === next)), edge];
          cycles.push(`${[...loop.map((step) => folderOf(step.from)), next].join(' → ')}: ${loop.map(named).join('; ')}`);
        } else if (!state.has(next)) visit(next, [...path, edge]);
      }
      state.set(folder, 'done');
    };
    for (const folder of graph.keys()) if (!state.has(folder)) visit(folder, []);
    expect(cycles).toEqual([]);
  });

  it('there is no import cycle in src/ (type imports count)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), file, next].join(' → '));
        else if (!state.has(next) && edges.has(next)) visit(next, [...path, file]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('reads code with the line numbers of the file (a finding names the line to open)', () => {
    const shifted = files.filter(
      (file) => codeOf(join(ROOT, file)).split('\n').length !== readFileSync(join(ROOT, file), 'utf8').split('\n').length,
    );
    expect(shifted).toEqual([]);
  });

  it('core and kit code names no dialect id, config directory or config file', () => {
    const names = Object.values(DIALECTS).flatMap(({ manifest }) => [manifest.id, manifest.configDir, ...manifest.configFiles]);
    const quoted = new RegExp(`['"\`/](${names.map((name) => name.replace(/\./g, '\\.')).join('|')})['"\`/]`);
    const named = files
      .filter((file) => ['core', 'kit'].includes(layerOf(file)))
      .flatMap((file) =>
        codeOf(join(ROOT, file))
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line })),
      )
      .filter(({ text }) => quoted.test(text))
      .map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`);
    expect(named).toEqual([]);
  });
});

describe('the CLI names dialects through the registry only', () => {
  it('no CLI code (help, examples, hints, errors) names a dialect id, agent, config directory or config file by hand', () => {
    // Help texts are derived from the manifests (src/cli/dialect-facts.ts), so a new dialect shows up in them by itself.
    const names = Object.values(DIALECTS).flatMap(({ manifest }) => [
      manifest.id,
      manifest.configDir,
      ...(manifest.agentName === undefined ? [] : [manifest.agentName]),
    ]);
    const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const named = new RegExp(`(?<![\\w-])(${escaped.join('|')})(?![\\w-])`, 'i');
    const found = files
      .filter((file) => file.startsWith('src/cli/'))
      .flatMap((file) =>
        codeOf(join(ROOT, file))
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line })),
      )
      .filter(({ text }) => named.test(text))
      .map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`);
    expect(found).toEqual([]);
  });
});
