import { rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/dialects/registry.js';
import { createEngine } from '../../../src/index.js';
import { configSpec } from '../../../src/dialects/copilot/config-spec.js';
import { loadConfig } from '../../../src/dialects/copilot/load-config.js';
import { makeTempProject } from '../../helpers/temp-project.js';
import { describeConfigFile } from '../../../src/config/load-declaration.js';

/** Copilot CLI's two hook directories as declared layers (config-layers.ts): what discovery, the watch list and a named file derive. */
const HOOKS = JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'true' }] } });

describe('copilot layers', () => {
  it("from a subdirectory only that directory's .github/hooks is read; both listings and every file read are watched", async () => {
    const s = makeTempProject();
    s.write('project/.github/hooks/root.json', HOOKS);
    s.write('project/pkg/.github/hooks/pkg.json', HOOKS);
    s.write('home/.copilot/hooks/u.json', HOOKS);
    const cwd = join(s.project, 'pkg');
    const loaded = await loadConfig({ cwd, home: s.home, env: {} });
    expect(loaded.files).toEqual([join(s.home, '.copilot/hooks/u.json'), join(cwd, '.github/hooks/pkg.json')]);
    expect(loaded.watchPaths).toEqual([
      `${join(s.home, '.copilot/hooks')}${sep}`,
      join(s.home, '.copilot/hooks/u.json'),
      `${join(cwd, '.github/hooks')}${sep}`,
      join(cwd, '.github/hooks/pkg.json'),
    ]);
  });

  it("places a named file: the user hook dir is the user's, anything else the project's, and every file is read as JSON", async () => {
    const s = makeTempProject();
    s.write('home/.copilot/hooks/u.json', HOOKS);
    s.write('project/.github/hooks/p.json', HOOKS);
    s.write('project/hooks.yaml', 'version: 1\n');
    const context = { cwd: s.project, home: s.home, env: {} };
    const placed = async (path: string) => {
      const file = await describeConfigFile(configSpec, path, context);
      return Array.isArray(file) ? null : [file.source, file.role, file.parsed.format, file.parsed.errors.length];
    };
    expect(await placed(join(s.home, '.copilot/hooks/u.json'))).toEqual(['user', 'hooks-file', 'json', 0]);
    expect(await placed('.github/hooks/p.json')).toEqual(['project', 'hooks-file', 'json', 0]);
    expect(await placed('hooks.yaml')).toEqual(['project', 'hooks-file', 'json', 1]);
  });

  it('a long-lived engine picks up a hooks file added to the user dir and one removed from the project dir', async () => {
    const s = makeTempProject();
    const gate = (reason: string) =>
      JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: `echo '{"permissionDecision":"deny","permissionDecisionReason":"${reason}"}'` }] },
      });
    const project = s.write('project/.github/hooks/p.json', gate('project'));
    const engine = await createEngine({
      dialect: await loadDialect('copilot'),
      cwd: s.project,
      home: s.home,
      env: { COPILOT_ALLOW_ALL: 'true' },
      watch: true,
    });
    const payload = { sessionId: 's', timestamp: 0, cwd: s.project, toolName: 'bash', toolArgs: { command: 'ls' } };
    const reason = async () => (await engine.dispatch('preToolUse', payload)).reason;
    expect(await reason()).toBe('Denied by preToolUse hook: project');
    s.write('home/.copilot/hooks/u.json', gate('user'));
    await expect.poll(reason, { timeout: 10_000 }).toBe('Denied by preToolUse hook: user');
    rmSync(project);
    rmSync(join(s.home, '.copilot/hooks/u.json'));
    await expect.poll(reason, { timeout: 10_000 }).toBeNull();
    await engine.close();
  });
});
