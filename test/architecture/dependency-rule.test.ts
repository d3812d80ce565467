import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../src/dialects/registry.js';

/**
 * The dependency rule of docs/architecture.md: imports point down only, type imports included.
 * util ← kit ← errors ← core (config, load, contracts, lint, trust, engine, serve, scaffold, fixture, testing,
 * report) ← dialects/<id> ← dialects/registry (+ detect, infer) ← entry points (cli, codegen,
 * src/*.ts). A dialect may reuse another's module (openinterpreter reuses the Codex runtime in codex/).
 * Each failure names the edge.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORE = ['config', 'load', 'contracts', 'lint', 'trust', 'engine', 'serve', 'scaffold', 'fixture', 'testing', 'report'];
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
const edges = new Map(
  files.map((file) => {
    const targets = [...codeOf(join(ROOT, file)).matchAll(IMPORT)]
      .map((match) => relative(ROOT, resolve(dirname(join(ROOT, file)), match[1] ?? match[2]!)).replace(/\.js$/, '.ts'))
      .filter((target) => target.startsWith('src/'));
    return [file, targets];
  }),
);

/** util, errors, kit, core, dialect, registry or entry. */
function layerOf(file: string): string {
  const [, top, second] = file.split('/');
  if (top === 'util' || top === 'kit') return top!;
  if (file === 'src/errors.ts') return 'errors';
  if (CORE.includes(top!)) return 'core';
  if (top === 'dialects') return second!.endsWith('.ts') ? 'registry' : 'dialect';
  return 'entry';
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
