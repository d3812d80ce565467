import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { makeTempProject, sandboxFlags } from '../helpers/temp-project.js';

/**
 * Codex loads no hooks of a project the user has not trusted, so `hookctl trust` there must say that
 * hook trust alone changes nothing, and offer to record the project's trust as Codex does
 * (`[projects."<path>"] trust_level = "trusted"` in the user's config.toml): only on a "y" at a
 * terminal or with `--yes --project`. The real Codex honouring what it writes is proven in
 * test/agents/codex/project-trust.test.ts.
 */
const PTY_SCREEN = fileURLToPath(new URL('../adversarial/pty-screen.py', import.meta.url));
const exec = promisify(execFile);

const USER_TOML = '# my settings\nmodel = "o3"  # keep\n';

function untrustedCodexProject() {
  const box = makeTempProject();
  box.write(
    'project/.codex/hooks.json',
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo guard' }] }] } }),
  );
  const config = box.write('home/.codex/config.toml', USER_TOML);
  const flags = sandboxFlags(box, 'codex', join(box.root, 'none.toml'));
  const hookctl = (...args: string[]) => runCli([...args, ...flags], { env: { CODEX_HOME: undefined } });
  return { box, config, flags, hookctl };
}

const projectEntry = (path: string) => `[projects.${JSON.stringify(path)}]\ntrust_level = "trusted"\n`;

async function listedTrust(hookctl: (...args: string[]) => Promise<{ stdout: string }>): Promise<string[]> {
  const listed = JSON.parse((await hookctl('list', '--json')).stdout) as { hooks: { trust: string; skipReason: string | null }[] };
  return listed.hooks.map((hook) => `${hook.trust}/${hook.skipReason ?? 'runs'}`);
}

describe('hookctl trust in a project Codex does not trust', () => {
  it('--yes trusts the hooks, says they still will not run, and leaves the project untrusted', async () => {
    const { box, config, hookctl } = untrustedCodexProject();
    const result = await hookctl('trust', '--yes');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `hookctl: the project is not trusted, so its hook does not run even when trusted: To load project-local config, ` +
        `hooks, and exec policies, add ${box.project} as a trusted project in ${config}.`,
    );
    expect(result.stderr).toContain(`pass --yes --project to record it: [projects."${box.project}"] trust_level = "trusted" in ${config}`);
    expect(result.stdout).toMatch(/^trusted hook .*hooks\.json:pre_tool_use:0:0/m);
    const text = readFileSync(config, 'utf8');
    expect(text.startsWith(USER_TOML)).toBe(true);
    expect(text).not.toContain('[projects.');
    expect(await listedTrust(hookctl)).toEqual(['trusted/workspace-untrusted']);
  });

  it('--yes --project records the project as Codex does, every other byte kept, and the hook then runs', async () => {
    const { box, config, hookctl } = untrustedCodexProject();
    const result = await hookctl('trust', '--yes', '--project');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`trusted project ${box.project} (in ${config})`);
    const text = readFileSync(config, 'utf8');
    expect(text.startsWith(USER_TOML)).toBe(true);
    expect(text.endsWith(`\n${projectEntry(box.project)}`)).toBe(true);
    expect(await listedTrust(hookctl)).toEqual(['trusted/runs']);
    const again = await hookctl('trust', '--yes', '--project');
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe(`already trusted: hook ${box.project}/.codex/hooks.json:pre_tool_use:0:0\n`);
  });

  it('from a subdirectory the repository root is recorded, the key Codex names', async () => {
    const { box, config } = untrustedCodexProject();
    const sub = join(box.project, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    const flags = ['--dialect', 'codex', '--cwd', sub, '--home', box.home, '--managed', join(box.root, 'none.toml')];
    const result = await runCli(['trust', '--yes', '--project', ...flags], { env: { CODEX_HOME: undefined } });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(config, 'utf8')).toContain(projectEntry(box.project));
  });

  it('a project marked untrusted is flipped at the entry that decides it, not shadowed by a new one', async () => {
    const { box, config, hookctl } = untrustedCodexProject();
    box.write('home/.codex/config.toml', `${USER_TOML}\n[projects."${box.project}"]\ntrust_level = "untrusted"\n`);
    const result = await hookctl('trust', '--yes', '--project');
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(config, 'utf8');
    expect(text.startsWith(`${USER_TOML}\n${projectEntry(box.project)}`)).toBe(true);
    expect(text).not.toContain('untrusted');
    expect(await listedTrust(hookctl)).toEqual(['trusted/runs']);
  });

  it('--project without --yes and without a terminal is refused before anything is written', async () => {
    const { config, hookctl } = untrustedCodexProject();
    const result = await hookctl('trust', '--project');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'hookctl: refusing to trust the project without confirmation: stdin and stdout are not both a terminal; pass --yes --project\n',
    );
    expect(readFileSync(config, 'utf8')).toBe(USER_TOML);
  });

  it('--project where the dialect has no project trust is refused in one line', async () => {
    const box = makeTempProject();
    box.write('project/.openinterpreter/hooks.json', JSON.stringify({ hooks: {} }));
    const result = await runCli(['trust', '--yes', '--project', ...sandboxFlags(box, 'openinterpreter', join(box.root, 'none.toml'))]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('hookctl: --project: the openinterpreter dialect has no project trust apart from its hooks\n');
  });

  it.each([
    ['y,y', true],
    ['y,n', false],
  ])('on a terminal the project is offered after the hooks (answers %s)', async (answers, recorded) => {
    const { box, config, flags } = untrustedCodexProject();
    const { stdout } = await exec('python3', [PTY_SCREEN, answers, process.execPath, BIN, 'trust', ...flags], {
      env: { ...process.env, NO_COLOR: '1', CODEX_HOME: '' },
      timeout: 60_000,
    });
    const { screen, status } = JSON.parse(stdout) as { screen: string[]; status: number };
    expect(status).toBe(0);
    const shown = screen.join('\n');
    expect(shown).toContain(
      `Trust the project too ([projects."${box.project}"] trust_level = "trusted" in ${config})? [y/N] ${recorded ? 'y' : 'n'}`,
    );
    expect(readFileSync(config, 'utf8').includes(projectEntry(box.project))).toBe(recorded);
    if (!recorded) expect(shown).toContain('the project stays untrusted (answer y to record it');
    expect(existsSync(config)).toBe(true);
  });
});
