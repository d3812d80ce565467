import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { payloadFor, type DialectId } from './helpers.js';

/**
 * SPEC 6.1.2 for the upward-search prologue the bundled examples use (issue 44): the command finds
 * its script by walking up from the hook's cwd, so the script's path is a run-time `$d`. An
 * attacker gets the example-style hook trusted, then edits the script it finds, plants a nearer
 * copy for the walk to find first, or puts the script above the project where a search that stopped
 * at the project would not look. Each must leave the hook `modified`, never running unreviewed code.
 */
const DIALECTS: DialectId[] = ['openinterpreter', 'octo'];
const REL = '.hx/hooks/guard.sh';
const prologue = (rel: string, tail: string) =>
  `d=$PWD; while [ -n "$d" ] && [ ! -f "$d/${rel}" ]; do d=\${d%/*}; done; ` +
  `[ -n "$d" ] || { echo "no ${rel} at or above $PWD" >&2; exit 2; }; ${tail}`;
const GUARD_COMMAND = prologue(REL, `exec "$d/${REL}"`);
const SH = '#!/bin/sh\nexit 0\n';

function project(dialect: DialectId, command: string) {
  const sandbox = makeTempProject();
  if (dialect === 'openinterpreter') {
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command, id: 'guard' }] }] } }, null, 2),
    );
  } else sandbox.write('project/.octo/hooks.yml', `hooks:\n  PreToolUse:\n    - command: ${JSON.stringify(command)}\n`);
  const common = ['--dialect', dialect, '--cwd', sandbox.project, '--home', sandbox.home];
  if (dialect === 'openinterpreter') common.push('--managed', join(sandbox.root, 'none.toml'));
  const listed = async (): Promise<{ trust: string; scripts: { tracked: string[]; untracked: string | null } }> => {
    const result = await runCli(['list', '--json', ...common]);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).hooks[0];
  };
  const trust = async (): Promise<void> => {
    const trusted = await runCli(['trust', '--yes', ...common]);
    expect(trusted.code, trusted.stderr).toBe(0);
  };
  const run = async (cwd: string) => {
    const result = await runCli(['run', 'PreToolUse', ...common], { input: JSON.stringify(payloadFor(dialect, 'PreToolUse', cwd)) });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).runs[0];
  };
  return { sandbox, common, listed, trust, run };
}

describe.each(DIALECTS)('script-aware trust follows the upward search (%s)', (dialect) => {
  it('an edit to the script the search finds makes the hook modified, and the edited script does not run', async () => {
    const { sandbox, listed, trust, run } = project(dialect, GUARD_COMMAND);
    sandbox.write(`project/${REL}`, SH, { executable: true });
    expect((await listed()).scripts).toEqual({ tracked: [REL], untracked: null });
    await trust();
    expect((await listed()).trust).toBe('trusted');
    expect(await run(sandbox.project)).toMatchObject({ status: 'completed' });
    const pwned = join(sandbox.root, 'pwned');
    writeFileSync(join(sandbox.project, REL), `#!/bin/sh\ntouch '${pwned}'\n`);
    expect((await listed()).trust).toBe('modified');
    expect(await run(sandbox.project)).toMatchObject({ status: 'skipped', skipReason: 'modified' });
    expect(existsSync(pwned)).toBe(false);
  });

  it('from a subdirectory the trusted script above runs; a nearer copy planted there does not', async () => {
    const { sandbox, trust, run } = project(dialect, GUARD_COMMAND);
    sandbox.write(`project/${REL}`, SH, { executable: true });
    sandbox.write('project/sub/deeper/.keep', '');
    await trust();
    expect(await run(join(sandbox.project, 'sub', 'deeper'))).toMatchObject({ status: 'completed' });
    const pwned = join(sandbox.root, 'pwned');
    sandbox.write(`project/sub/${REL}`, `#!/bin/sh\ntouch '${pwned}'\n`, { executable: true });
    expect(await run(join(sandbox.project, 'sub', 'deeper'))).toMatchObject({ status: 'skipped', skipReason: 'modified' });
    expect(existsSync(pwned)).toBe(false);
  });

  it('the search does not stop at the project: a script above it is tracked like the shell finds it', async () => {
    const { sandbox, listed, trust, run } = project(dialect, GUARD_COMMAND);
    sandbox.write(REL, SH, { executable: true });
    expect((await listed()).scripts).toEqual({ tracked: [join(sandbox.root, REL)], untracked: null });
    await trust();
    expect((await listed()).trust).toBe('trusted');
    const pwned = join(sandbox.root, 'pwned');
    writeFileSync(join(sandbox.root, REL), `#!/bin/sh\ntouch '${pwned}'\n`);
    expect((await listed()).trust).toBe('modified');
    expect(await run(sandbox.project)).toMatchObject({ status: 'skipped', skipReason: 'modified' });
    expect(existsSync(pwned)).toBe(false);
  });

  it('a script missing at trust is recorded as absent: one appearing later makes the hook modified', async () => {
    const { sandbox, listed, trust } = project(dialect, GUARD_COMMAND);
    expect((await listed()).scripts).toEqual({ tracked: [REL], untracked: null });
    await trust();
    expect((await listed()).trust).toBe('trusted');
    sandbox.write(REL, SH, { executable: true });
    expect((await listed()).trust).toBe('modified');
  });

  it('a symlinked script is followed as `[ -f ]` follows it: an edit to its target makes the hook modified', async () => {
    const { sandbox, listed, trust } = project(dialect, prologue('.hx/hooks/link.sh', 'exec "$d/.hx/hooks/link.sh"'));
    sandbox.write('project/real/guard.sh', SH, { executable: true });
    sandbox.write('project/.hx/hooks/.keep', '');
    symlinkSync(join(sandbox.project, 'real', 'guard.sh'), join(sandbox.project, '.hx/hooks/link.sh'));
    await trust();
    expect((await listed()).trust).toBe('trusted');
    writeFileSync(join(sandbox.project, 'real', 'guard.sh'), '#!/bin/sh\necho edited\n');
    expect((await listed()).trust).toBe('modified');
  });

  it('a project dir spelled through a symlink: the script either walk finds (as spelled, or physical) is tracked', async () => {
    const { sandbox, common } = project(dialect, GUARD_COMMAND);
    // The shell's $PWD is the spelling its environment gives (x/alias, whose parent is x) or the
    // physical path (project, whose parent is the sandbox): only the walk as spelled passes x/.
    mkdirSync(join(sandbox.root, 'x'));
    const alias = join(sandbox.root, 'x', 'alias');
    symlinkSync(sandbox.project, alias);
    sandbox.write(`x/${REL}`, SH, { executable: true });
    const viaAlias = common.map((arg) => (arg === sandbox.project ? alias : arg));
    const status = async (): Promise<string> => JSON.parse((await runCli(['list', '--json', ...viaAlias])).stdout).hooks[0].trust;
    expect((await runCli(['trust', '--yes', ...viaAlias])).code).toBe(0);
    expect(await status()).toBe('trusted');
    writeFileSync(join(sandbox.root, 'x', REL), '#!/bin/sh\necho edited\n');
    expect(await status()).toBe('modified');
  });

  it('an interpreter behind the prologue: the script it reads is tracked', async () => {
    const rel = '.hx/hooks/gate.py';
    const { sandbox, listed, trust } = project(dialect, prologue(rel, `exec python3 "$d/${rel}"`));
    sandbox.write(`project/${rel}`, 'pass\n');
    expect((await listed()).scripts).toEqual({ tracked: [rel], untracked: null });
    await trust();
    writeFileSync(join(sandbox.project, rel), 'import os\n');
    expect((await listed()).trust).toBe('modified');
  });

  it.each([
    ['another variable in the message', GUARD_COMMAND.replace('at or above $PWD', 'at or above $HOME')],
    ['a command after the exec', `${GUARD_COMMAND}; true`],
    ['another file run than the one searched', GUARD_COMMAND.replace(`exec "$d/${REL}"`, 'exec "$d/.hx/hooks/other.sh"')],
  ])('a deviating prologue stays "scripts not tracked": %s', async (_name, command) => {
    const { sandbox, listed } = project(dialect, command);
    sandbox.write(`project/${REL}`, SH, { executable: true });
    const { scripts } = await listed();
    expect(scripts.tracked).toEqual([]);
    expect(scripts.untracked).toMatch(/expands at run time/);
  });
});
