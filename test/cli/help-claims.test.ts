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
    const help = await runCli([command, '--help']);
    expect(help.stdout).toMatch(command === 'trust' ? /claude has no\s+per-hook trust/ : /octo and claude have none/);
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
