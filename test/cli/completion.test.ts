// `hookctl completion bash|zsh|fish`, loaded into the real shells (.ci/run installs zsh and fish):
// bash and fish are asked for completions of partial command lines; zsh registers the function, and
// its event chooser runs in a real zsh.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT_IDS, manifestOf } from '../../src/dialects/registry.js';
import { hasTool } from '../helpers/require-tool.js';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
const scripts: Record<string, string> = {};

// zsh and fish are not on every machine: their suites are skipped with one line saying how to install them.
const HAS_ZSH = hasTool('zsh', import.meta.filename);
const HAS_FISH = hasTool('fish', import.meta.filename);

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
  return bashCompleteIn(dir, ...words);
}

function bashCompleteIn(cwd: string, ...words: string[]): string[] {
  const script = `source ${JSON.stringify(scripts.bash)}
COMP_WORDS=(${words.map((word) => JSON.stringify(word)).join(' ')}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=()
_hookctl
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const run = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { cwd, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return run.stdout.split('\n').filter(Boolean);
}

/** Completions fish offers (`complete -C`), without their descriptions. */
function fishComplete(line: string, cwd = dir): string[] {
  const run = spawnSync('fish', ['--no-config', '-c', `source ${JSON.stringify(scripts.fish)}; complete -C ${JSON.stringify(line)}`], {
    cwd,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return run.stdout
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.split('\t')[0]!);
}

/**
 * The events zsh's completion offers for the command words `words` (the last one being typed), from
 * the script's own `_hookctl_events` in a real zsh: `compadd` only exists inside a completion widget,
 * so it is replaced by a function printing what it was given.
 */
function zshEvents(cwd: string, ...words: string[]): string[] {
  // compdef is compinit's (slow to load): the sourced script only registers itself with it.
  const script = `compdef() { : }
source ${JSON.stringify(scripts.zsh)}
compadd() { shift; print -rl -- \${(P)1} }
words=(${words.map((word) => `'${word}'`).join(' ')}); CURRENT=\${#words}
_hookctl_events`;
  const run = spawnSync('zsh', ['-f', '-c', script], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, HOME: dir },
  });
  expect(run.stderr).toBe('');
  const prefix = words.at(-1)!;
  return run.stdout.split('\n').filter((word) => word !== '' && word.startsWith(prefix));
}

/** A directory configured for octo only. */
function octoProject(): string {
  const project = mkdtempSync(join(dir, 'octo-'));
  mkdirSync(join(project, '.octo'));
  writeFileSync(join(project, '.octo/hooks.yml'), 'hooks: {}\n');
  return project;
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
    // Every dialect's events and ids, from the registry: a new dialect's show up here by itself.
    const allEvents = [...new Set(DIALECT_IDS.flatMap((id) => manifestOf(id).events.map((event) => event.name)))];
    expect(bashComplete('hookctl', 'dry-run', 'Pre')).toEqual(allEvents.filter((name) => name.startsWith('Pre')).sort());
    expect(bashComplete('hookctl', 'fixture', '--dialect', 'o')).toEqual(DIALECT_IDS.filter((id) => id.startsWith('o')));
    expect(bashComplete('hookctl', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(bashComplete('hookctl', 'lint', '--cwd', 'conf')).toEqual(['configs']);
    expect(bashComplete('hookctl', 'lint', 'hookctl.b')).toEqual(['hookctl.bash']);
  });
});

describe('hookctl completion bash: events of the chosen dialect', () => {
  it("offers only the --dialect dialect's events, either spelling", () => {
    expect(bashComplete('hookctl', 'dry-run', '--dialect', 'octo', 'Sub')).toEqual(['SubagentStop']);
    expect(bashComplete('hookctl', 'fixture', '--dialect', '=', 'codex', 'Task')).toEqual([]);
    expect(bashComplete('hookctl', 'fixture', '--dialect', 'claude', 'Task')).toEqual(['TaskCreated', 'TaskCompleted']);
  });

  it('without --dialect, the one dialect configured in the current directory, else every dialect', () => {
    const project = octoProject();
    expect(bashComplete('hookctl', 'dry-run', 'Sub')).toEqual(['SubagentStart', 'SubagentStop']);
    expect(bashCompleteIn(project, 'hookctl', 'dry-run', 'Sub')).toEqual(['SubagentStop']);
  });
});

describe.skipIf(!HAS_ZSH)('hookctl completion zsh', () => {
  it('is valid zsh and registers _hookctl for hookctl with compinit', () => {
    expect(spawnSync('zsh', ['-n', scripts.zsh!], { encoding: 'utf8' }).status).toBe(0);
    const script = `autoload -U compinit && compinit -u -D && source ${JSON.stringify(scripts.zsh)} && print -r -- $_comps[hookctl]`;
    const run = spawnSync('zsh', ['-f', '-c', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir } });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('_hookctl');
  });

  it("offers the events of the --dialect dialect (either spelling), else the one configured here, else every dialect's", () => {
    expect(zshEvents(dir, 'dry-run', '--dialect', 'octo', 'Sub')).toEqual(['SubagentStop']);
    expect(zshEvents(dir, 'fixture', '--dialect=codex', 'Task')).toEqual([]);
    expect(zshEvents(dir, 'fixture', '--dialect', 'claude', 'Task')).toEqual(['TaskCreated', 'TaskCompleted']);
    expect(zshEvents(dir, 'dry-run', 'Sub')).toEqual(['SubagentStart', 'SubagentStop']);
    expect(zshEvents(octoProject(), 'dry-run', 'Sub')).toEqual(['SubagentStop']);
  });

  it('wires _hookctl_events to the <event> argument of every command that takes one', () => {
    const script = readFileSync(scripts.zsh!, 'utf8');
    for (const command of ['dry-run', 'fixture', 'run', 'scaffold']) {
      const block = script.slice(script.indexOf(`        ${command})`)).split(';;')[0]!;
      expect(block, command).toContain("'*:event:_hookctl_events'");
    }
  });
});

describe.skipIf(!HAS_FISH)('hookctl completion fish', () => {
  it('completes commands, options, choices and event names (complete -C)', async () => {
    expect(fishComplete('hookctl ').sort()).toEqual((await helpCommands()).sort());
    expect(fishComplete('hookctl lint --format ')).toEqual(['github', 'json', 'sarif', 'stylish']);
    expect(fishComplete('hookctl dry-run Pre')).toEqual([
      'PreCompact',
      'PreCompress',
      'PreModelRequest',
      'PreModelSwitch',
      'PreSkillShellCommand',
      'PreToolUse',
    ]);
    expect(fishComplete('hookctl lint --f')).toEqual(['--format']);
  });

  it("offers the events of the --dialect dialect (either spelling), else the one configured here, else every dialect's", () => {
    expect(fishComplete('hookctl dry-run --dialect octo Sub')).toEqual(['SubagentStop']);
    expect(fishComplete('hookctl fixture --dialect=codex Task')).toEqual([]);
    expect(fishComplete('hookctl fixture --dialect claude Task').sort()).toEqual(['TaskCompleted', 'TaskCreated']);
    expect(fishComplete('hookctl dry-run Sub').sort()).toEqual(['SubagentStart', 'SubagentStop']);
    expect(fishComplete('hookctl dry-run Sub', octoProject())).toEqual(['SubagentStop']);
  });
});

describe('hookctl completion', () => {
  it('rejects an unknown shell with a usage error', async () => {
    const result = await runCli(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("'powershell' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.");
  });
});
