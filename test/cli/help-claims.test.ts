// What `--help` says about dialects is checked against what the binary does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS, manifestOf } from '../../src/dialects/registry.js';
import { REPO } from '../helpers/release-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

describe('hookctl --help', () => {
  it('lists every registered dialect with its config files and event count', async () => {
    const help = await runCli(['--help']);
    const section = help.stdout.slice(help.stdout.indexOf('Dialects ('));
    for (const id of DIALECT_IDS) {
      const { configDir, configFiles, events } = manifestOf(id);
      expect(section).toMatch(new RegExp(`\\n  ${id} +.*${configDir}/${configFiles[0]}.*; ${events.length} events\\n`));
    }
  });
});

describe('enable, disable, trust: the dialects their help names', () => {
  it.each([
    ['enable', 'claude', /^hookctl: Claude Code has no per-hook trust or on\/off switch/],
    ['disable', 'claude', /^hookctl: Claude Code has no per-hook trust or on\/off switch/],
    ['trust', 'claude', /^hookctl: Claude Code has no per-hook trust or on\/off switch/],
    ['enable', 'octo', /^hookctl: octo has no per-hook enable\/disable/],
    ['disable', 'octo', /^hookctl: octo has no per-hook enable\/disable/],
  ])('%s --dialect %s refuses in one line and writes nothing', async (command, dialect, message) => {
    const sandbox = makeTempProject();
    const config: Record<string, [string, string]> = {
      claude: ['.claude/settings.json', JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } })],
      octo: ['.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: "true"\n'],
    };
    sandbox.write(`project/${config[dialect]![0]}`, config[dialect]![1]);
    const flags = ['--dialect', dialect, '--cwd', sandbox.project, '--home', sandbox.home];
    const listed = JSON.parse((await runCli(['list', '--json', ...flags])).stdout) as { hooks: { id: string }[] };
    const args = command === 'trust' ? ['trust', '--yes'] : [command, listed.hooks[0]!.id];
    const ran = await runCli([...args, ...flags]);
    expect(ran.stderr).toMatch(message);
    expect(ran.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(ran.code).toBe(2);
    const help = (await runCli([command, '--help'])).stdout.replace(/\s+/g, ' ');
    if (command === 'trust') expect(help).toMatch(/claude and copilot have no per-hook trust/);
    else {
      // Every dialect without an on/off switch, as the manifests say, and no other.
      const named = /(\w+(?:, \w+)*(?: and \w+)?) have none/.exec(help)?.[1]?.split(/, | and /) ?? [];
      const switchless = DIALECT_IDS.filter((id) => manifestOf(id).cli?.hookSwitch === false);
      expect([...named].sort()).toEqual([...switchless].sort());
      expect(named).toContain(dialect);
    }
  });
});

describe('snippets name the real repository', () => {
  it('package.json has a repository, and README, docs and --help use it instead of an <owner> placeholder', async () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { repository: { url: string } };
    expect(pkg.repository.url).toBe('git+https://github.com/hookctl/hookctl.git');
    const lintHelp = (await runCli(['lint', '--help'])).stdout;
    for (const text of [readFileSync(join(REPO, 'README.md'), 'utf8'), readFileSync(join(REPO, 'docs/cli.md'), 'utf8'), lintHelp]) {
      expect(text).not.toContain('<owner>');
    }
    expect(lintHelp).toContain('- repo: https://github.com/hookctl/hookctl\n');
    expect(lintHelp).toContain('- uses: hookctl/hookctl@v');
  });
});

describe('help texts follow the manifests', () => {
  const facts = DIALECT_IDS.flatMap((id) => {
    const cli = manifestOf(id).cli;
    return cli ? [{ id, ...cli }] : [];
  });
  const flat = (text: string) => text.replace(/\s+/g, ' ');

  it('trust and untrust name each dialect under its kind of trust; enable and disable the dialects with a switch', async () => {
    const trust = flat((await runCli(['trust', '--help'])).stdout);
    const perHook = facts.filter((f) => f.trust === 'per-hook').map((f) => f.id);
    expect(trust).toContain(`${perHook.join(', ')}: per hook`);
    for (const { id } of facts.filter((f) => f.trust === 'none')) expect(trust).toMatch(new RegExp(`\\b${id}\\b[^;)]*no per-hook trust`));
    // untrust: the same scopes, then what untrusting does in each dialect with trust (its own words where the manifest has them).
    const untrust = flat((await runCli(['untrust', '--help'])).stdout);
    expect(untrust).toContain(`(${perHook.join(', ')}: per hook`);
    for (const { id, untrustEffect } of facts.filter((f) => f.trust !== 'none' && f.untrustEffect))
      expect(untrust).toContain(`${id}: ${untrustEffect}`);
    const switched = facts.filter((f) => f.hookSwitch).map((f) => f.id);
    for (const command of ['enable', 'disable']) {
      const help = flat((await runCli([command, '--help'])).stdout);
      expect(help).toContain(`(${switched.join(', ')}`);
      expect(help).toContain(`Applies to ${switched.slice(0, -1).join(', ')} and ${switched.at(-1)}`);
    }
  });

  it('--managed names every managed file with its default path; --tool each dialect with example tools', async () => {
    const help = flat((await runCli(['dry-run', '--help'])).stdout);
    for (const { id, managedFile } of facts.filter((f) => f.managedFile)) {
      expect(help).toContain(`${id} ${managedFile!.name} (default ${managedFile!.defaultPath}`);
    }
    for (const { id, exampleTools } of facts.filter((f) => f.exampleTools)) expect(help).toContain(`${id} ${exampleTools![0]}`);
  });

  it('test --agent and replay name the agents hookctl can drive and read; replay refuses the others naming them', async () => {
    const agents = facts.filter((f) => f.agentBinary).map((f) => f.id);
    expect(flat((await runCli(['test', '--help'])).stdout)).toContain(`the real agent (${agents.join(', ')})`);
    const readers = facts.filter((f) => f.sessionRecords);
    const replayHelp = flat((await runCli(['replay', '--help'])).stdout);
    for (const { id, sessionRecords } of readers) expect(replayHelp).toContain(`${id} ${manifestOf(id).agentName ?? id} ${sessionRecords}`);
    const other = DIALECT_IDS.find((id) => !readers.some((reader) => reader.id === id))!;
    const sandbox = makeTempProject();
    const refused = await runCli(['replay', '--dialect', other, '--cwd', sandbox.project, '--home', sandbox.home]);
    expect(refused.code).toBe(2);
    const named = readers.map(({ id }) => `--dialect ${id}`);
    expect(refused.stderr).toContain(named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`);
  });

  it('every --dialect example in --help names a registered dialect; test --help names every config directory', async () => {
    const program = ['fixture', 'dry-run', 'scaffold', 'trust', 'list', 'lint', 'schema', 'replay', 'test'];
    for (const command of program) {
      const help = (await runCli([command, '--help'])).stdout;
      for (const [, id] of help.matchAll(/--dialect ([a-z]\S*)/g)) expect(DIALECT_IDS, `${command}: --dialect ${id}`).toContain(id);
    }
    const test = flat((await runCli(['test', '--help'])).stdout);
    for (const id of DIALECT_IDS) expect(test).toContain(`${manifestOf(id).configDir}/`);
  });
});
