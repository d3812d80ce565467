// Scaffolds under the strictest checkers their users run: every event of every dialect, as written
// and with each example uncommented. Python under `pyright --strict` (the npm package, a
// devDependency); TypeScript in an ES module package and in a CommonJS one, importing hookctl's
// types the way an installed hookctl resolves them (node_modules/hookctl → this package's exports).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLAUDE_EVENTS } from '../../src/dialects/claude/events.js';
import { CODEX_EVENTS } from '../../src/dialects/codex/events.js';
import { OCTO_EVENTS } from '../../src/dialects/octo/events.js';
import { OPENINTERPRETER_EVENTS } from '../../src/dialects/openinterpreter/events.js';
import { loadDialect, type DialectId } from '../../src/dialects/registry.js';
import { scaffoldHook } from '../../src/scaffold/scaffold.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { uncommentExample } from './uncomment-example.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CASES: [DialectId, string][] = [
  ...OPENINTERPRETER_EVENTS.map((e): [DialectId, string] => ['openinterpreter', e.name]),
  ...OCTO_EVENTS.map((e): [DialectId, string] => ['octo', e.name]),
  ...CLAUDE_EVENTS.map((e): [DialectId, string] => ['claude', e.name]),
  ...CODEX_EVENTS.map((e): [DialectId, string] => ['codex', e.name]),
];

/** Scaffolds every event in `lang` and writes it, and a copy per uncommented example, into `dir`. */
async function scaffoldVariants(projectDir: string, dir: string, lang: 'py' | 'ts'): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const [dialect, event] of CASES) {
    const loaded = await loadDialect(dialect);
    const scaffold = await scaffoldHook({ dialect: loaded, projectDir, event, lang, name: `${dialect}-${event}` });
    const script = readFileSync(scaffold.file, 'utf8');
    const comment = lang === 'py' ? '#' : '//';
    const variants = [
      ['as-written', script],
      ...loaded.scaffold.examples(event).map((example) => [example.id, uncommentExample(script, comment, example.id)]),
    ];
    for (const [variant, text] of variants) {
      // Python module names cannot contain '-'.
      const file = join(dir, `${dialect}_${event}_${variant!.replace(/-/g, '_')}.${lang}`);
      writeFileSync(file, text!);
      files.push(file);
    }
  }
  return files;
}

describe('py scaffolds under pyright --strict', () => {
  it('report nothing, for every event, as written and with each example uncommented', async () => {
    const box = makeTempProject();
    // Outside a dot-directory: pyright leaves `**/.*` (such as .openinterpreter/hooks) out of a project.
    const files = await scaffoldVariants(box.project, join(box.project, 'hooks'), 'py');
    writeFileSync(
      join(box.project, 'pyrightconfig.json'),
      JSON.stringify({ typeCheckingMode: 'strict', pythonVersion: '3.8', include: ['hooks'] }),
    );
    const run = spawnSync(
      process.execPath,
      [join(REPO, 'node_modules/pyright/index.js'), '--outputjson', '-p', join(box.project, 'pyrightconfig.json')],
      {
        cwd: box.project,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(run.stdout) as {
      summary: { filesAnalyzed: number };
      generalDiagnostics: { file: string; range: { start: { line: number } }; message: string; rule?: string }[];
    };
    const problems = report.generalDiagnostics.map((d) => `${basename(d.file)}:${d.range.start.line + 1}: ${d.message} (${d.rule ?? ''})`);
    expect(problems).toEqual([]);
    expect(report.summary.filesAnalyzed).toBe(files.length);
  }, 120_000); // pyright over every event: 9 s alone, over 30 s beside the rest of the suite on 2 cores
});

describe('ts scaffolds type-check in ES module and CommonJS packages', () => {
  it.each([
    ['an ES module package', 'module', 'node16'],
    ['a CommonJS package', 'commonjs', 'node16'],
    ['an ES module package', 'module', 'nodenext'],
    ['a CommonJS package', 'commonjs', 'nodenext'],
  ])('%s (module %s, tsc --module %s)', async (_name, type, module) => {
    const box = makeTempProject();
    writeFileSync(join(box.project, 'package.json'), JSON.stringify({ name: 'app', private: true, type }));
    mkdirSync(join(box.project, 'node_modules/@types'), { recursive: true });
    symlinkSync(REPO, join(box.project, 'node_modules/hookctl'));
    symlinkSync(join(REPO, 'node_modules/@types/node'), join(box.project, 'node_modules/@types/node'));
    const files = await scaffoldVariants(box.project, join(box.project, 'hooks'), 'ts');
    writeFileSync(
      join(box.project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module,
          moduleResolution: module,
          types: ['node'],
          skipLibCheck: false,
        },
        files,
      }),
    );
    const run = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', box.project], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
