// `hookctl completion bash|zsh|fish`, loaded into the real shells (.ci/run installs zsh and fish):
// bash and fish are asked for completions of partial command lines; zsh registers the function.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
const scripts: Record<string, string> = {};

function requireShell(shell: string): void {
  if (spawnSync('sh', ['-c', `command -v ${shell}`]).status !== 0) {
    throw new Error(
      `${shell} is not installed: .ci/run installs it (apt-get install -y ${shell}); this test loads the script into the real shell`,
    );
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hookctl-completion-'));
  mkdirSync(join(dir, 'configs'));
  for (const shell of ['bash', 'zsh', 'fish']) {
    const result = await runCli(['completion', shell]);
    expect(result.code, result.stderr).toBe(0);
    scripts[shell] = join(dir, `hookctl.${shell}`);
    writeFileSync(scripts[shell], result.stdout);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Completions bash offers for a command line whose last word is being typed. */
function bashComplete(...words: string[]): string[] {
  const script = `source ${JSON.stringify(scripts.bash)}
COMP_WORDS=(${words.map((word) => JSON.stringify(word)).join(' ')}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=()
_hookctl
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const run = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { cwd: dir, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout.split('\n').filter(Boolean);
}

/** Completions fish offers (`complete -C`), without their descriptions. */
function fishComplete(line: string): string[] {
  const run = spawnSync('fish', ['--no-config', '-c', `source ${JSON.stringify(scripts.fish)}; complete -C ${JSON.stringify(line)}`], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return run.stdout
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.split('\t')[0]!);
}

async function helpCommands(): Promise<string[]> {
  const help = await runCli(['--help']);
  // The Commands: block ends at the first blank line (the dialect list follows it).
  const section = help.stdout.slice(help.stdout.indexOf('Commands:')).split('\n\n')[0]!;
  return [...section.matchAll(/^ {2}([a-z-]+)/gm)].map((match) => match[1]!);
}

describe('hookctl completion bash', () => {
  it('registers the completion function for hookctl (complete -p)', () => {
    const run = spawnSync('bash', ['--norc', '--noprofile', '-c', `source ${JSON.stringify(scripts.bash)} && complete -p hookctl`], {
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('complete -o filenames -F _hookctl hookctl');
  });

  it('completes every command of `hookctl --help`', async () => {
    expect(
      bashComplete('hookctl', '')
        .filter((word) => !word.startsWith('-'))
        .sort(),
    ).toEqual((await helpCommands()).sort());
    expect(bashComplete('hookctl', 'li')).toEqual(['lint', 'list']);
    expect(bashComplete('hookctl', '-')).toEqual(['-v', '--version', '--debug', '-h', '--help']);
  });

  it("completes a command's options, choices, event names, directories and files", () => {
    expect(bashComplete('hookctl', 'lint', '--f')).toEqual(['--format']);
    expect(bashComplete('hookctl', 'lint', '--format', '')).toEqual(['stylish', 'json', 'github', 'sarif']);
    expect(bashComplete('hookctl', 'scaffold', 'PreToolUse', '--lang', '')).toEqual(['js', 'ts', 'py', 'sh']);
    expect(bashComplete('hookctl', 'dry-run', 'Pre')).toEqual(['PreCompact', 'PreToolUse']);
    expect(bashComplete('hookctl', 'fixture', '--dialect', 'o')).toEqual(['openinterpreter', 'octo']);
    expect(bashComplete('hookctl', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(bashComplete('hookctl', 'lint', '--cwd', 'conf')).toEqual(['configs']);
    expect(bashComplete('hookctl', 'lint', 'hookctl.b')).toEqual(['hookctl.bash']);
  });
});

describe('hookctl completion zsh', () => {
  it('is valid zsh and registers _hookctl for hookctl with compinit', () => {
    requireShell('zsh');
    expect(spawnSync('zsh', ['-n', scripts.zsh!], { encoding: 'utf8' }).status).toBe(0);
    const script = `autoload -U compinit && compinit -u -D && source ${JSON.stringify(scripts.zsh)} && print -r -- $_comps[hookctl]`;
    const run = spawnSync('zsh', ['-f', '-c', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir } });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('_hookctl');
  });
});

describe('hookctl completion fish', () => {
  it('completes commands, options, choices and event names (complete -C)', async () => {
    requireShell('fish');
    expect(fishComplete('hookctl ').sort()).toEqual((await helpCommands()).sort());
    expect(fishComplete('hookctl lint --format ')).toEqual(['github', 'json', 'sarif', 'stylish']);
    expect(fishComplete('hookctl dry-run Pre')).toEqual(['PreCompact', 'PreToolUse']);
    expect(fishComplete('hookctl lint --f')).toEqual(['--format']);
  });
});

describe('hookctl completion', () => {
  it('rejects an unknown shell with a usage error', async () => {
    const result = await runCli(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("'powershell' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.");
  });
});
