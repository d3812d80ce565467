import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDialect, type DialectId } from '../../src/dialects/registry.js';
import { CLAUDE_EVENTS } from '../../src/dialects/claude/events.js';
import { CODEX_EVENTS } from '../../src/dialects/codex/events.js';
import { OCTO_EVENTS } from '../../src/dialects/octo/events.js';
import { OPENINTERPRETER_EVENTS } from '../../src/dialects/openinterpreter/events.js';
import { makeFixture } from '../../src/fixture/make-fixture.js';
import { LANGUAGES } from '../../src/scaffold/languages/index.js';
import { scaffoldHook } from '../../src/scaffold/scaffold.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { uncommentExample } from './uncomment-example.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const CASES = [
  ...OPENINTERPRETER_EVENTS.map((e) => ['openinterpreter', e.name] as const),
  ...OCTO_EVENTS.map((e) => ['octo', e.name] as const),
  ...CLAUDE_EVENTS.map((e) => ['claude', e.name] as const),
  ...CODEX_EVENTS.map((e) => ['codex', e.name] as const),
];

describe("each dialect's scaffold examples", () => {
  it.each(CASES)('%s %s: every JSON example is a valid output of the event', async (dialect, event) => {
    const { contracts } = await loadDialect(dialect);
    for (const example of (await loadDialect(dialect)).scaffold.examples(event)) {
      if (example.stdout) expect(contracts.validateOutput(event, example.stdout), example.id).toEqual({ ok: true, value: example.stdout });
      if (example.exitCode === 2) expect(example.stderr, example.id).toBeTruthy();
      expect(example.stdout !== undefined && example.stdoutText !== undefined, `${example.id}: JSON or text, not both`).toBe(false);
    }
  });
});

// codex examples are only forms Codex honours (no ask, no bare allow, no continue:false where Codex
// refuses it): run through the codex engine, none fails, and each has its effect.
describe('codex scaffold examples, run by the codex engine', () => {
  it.each(CODEX_EVENTS.map((e) => e.name))('%s: every example is honoured', async (event) => {
    const dialect = await loadDialect('codex');
    const { createEngine } = await import('../../src/index.js');
    for (const example of dialect.scaffold.examples(event)) {
      const box = makeTempProject();
      const out = example.stdout === undefined ? '' : JSON.stringify(example.stdout);
      const command = `printf '%s' '${out}'; printf '%s' '${example.stderr ?? ''}' >&2; exit ${example.exitCode}`;
      box.write('project/.codex/hooks.json', JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: 'command', command }] }] } }));
      const engine = await createEngine({
        dialect: 'codex',
        cwd: box.project,
        home: box.home,
        managedConfigPath: join(box.root, 'none.toml'),
        bypassTrust: true,
        workspaceTrust: 'assume',
      });
      const outcome = await engine.dispatch(event as never, makeFixture(dialect, event, { cwd: box.project }) as never);
      await engine.close();
      expect(outcome.runs[0], `${event} ${example.id}`).toMatchObject({
        status: expect.stringMatching(/^(completed|blocked|stopped)$/),
        error: null,
      });
      const effect =
        outcome.blocked ||
        outcome.stop ||
        outcome.decision !== null ||
        // codex PostToolUse continue:false: the reason replaces the tool output, no stop (test/agents/codex).
        outcome.reason !== null ||
        outcome.additionalContext !== null ||
        outcome.systemMessages.length > 0;
      expect(effect, `${event} ${example.id} has an effect`).toBe(true);
    }
  });
});

describe('scaffolded examples', () => {
  it.each(CASES)('%s %s: uncommenting one example in js, py or sh produces exactly its wire form', async (dialect, event) => {
    const box = makeTempProject();
    const payload = JSON.stringify(makeFixture(await loadDialect(dialect), event, { cwd: box.project }));
    for (const lang of ['js', 'py', 'sh'] as const) {
      const scaffold = await scaffoldHook({ dialect: await loadDialect(dialect), projectDir: box.project, event, lang });
      const script = readFileSync(scaffold.file, 'utf8');
      for (const example of (await loadDialect(dialect)).scaffold.examples(event)) {
        writeFileSync(scaffold.file, uncommentExample(script, LANGUAGES[lang].comment, example.id));
        // As the agents run it: in the project root, with claude's CLAUDE_PROJECT_DIR set.
        const run = spawnSync('sh', ['-c', scaffold.command], {
          cwd: box.project,
          input: payload,
          encoding: 'utf8',
          env: { ...process.env, CLAUDE_PROJECT_DIR: box.project },
        });
        const label = `${lang} ${example.id}`;
        expect(run.status, `${label}: ${run.stderr}`).toBe(example.exitCode);
        if (example.stdoutText !== undefined) expect(run.stdout, label).toBe(`${example.stdoutText}\n`);
        else expect(run.stdout === '' ? null : JSON.parse(run.stdout), label).toEqual(example.stdout ?? null);
        expect(run.stderr.trim(), label).toBe(example.stderr ?? '');
      }
    }
  });
});

/** Type-checks files against the generated types, as `hookctl/<dialect>` resolves for a project. */
function typeCheck(dir: string, files: string[]): { status: number | null; output: string } {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        allowJs: true,
        checkJs: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [join(repo, 'node_modules/@types')],
        paths: {
          'hookctl/openinterpreter': [join(repo, 'generated/openinterpreter/types.ts')],
          'hookctl/octo': [join(repo, 'generated/octo/types.ts')],
          'hookctl/claude': [join(repo, 'generated/claude/types.ts')],
          'hookctl/codex': [join(repo, 'generated/codex/types.ts')],
        },
      },
      files,
    }),
  );
  const run = spawnSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('ts and js scaffolds type-check against the generated types', () => {
  it('for every event, as written and with each example uncommented', async () => {
    const box = makeTempProject();
    const files: string[] = [];
    for (const [dialect, event] of CASES) {
      for (const lang of ['ts', 'js'] as const) {
        const scaffold = await scaffoldHook({
          dialect: await loadDialect(dialect),
          projectDir: box.project,
          event,
          lang,
          name: `${dialect}-${event}`,
        });
        files.push(scaffold.file);
        const script = readFileSync(scaffold.file, 'utf8');
        for (const example of (await loadDialect(dialect as DialectId)).scaffold.examples(event)) {
          const variant = scaffold.file.replace(/\.(m?[jt]s)$/, `-${example.id}.$1`);
          writeFileSync(variant, uncommentExample(script, '//', example.id));
          files.push(variant);
        }
      }
    }
    expect(typeCheck(box.project, files)).toEqual({ status: 0, output: '' });
  });

  it.each(['ts', 'js'] as const)('a misspelled output field in a %s scaffold is a type error', async (lang) => {
    const box = makeTempProject();
    const scaffold = await scaffoldHook({
      dialect: await loadDialect('openinterpreter'),
      projectDir: box.project,
      event: 'PreToolUse',
      lang,
    });
    const script = uncommentExample(readFileSync(scaffold.file, 'utf8'), '//', 'block');
    writeFileSync(scaffold.file, script.replace('permissionDecision:', 'permissionDecison:'));
    const result = typeCheck(box.project, [scaffold.file]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('permissionDecison');
  });
});

describe('py scaffolds', () => {
  it.each(CASES)('%s %s compiles with python3 -m py_compile', async (dialect, event) => {
    const box = makeTempProject();
    const scaffold = await scaffoldHook({ dialect: await loadDialect(dialect), projectDir: box.project, event, lang: 'py' });
    const run = spawnSync('python3', ['-m', 'py_compile', scaffold.file], {
      encoding: 'utf8',
      env: { ...process.env, PYTHONPYCACHEPREFIX: box.root },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

/** A directory holding only the named programs (resolved on this machine's PATH), for a PATH without jq. */
function binWith(root: string, programs: readonly string[]): string {
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const tool of programs) {
    // python3 may be a version manager's shim that needs its own PATH: link the interpreter itself.
    const located =
      tool === 'python3'
        ? spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim()
        : spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    symlinkSync(located, join(bin, tool));
  }
  return bin;
}

const READ_FIELDS = 'printf "tool=%s id=%s\\n" "$tool_name" "$tool_use_id" >&2';

describe('sh scaffolds', () => {
  it('refuse a guard event (exit 2, naming jq) when no reader of the payload is installed', async () => {
    const box = makeTempProject();
    const scaffold = await scaffoldHook({ dialect: await loadDialect('octo'), projectDir: box.project, event: 'PreToolUse', lang: 'sh' });
    const run = spawnSync('/bin/sh', ['-c', scaffold.command], {
      cwd: box.project,
      input: '{"event":"PreToolUse","tool_name":"terminal"}',
      encoding: 'utf8',
      env: { PATH: binWith(box.root, ['sh', 'cat']) },
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/pre-tool-use\.sh: cannot read the PreToolUse payload: install jq \(or python3 or node\)\n$/);
  });

  it('stay no-op hooks on other events without a reader', async () => {
    const box = makeTempProject();
    const scaffold = await scaffoldHook({ dialect: await loadDialect('octo'), projectDir: box.project, event: 'Stop', lang: 'sh' });
    const run = spawnSync('/bin/sh', ['-c', scaffold.command], {
      cwd: box.project,
      input: '{"event":"Stop"}',
      encoding: 'utf8',
      env: { PATH: binWith(box.root, ['sh', 'cat']) },
    });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it.each(['jq', 'python3', 'node'])('read the payload fields with %s alone', async (reader) => {
    if (spawnSync('sh', ['-c', `command -v ${reader}`]).status !== 0) {
      console.info(`sh scaffold read with ${reader}: skipped, ${reader} is not installed here`);
      return;
    }
    const box = makeTempProject();
    const scaffold = await scaffoldHook({ dialect: await loadDialect('codex'), projectDir: box.project, event: 'PreToolUse', lang: 'sh' });
    const script = readFileSync(scaffold.file, 'utf8');
    writeFileSync(scaffold.file, script.replace(/^(tool_use_id=.*)$/m, `$1\n${READ_FIELDS}`));
    const env = { PATH: binWith(box.root, ['sh', 'cat', reader]) };
    const payload = '{"session_id":"s","tool_name":"Bash","tool_use_id":"call_1","tool_input":{"command":"rm -rf /"}}';
    const run = spawnSync('/bin/sh', ['-c', scaffold.command], { cwd: box.project, input: payload, encoding: 'utf8', env });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: 'tool=Bash id=call_1\n' });
    const malformed = spawnSync('/bin/sh', ['-c', scaffold.command], { cwd: box.project, input: '[1]', encoding: 'utf8', env });
    expect(malformed.status).toBe(1);
  });

  it('fail on a malformed payload when jq can parse it', async () => {
    const box = makeTempProject();
    const scaffold = await scaffoldHook({ dialect: await loadDialect('octo'), projectDir: box.project, event: 'PreToolUse', lang: 'sh' });
    const run = spawnSync('sh', ['-c', scaffold.command], { cwd: box.project, input: 'not json', encoding: 'utf8' });
    expect(run.status).toBe(1);
  });
});
