import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { makeTempProject, sandboxFlags, type TempProject } from '../../helpers/temp-project.js';

/**
 * The gemini dialect's per-user state through the real `hookctl` binary: extension enablement
 * (`extension-enablement.json`), the project hooks Gemini CLI announces as new
 * (`trusted_hooks.json`, which `hookctl trust` writes as Gemini does), and the environment hooks get.
 */

const hook = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
const settings = (hooks: Record<string, unknown>, more: Record<string, unknown> = {}) => JSON.stringify({ ...more, hooks }, null, 2);

function gemini(sandbox: TempProject, args: readonly string[], env: Record<string, string | undefined> = {}) {
  const [command, ...rest] = args;
  return runCli([command!, ...sandboxFlags(sandbox, 'gemini', join(sandbox.root, 'etc', 'settings.json')), ...rest], {
    cwd: sandbox.project,
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', GEMINI_CLI_HOME: undefined, GITHUB_SHA: undefined, SURFACE: undefined, ...env },
    timeoutMs: 60_000,
  });
}

function withExtension(sandbox: TempProject, dir: string, name: string): void {
  sandbox.write(`home/.gemini/extensions/${dir}/gemini-extension.json`, JSON.stringify({ name, version: '1.0.0' }));
  sandbox.write(`home/.gemini/extensions/${dir}/hooks/hooks.json`, settings({ BeforeTool: [{ hooks: [hook(`echo ${dir}`)] }] }));
}

describe('gemini extension enablement', () => {
  it('an extension disabled for this workspace lists as disabled and its hooks do not run; the last matching rule wins', async () => {
    const sandbox = makeTempProject();
    withExtension(sandbox, 'guard', 'guard-ext');
    withExtension(sandbox, 'audit', 'audit');
    // Keyed by the manifest's name, not the directory; `*` covers subdirectories; `!` disables.
    sandbox.write(
      'home/.gemini/extensions/extension-enablement.json',
      JSON.stringify({
        'guard-ext': { overrides: [`!${sandbox.root}/*`] },
        audit: { overrides: [`!${sandbox.root}/*`, `${sandbox.project}/`] },
      }),
    );
    const list = await gemini(sandbox, ['list', '--json']);
    expect(list.code).toBe(0);
    const hooks = JSON.parse(list.stdout).hooks as { command: string; skipReason: string | null; skipDetail?: string }[];
    expect(hooks.map((h) => [h.command, h.skipReason])).toEqual([
      ['echo audit', null],
      ['echo guard', 'disabled'],
    ]);
    const text = await gemini(sandbox, ['list']);
    expect(text.stdout).toContain(`extension "guard-ext" is disabled for ${sandbox.project}`);
    const run = await gemini(sandbox, ['dry-run', 'BeforeTool', '--tool', 'run_shell_command']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/skipped \(disabled\).*echo guard/);
    expect(run.stdout).toMatch(/completed .*echo audit/);
  });

  it('a rule for another folder, or an enablement file Gemini cannot read, leaves the extension on', async () => {
    const sandbox = makeTempProject();
    withExtension(sandbox, 'guard', 'guard');
    sandbox.write('home/.gemini/extensions/extension-enablement.json', JSON.stringify({ guard: { overrides: ['!/elsewhere/*'] } }));
    const other = JSON.parse((await gemini(sandbox, ['list', '--json'])).stdout).hooks;
    expect(other.map((h: { skipReason: string | null }) => h.skipReason)).toEqual([null]);
    sandbox.write('home/.gemini/extensions/extension-enablement.json', JSON.stringify({ guard: { overrides: 'nope' } }));
    const broken = JSON.parse((await gemini(sandbox, ['list', '--json'])).stdout).hooks;
    expect(broken.map((h: { skipReason: string | null }) => h.skipReason)).toEqual([null]);
  });
});

describe('gemini new project hooks (trusted_hooks.json)', () => {
  it('list says which workspace hooks Gemini would announce; trust records their name:command keys where Gemini reads them', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.gemini/settings.json',
      settings({ BeforeTool: [{ hooks: [hook('echo guard', { name: 'guard' }), hook('echo plain')] }] }),
    );
    sandbox.write('home/.gemini/settings.json', settings({ AfterTool: [{ hooks: [hook('echo user')] }] }));
    const before = await gemini(sandbox, ['list']);
    expect(before.stdout.match(/new to Gemini CLI/g)).toHaveLength(2);
    const store = join(sandbox.home, '.gemini', 'trusted_hooks.json');
    expect(existsSync(store)).toBe(false);

    const trusted = await gemini(sandbox, ['trust', 'project:BeforeTool:0:0', '--yes']);
    expect(trusted.code).toBe(0);
    expect(JSON.parse(readFileSync(store, 'utf8'))).toEqual({ [sandbox.project]: ['guard:echo guard'] });
    expect((await gemini(sandbox, ['list'])).stdout.match(/new to Gemini CLI/g)).toHaveLength(1);

    expect((await gemini(sandbox, ['trust', '--all', '--yes'])).code).toBe(0);
    // Gemini's own layout: two-space JSON, keys in the order they were recorded.
    expect(readFileSync(store, 'utf8')).toBe(JSON.stringify({ [sandbox.project]: ['guard:echo guard', ':echo plain'] }, null, 2));
    expect((await gemini(sandbox, ['list'])).stdout).not.toContain('new to Gemini CLI');

    expect((await gemini(sandbox, ['untrust', 'project:BeforeTool:0:1'])).code).toBe(0);
    expect(JSON.parse(readFileSync(store, 'utf8'))).toEqual({ [sandbox.project]: ['guard:echo guard'] });
  });

  it('in a folder Gemini does not trust nothing is announced: the workspace hooks do not run at all', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.gemini/settings.json', settings({ BeforeTool: [{ hooks: [hook('echo guard', { name: 'guard' })] }] }));
    const list = await gemini(sandbox, ['list'], { GEMINI_CLI_TRUST_WORKSPACE: 'false' });
    expect(list.stdout).toContain('untrusted-project');
    expect(list.stdout).not.toContain('new to Gemini CLI');
  });

  it('enable and disable explain the switch Gemini has in one line and write nothing', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.gemini/settings.json', settings({ BeforeTool: [{ hooks: [hook('echo guard', { name: 'guard' })] }] }));
    const result = await gemini(sandbox, ['disable', 'project:BeforeTool:0:0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^hookctl: Gemini CLI has no per-hook switch hookctl writes: turn a hook off with hooksConfig\.disabled/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(sandbox.home, '.gemini', 'trusted_hooks.json'))).toBe(false);
  });
});

describe('gemini hook environment', () => {
  const payload = (sandbox: TempProject) =>
    JSON.stringify({
      session_id: 'sess-1',
      cwd: sandbox.project,
      hook_event_name: 'SessionStart',
      source: 'startup',
      timestamp: 'x',
      transcript_path: '',
    });

  async function envSeen(sandbox: TempProject, env: Record<string, string | undefined>, more: Record<string, unknown> = {}) {
    const out = join(sandbox.root, 'env.json');
    sandbox.write(
      'project/.gemini/settings.json',
      settings(
        {
          SessionStart: [
            {
              hooks: [
                hook(`node -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.env))' ${out}`, {
                  env: { OWN: 'yes', GEMINI_CWD: 'own' },
                }),
              ],
            },
          ],
        },
        more,
      ),
    );
    const path = sandbox.write('payload.json', payload(sandbox));
    const result = await gemini(sandbox, ['dry-run', 'SessionStart', '--payload', path], env);
    expect(result.code).toBe(0);
    return JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>;
  }

  it('sets GEMINI_PLANS_DIR to the session plans dir under the project slug, under the hook own env', async () => {
    const sandbox = makeTempProject();
    const seen = await envSeen(sandbox, { API_TOKEN: 'secret' });
    expect(seen.GEMINI_PLANS_DIR).toBe(join(sandbox.home, '.gemini', 'tmp', 'project', 'sess-1', 'plans'));
    expect(seen.GEMINI_PROJECT_DIR).toBe(sandbox.project);
    expect(seen.GEMINI_SESSION_ID).toBe('sess-1');
    expect(seen.CLAUDE_PROJECT_DIR).toBe(sandbox.project);
    // The hook's own env is spread last, over Gemini's variables.
    expect(seen.GEMINI_CWD).toBe('own');
    expect(seen.OWN).toBe('yes');
    // Without redaction the agent's environment passes as is.
    expect(seen.API_TOKEN).toBe('secret');
  });

  it('the slug Gemini recorded in projects.json, and a custom general.plan.directory inside the project', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.gemini/projects.json', JSON.stringify({ projects: { [sandbox.project]: 'mine-2' } }));
    expect((await envSeen(sandbox, {})).GEMINI_PLANS_DIR).toBe(join(sandbox.home, '.gemini', 'tmp', 'mine-2', 'sess-1', 'plans'));
    const custom = await envSeen(sandbox, {}, { general: { plan: { directory: 'docs/plans' } } });
    expect(custom.GEMINI_PLANS_DIR).toBe(join(sandbox.project, 'docs', 'plans'));
    // Outside the project Gemini falls back to the default.
    const outside = await envSeen(sandbox, {}, { general: { plan: { directory: '../elsewhere' } } });
    expect(outside.GEMINI_PLANS_DIR).toBe(join(sandbox.home, '.gemini', 'tmp', 'mine-2', 'sess-1', 'plans'));
  });

  it('security.environmentVariableRedaction drops secret-looking variables; allowed and blocked adjust; GITHUB_SHA is strict', async () => {
    const sandbox = makeTempProject();
    const env = {
      API_TOKEN: 't',
      MY_SETTING: 'x',
      DATABASE_URL: 'db',
      KEEP_KEY: 'k',
      DROP_ME: 'd',
      GH: `ghp_${'a'.repeat(36)}`,
      GEMINI_CLI_X: '1',
    };
    const redaction = { security: { environmentVariableRedaction: { enabled: true, allowed: ['keep_key'], blocked: ['DROP_ME'] } } };
    const seen = await envSeen(sandbox, env, redaction);
    expect([seen.API_TOKEN, seen.DATABASE_URL, seen.DROP_ME, seen.GH]).toEqual([undefined, undefined, undefined, undefined]);
    expect([seen.MY_SETTING, seen.KEEP_KEY, seen.GEMINI_CLI_X, seen.OWN]).toEqual(['x', 'k', '1', 'yes']);
    expect(seen.GEMINI_PLANS_DIR).toBeDefined();
    // A marker directory on PATH shows whether PATH reached the hook. (The hook runs through `bash -c` with a
    // socket on stdin; strict mode drops SHLVL, so bash then sources the bashrc files as Gemini's own spawn
    // would, and a machine's bashrc may reorder PATH: compare the marker, not the whole string.)
    const marker = join(sandbox.root, 'marker-bin');
    const markedPath = `${marker}:${process.env.PATH ?? ''}`;
    const strict = await envSeen(sandbox, { ...env, GITHUB_SHA: 'abc', PATH: markedPath });
    expect([strict.MY_SETTING, strict.GITHUB_SHA, strict.GEMINI_CLI_X]).toEqual([undefined, undefined, '1']);
    // PATH is never redacted.
    expect(strict.PATH?.split(':')).toContain(marker);
    expect(seen.PATH).toBeTruthy();
  });
});
