import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS, manifestOf } from '../../src/dialects/registry.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, sandboxFlags, type TempProject } from '../helpers/temp-project.js';

/**
 * What untrusting does, and what a dry-run says about a run's trust, per dialect, through the real
 * binary (issue 28): Gemini CLI still runs a project hook it has not recorded (it announces it at its
 * next start), so `untrust` must not promise it stops running, and a dry-run says it will be announced.
 */

const flat = (text: string) => text.replace(/\s+/g, ' ');
const command = (line: string) => ({ type: 'command', command: line });

function gemini(sandbox: TempProject, args: readonly string[], env: Record<string, string> = {}) {
  const [name, ...rest] = args;
  return runCli([name!, ...sandboxFlags(sandbox, 'gemini', join(sandbox.root, 'etc', 'settings.json')), ...rest], {
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', GEMINI_CLI_HOME: undefined, ...env },
  });
}

function geminiProject(): TempProject {
  const sandbox = makeTempProject();
  sandbox.write(
    'project/.gemini/settings.json',
    JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ ...command('echo guard'), name: 'guard' }, command('echo plain')] }] } }),
  );
  return sandbox;
}

const NOTE = /^ {6}note: new to Gemini CLI: at its next start it announces this project hook, runs it anyway and records it;/m;

describe('untrust says what untrusting does in each dialect', () => {
  it('--help gives each dialect with trust its effect, from the manifests: gemini hooks still run', async () => {
    const help = flat((await runCli(['untrust', '--help'])).stdout);
    const trusting = DIALECT_IDS.filter((id) => manifestOf(id).cli && manifestOf(id).cli!.trust !== 'none');
    const plain = trusting.filter((id) => manifestOf(id).cli!.untrustEffect === undefined);
    expect(plain.length).toBeGreaterThan(0);
    expect(help).toMatch(new RegExp(`${plain.slice(0, -1).join(', ')} and ${plain.at(-1)}: untrusted hooks stop running until`));
    expect(help).toContain('gemini: Gemini CLI still runs an untrusted project hook and announces it again at its next start');
    for (const id of trusting.filter((id) => manifestOf(id).cli!.untrustEffect !== undefined))
      expect(help).toContain(`${id}: ${manifestOf(id).cli!.untrustEffect}`);
    // The false promise is gone from the whole help, the command list included.
    expect(help).not.toMatch(/hooks so they stop running/);
    expect(flat((await runCli(['--help'])).stdout)).not.toMatch(/hooks so they stop running/);
  });

  it('gemini: after untrusting, one note says the hook still runs; dry-run then says Gemini announces it again', async () => {
    const sandbox = geminiProject();
    expect((await gemini(sandbox, ['trust', '--all', '--yes'])).code).toBe(0);
    expect((await gemini(sandbox, ['dry-run', 'BeforeTool', '--tool', 'run_shell_command'])).stdout).not.toMatch(NOTE);
    const untrusted = await gemini(sandbox, ['untrust', 'project:BeforeTool:0:0']);
    expect(untrusted).toMatchObject({
      code: 0,
      stdout: 'untrusted hook guard\nnote: Gemini CLI still runs an untrusted project hook and announces it again at its next start\n',
    });
    // Nothing was untrusted: nothing to note.
    expect((await gemini(sandbox, ['untrust', 'project:BeforeTool:0:0'])).stdout).toBe('nothing was trusted\n');
    const ran = await gemini(sandbox, ['dry-run', 'BeforeTool', '--tool', 'run_shell_command']);
    expect(ran.stdout).toMatch(/✓ completed {2}project:BeforeTool:0:0 .*\n.*\n {6}note: new to Gemini CLI/);
    expect(ran.stdout.match(new RegExp(NOTE, 'gm'))).toHaveLength(1);
  });

  it('codex: untrusting prints only what was untrusted, and the hook is then skipped for review', async () => {
    const box = makeTempProject();
    box.write('project/.codex/hooks.json', JSON.stringify({ hooks: { Stop: [{ hooks: [command('echo a')] }] } }));
    box.write('home/.codex/config.toml', `[projects.${JSON.stringify(box.project)}]\ntrust_level = "trusted"\n`);
    const flags = sandboxFlags(box, 'codex', join(box.root, 'etc', 'requirements.toml'));
    const env = { CODEX_HOME: undefined };
    expect((await runCli(['trust', '--yes', ...flags], { env })).code).toBe(0);
    const id = `${box.project}/.codex/hooks.json:stop:0:0`;
    expect(await runCli(['untrust', id, ...flags], { env })).toMatchObject({ code: 0, stdout: `untrusted hook ${id}\n` });
    const ran = await runCli(['dry-run', 'Stop', ...flags], { env });
    expect(ran.stdout).toContain(`skipped (untrusted)  ${id}`);
    expect(ran.stdout).not.toMatch(/^ {6}(note|trust): /m);
  });

  it('claude: untrust refuses in one line, with no note', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.claude/settings.json', JSON.stringify({ hooks: { Stop: [{ hooks: [command('true')] }] } }));
    const result = await runCli(['untrust', '--all', ...sandboxFlags(sandbox, 'claude', join(sandbox.root, 'managed.json'))]);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toContain('note:');
  });
});

describe('dry-run says what trust does to each run', () => {
  it('gemini: a project hook not in trusted_hooks.json runs and carries the announcement, in text and --json', async () => {
    const sandbox = geminiProject();
    sandbox.write('home/.gemini/settings.json', JSON.stringify({ hooks: { BeforeTool: [{ hooks: [command('echo user')] }] } }));
    const text = await gemini(sandbox, ['dry-run', 'BeforeTool', '--tool', 'run_shell_command']);
    expect(text.code).toBe(0);
    // Both project hooks ran and are announced; the user's hook is not a project hook: no note.
    expect(text.stdout.match(/✓ completed/g)).toHaveLength(3);
    expect(text.stdout.match(new RegExp(NOTE, 'gm'))).toHaveLength(2);
    expect(text.stdout).toMatch(/echo user .*\n {6}user .*\n(?! {6}note)/);
    expect(text.stdout).not.toMatch(/^ {6}trust: /m);

    const json = JSON.parse((await gemini(sandbox, ['dry-run', 'BeforeTool', '--tool', 'run_shell_command', '--json'])).stdout);
    expect(json.runs.map((run: { status: string }) => run.status)).toEqual(['completed', 'completed', 'completed']);
    expect(json.trustNotes).toEqual([
      { id: 'project:BeforeTool:0:0', detail: null, notice: expect.stringMatching(/^new to Gemini CLI: at its next start/) },
      { id: 'project:BeforeTool:0:1', detail: null, notice: expect.stringMatching(/^new to Gemini CLI: at its next start/) },
    ]);

    // Reviewed with `hookctl trust`: Gemini will not announce it, and the dry-run says nothing more.
    expect((await gemini(sandbox, ['trust', 'project:BeforeTool:0:0', '--yes'])).code).toBe(0);
    const after = JSON.parse((await gemini(sandbox, ['dry-run', 'BeforeTool', '--tool', 'run_shell_command', '--json'])).stdout);
    expect(after.trustNotes.map((note: { id: string }) => note.id)).toEqual(['project:BeforeTool:0:1']);
  });

  it('gemini: in a folder Gemini does not trust the hooks are skipped, and the run says why; nothing is announced', async () => {
    const sandbox = geminiProject();
    const text = await gemini(sandbox, ['dry-run', 'BeforeTool', '--tool', 'run_shell_command'], { GEMINI_CLI_TRUST_WORKSPACE: 'false' });
    expect(text.stdout.match(/skipped \(workspace-untrusted\)/g)).toHaveLength(2);
    expect(text.stdout.match(/^ {6}trust: folder not trusted: GEMINI_CLI_TRUST_WORKSPACE=false$/gm)).toHaveLength(2);
    expect(text.stdout).not.toMatch(/^ {6}note: /m);
    const hint = 'review and trust the project with `hookctl trust --yes --project` (it writes "<folder>": "TRUST_FOLDER" in';
    expect(text.stdout).toContain(`      ${hint} ~/.gemini/trustedFolders.json)\n`);
  });

  it('claude: a hook held back by the unaccepted workspace says where; an accepted workspace adds nothing', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.claude/settings.json', JSON.stringify({ hooks: { Stop: [{ hooks: [command('echo hi')] }] } }));
    const flags = sandboxFlags(sandbox, 'claude', join(sandbox.root, 'managed.json'));
    const env = { CLAUDE_CONFIG_DIR: undefined };
    const held = await runCli(['dry-run', 'Stop', ...flags], { env });
    expect(held.stdout).toContain('skipped (workspace-untrusted)');
    expect(held.stdout).toContain(`      trust: not accepted for ${sandbox.project} in ${join(sandbox.home, '.claude.json')}\n`);
    const hint =
      'Claude Code runs it once you trust this folder in Claude Code; --dangerously-bypass-hook-trust takes the folder as trusted';
    expect(held.stdout).toContain(`      ${hint} for this dry-run\n`);
    const heldJson = JSON.parse((await runCli(['dry-run', 'Stop', '--json', ...flags], { env })).stdout);
    expect(heldJson.trustNotes).toEqual([
      { id: heldJson.runs[0].id, detail: `not accepted for ${sandbox.project} in ${join(sandbox.home, '.claude.json')}`, notice: null },
    ]);

    sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
    const ran = await runCli(['dry-run', 'Stop', ...flags], { env });
    expect(ran.stdout).toMatch(/✓ completed/);
    expect(ran.stdout).not.toMatch(/^ {6}(trust|note): /m);
    expect(JSON.parse((await runCli(['dry-run', 'Stop', '--json', ...flags], { env })).stdout).trustNotes).toEqual([]);
  });

  it('openinterpreter: a modified hook says what changed; a hint that already says it is not repeated (codex)', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/guard.sh', '#!/bin/sh\nexit 0\n', { executable: true });
    sandbox.write('project/.openinterpreter/hooks.json', JSON.stringify({ hooks: { Stop: [{ hooks: [command('./guard.sh')] }] } }));
    const flags = sandboxFlags(sandbox, 'openinterpreter', join(sandbox.root, 'none.toml'));
    expect((await runCli(['trust', '--yes', ...flags])).code).toBe(0);
    expect((await runCli(['dry-run', 'Stop', ...flags])).stdout).not.toMatch(/^ {6}(trust|note): /m);
    sandbox.write('project/guard.sh', '#!/bin/sh\n# edited\nexit 0\n', { executable: true });
    const modified = await runCli(['dry-run', 'Stop', ...flags]);
    expect(modified.stdout).toMatch(/skipped \(modified\).*\n.*\n {6}trust: script changed: guard\.sh\n {6}its definition changed/);
    // Trusted again here, but run from another directory whose ./guard.sh is another file: trust is
    // decided again there, and the detail decided here is not its reason, so none is given.
    expect((await runCli(['trust', '--yes', ...flags])).code).toBe(0);
    sandbox.write('other/guard.sh', '#!/bin/sh\necho other\n', { executable: true });
    const elsewhere = ['dry-run', 'Stop', '--set', `cwd=${join(sandbox.root, 'other')}`, ...flags];
    const text = (await runCli(elsewhere)).stdout;
    expect(text).toContain('skipped (modified)');
    expect(text).not.toMatch(/^ {6}trust: /m);
    expect(JSON.parse((await runCli([...elsewhere, '--json'])).stdout).trustNotes).toEqual([]);

    const box = makeTempProject();
    const hooks = (first: string) => JSON.stringify({ hooks: { Stop: [{ hooks: [command(first)] }] } });
    box.write('project/.codex/hooks.json', hooks('echo a'));
    box.write('home/.codex/config.toml', `[projects.${JSON.stringify(box.project)}]\ntrust_level = "trusted"\n`);
    const codexFlags = sandboxFlags(box, 'codex', join(box.root, 'etc', 'requirements.toml'));
    const env = { CODEX_HOME: undefined };
    expect((await runCli(['trust', '--yes', ...codexFlags], { env })).code).toBe(0);
    box.write('project/.codex/hooks.json', hooks('echo changed'));
    const codex = await runCli(['dry-run', 'Stop', ...codexFlags], { env });
    expect(codex.stdout).toContain('its definition changed since it was trusted; review it with');
    expect(codex.stdout).not.toMatch(/^ {6}trust: /m);
    const codexJson = JSON.parse((await runCli(['dry-run', 'Stop', '--json', ...codexFlags], { env })).stdout);
    expect(codexJson.trustNotes).toEqual([{ id: codexJson.runs[0].id, detail: 'changed since it was trusted', notice: null }]);
  });
});
