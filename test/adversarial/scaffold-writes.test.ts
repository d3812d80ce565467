import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, type CliResult } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { manifestOf } from '../../src/dialects/registry.js';
import { ALL_DIALECTS, type AnyDialectId, eventOf } from './helpers.js';
import { dropFileOverride } from './kit.js';

/**
 * SPEC 6.1.5: `scaffold` and `scaffold --register` never write outside the project and never lose
 * data. A repository commits a symlink where scaffold will write (even a dangling one, pointing at
 * a binary on the user's PATH); the disk fills up or the file size limit is hit in the middle of
 * the write; the directory is read-only. Each time: a one-line message, the original config byte
 * for byte, no half-created script, nothing written outside.
 */
const DIALECTS = ALL_DIALECTS;
/** Each dialect's project config directory, from its manifest. */
const DIR = (dialect: AnyDialectId): string => manifestOf(dialect).configDir;
/** The file `--register` edits: the dialect's first project config file (claude's settings, codex's hooks.json). */
const CONFIG = (dialect: AnyDialectId): string => `${DIR(dialect)}/${manifestOf(dialect).configFiles[0]}`;
/** The event these cases scaffold: the dialect's first tool event (PreToolUse, Gemini CLI's BeforeTool). */
const EVENT = (dialect: AnyDialectId): string => eventOf(dialect, 'PreToolUse');
/** The script scaffold writes for it: the event in kebab case. */
const SCRIPT = (dialect: AnyDialectId): string =>
  `${EVENT(dialect)
    .replace(/(?<=[a-z])(?=[A-Z])/g, '-')
    .toLowerCase()}.sh`;

/** A config with content a careless rewrite would lose: comments, odd spacing, a large description. */
function existingConfig(dialect: AnyDialectId, padding: number): string {
  const pad = 'x'.repeat(padding);
  const stop = '"hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "true" } ] } ] }';
  switch (dialect) {
    case 'openinterpreter':
      return `{\n  // kept\n  "description": "${pad}",\n  ${stop}\n}\n`;
    case 'octo':
      return `# kept\n# ${pad}\nhooks:\n  Stop:\n    - command: "true"   # also kept\n`;
    // Claude and Codex read these files as strict JSON: no comments, but settings far beyond hooks.
    case 'claude':
      return `{\n  "permissions": { "deny": ["Bash(rm:*)"] },\n  "env": { "PAD": "${pad}" },\n  ${stop}\n}\n`;
    case 'codex':
      return `{\n  "description":   "${pad}",\n  ${stop}\n}\n`;
    // Gemini CLI reads settings with comments (not trailing commas), and has AfterAgent where the others have Stop.
    case 'gemini':
      return `{\n  // kept\n  "ui": { "theme": "${pad}" },\n  ${stop.replace('Stop', 'AfterAgent')}\n}\n`;
    // Not in ALL_DIALECTS yet (helpers.ts): no `scaffold --register` editor.
    case 'copilot':
      throw new Error('copilot has no scaffold --register editor');
  }
}

function setup(dialect: AnyDialectId, padding = 10) {
  const sandbox = makeTempProject();
  const config = sandbox.write(`project/${CONFIG(dialect)}`, existingConfig(dialect, padding));
  const before = readFileSync(config);
  const common = ['--dialect', dialect, '--cwd', sandbox.project, '--home', sandbox.home];
  const script = join(sandbox.project, DIR(dialect), 'hooks', SCRIPT(dialect));
  return { sandbox, config, before, common, script };
}

function expectOneLineError(result: CliResult, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/^hookctl: [^\n]+\n$/);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
}

/** Files left in a directory by a failed write: temp files, backups, half-written scripts. */
function leftovers(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('.') || name.endsWith('.tmp')) : [];
}

describe.each(DIALECTS)('scaffold never writes through a symlink (%s)', (dialect) => {
  it('a committed dangling symlink at the script path (-> ~/.local/bin/git) is refused; nothing is created outside', async () => {
    const { sandbox, common, script, config, before } = setup(dialect);
    const target = join(sandbox.home, '.local', 'bin', 'git');
    mkdirSync(join(sandbox.project, DIR(dialect), 'hooks'), { recursive: true });
    symlinkSync(target, script);
    const result = await runCli(['scaffold', EVENT(dialect), '--lang', 'sh', '--register', ...common]);
    expectOneLineError(result, /symbolic link/);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(join(sandbox.home, '.local'))).toBe(false);
    expect(lstatSync(script).isSymbolicLink()).toBe(true);
    expect(readFileSync(config)).toEqual(before);
  });

  it('--force does not write through a symlink to an existing file outside the project either', async () => {
    const { sandbox, common, script } = setup(dialect);
    const outside = sandbox.write('home/.bashrc', 'alias ls=ls\n');
    mkdirSync(join(sandbox.project, DIR(dialect), 'hooks'), { recursive: true });
    symlinkSync(outside, script);
    const result = await runCli(['scaffold', EVENT(dialect), '--lang', 'sh', '--force', ...common]);
    expectOneLineError(result, /symbolic link/);
    expect(readFileSync(outside, 'utf8')).toBe('alias ls=ls\n');
  });

  it('a symlinked hooks directory (-> ~/.local/bin) is refused', async () => {
    const { sandbox, common } = setup(dialect);
    const bin = join(sandbox.home, '.local', 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(bin, join(sandbox.project, DIR(dialect), 'hooks'));
    const result = await runCli(['scaffold', EVENT(dialect), '--lang', 'sh', ...common]);
    expectOneLineError(result, /symbolic link/);
    expect(readdirSync(bin)).toEqual([]);
  });

  it('a committed config directory symlinked into the home (-> ~/<dir>) is refused; the home is unchanged', async () => {
    const { sandbox, common } = setup(dialect);
    const userDir = join(sandbox.home, DIR(dialect));
    const userConfig = sandbox.write(`home/${CONFIG(dialect)}`, existingConfig(dialect, 10));
    const userBefore = readFileSync(userConfig);
    rmSync(join(sandbox.project, DIR(dialect)), { recursive: true });
    symlinkSync(userDir, join(sandbox.project, DIR(dialect)));
    const result = await runCli(['scaffold', EVENT(dialect), '--lang', 'sh', '--register', ...common]);
    expectOneLineError(result, /symbolic link/);
    expect(readFileSync(userConfig)).toEqual(userBefore);
    expect(readdirSync(userDir)).toEqual([CONFIG(dialect).split('/')[1]]);
  });

  it('--register refuses a config file that is a symlink; the target and the project are unchanged', async () => {
    const { sandbox, common, config, script } = setup(dialect);
    const elsewhere = sandbox.write(`home/${CONFIG(dialect).split('/')[1]}`, existingConfig(dialect, 10));
    const elsewhereBefore = readFileSync(elsewhere);
    rmSync(config);
    symlinkSync(elsewhere, config);
    const result = await runCli(['scaffold', EVENT(dialect), '--lang', 'sh', '--register', ...common]);
    expectOneLineError(result, /symbolic link/);
    expect(readFileSync(elsewhere)).toEqual(elsewhereBefore);
    expect(existsSync(script)).toBe(false);
  });
});

/** Runs hookctl under real shell limits (`ulimit -f` counts 512-byte blocks in dash). */
function runLimited(args: readonly string[], limits: string, prefix: readonly string[] = []): Promise<CliResult> {
  return new Promise((resolve) => {
    const quoted = args.map((arg) => `'${arg}'`).join(' ');
    const command = [...prefix, `"${process.execPath}"`, `"${BIN}"`].join(' ');
    const child = spawn('sh', ['-c', `${limits}; exec ${command} ${quoted}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(DIALECTS)('a write that fails midway loses nothing (%s)', (dialect) => {
  it('`ulimit -f` hit while rewriting a large config: the config is intact, the new script removed, one line', async () => {
    // 20 KiB allowed: the script (under 4 KiB) fits, the 100 KiB config does not.
    const { common, config, before, script } = setup(dialect, 100 * 1024);
    const result = await runLimited(['scaffold', EVENT(dialect), '--lang', 'sh', '--register', ...common], 'ulimit -f 40');
    expectOneLineError(result, /file size limit/);
    expect(readFileSync(config)).toEqual(before);
    expect(existsSync(script)).toBe(false);
    expect(leftovers(join(config, '..'))).toEqual([]);
    expect(leftovers(join(script, '..'))).toEqual([]);
  });

  it('`ulimit -f` hit while writing the script itself: nothing is created', async () => {
    const { common, config, before, script } = setup(dialect);
    const result = await runLimited(['scaffold', EVENT(dialect), '--lang', 'sh', '--register', ...common], 'ulimit -f 2');
    expectOneLineError(result, /file size limit/);
    expect(readFileSync(config)).toEqual(before);
    expect(existsSync(script)).toBe(false);
    expect(existsSync(join(script, '..'))).toBe(false);
  });

  it('--force over an existing script under `ulimit -f`: the old script survives', async () => {
    const { common, config, before, script, sandbox } = setup(dialect, 100 * 1024);
    sandbox.write(`project/${DIR(dialect)}/hooks/${SCRIPT(dialect)}`, '#!/bin/sh\n# my own edits\nexit 0\n', { executable: true });
    const result = await runLimited(['scaffold', EVENT(dialect), '--lang', 'sh', '--force', '--register', ...common], 'ulimit -f 40');
    expectOneLineError(result, /file size limit/);
    expect(readFileSync(script, 'utf8')).toBe('#!/bin/sh\n# my own edits\nexit 0\n');
    expect(readFileSync(config)).toEqual(before);
  });

  it('a read-only config directory: a clear line, nothing changed', async () => {
    const { sandbox, common, config, before, script } = setup(dialect);
    const dir = join(sandbox.project, DIR(dialect));
    // root ignores permissions; the write is then tried without the capabilities that let it, as a person would meet it.
    chmodSync(config, 0o644);
    chmodSync(dir, 0o555);
    try {
      const result = await runLimited(['scaffold', EVENT(dialect), '--lang', 'sh', '--register', ...common], 'true', dropFileOverride());
      expectOneLineError(result, /permission denied/);
      expect(readFileSync(config)).toEqual(before);
      expect(existsSync(script)).toBe(false);
    } finally {
      chmodSync(dir, 0o755);
    }
  });
});
