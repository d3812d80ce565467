import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/create-engine.js';
import { loadConfig } from '../../../src/dialects/gemini/load-config.js';
import { manifest } from '../../../src/dialects/gemini/manifest.js';
import { makeTempProject, type TempProject } from '../../helpers/temp-project.js';

/**
 * gemini on the declared load (config-layers.ts, load-config.ts): everything the load reads is a
 * watch path, so a long-lived engine (`hookctl serve`, createEngine with `watch`) follows a change
 * to any of it — an extension's enablement rule or manifest edited in place (same inode, same
 * directory mtime) — and the repository scan comes from the workspace declaration.
 */

const hook = (command: string) => ({ type: 'command', command });
const sessionHooks = (command: string) => JSON.stringify({ hooks: { SessionStart: [{ hooks: [hook(command)] }] } });

function world(): TempProject {
  const sandbox = makeTempProject();
  sandbox.write('home/.gemini/extensions/guard/gemini-extension.json', JSON.stringify({ name: 'guard', version: '1.0.0' }));
  sandbox.write('home/.gemini/extensions/guard/hooks/hooks.json', sessionHooks('echo extension'));
  return sandbox;
}

const context = (sandbox: TempProject) => ({
  cwd: sandbox.project,
  home: sandbox.home,
  managedConfigPath: join(sandbox.root, 'etc', 'settings.json'),
  env: { PATH: process.env.PATH, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
});

/** The statuses of a SessionStart dispatch of a watching engine, after `path` is rewritten in place with `content`. */
async function afterInPlaceEdit(sandbox: TempProject, path: string, content: string): Promise<() => Promise<string[]>> {
  // Past the watcher's settling time (20 ms): no file is reread merely for being new.
  await new Promise((settle) => setTimeout(settle, 100));
  const engine = await createEngine({ dialect: 'gemini', ...context(sandbox), watch: true });
  const statuses = async () => {
    const outcome = await engine.dispatch('SessionStart', {
      session_id: 's',
      transcript_path: 't',
      cwd: sandbox.project,
      hook_event_name: 'SessionStart',
      timestamp: 'now',
      source: 'startup',
    });
    return outcome.runs.map((one) => `${one.command} → ${one.status}`);
  };
  expect(await statuses()).toEqual(['echo extension → completed']);
  writeFileSync(path, content);
  closers.push(() => engine.close());
  return statuses;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('gemini declared load: what the load reads is watched', () => {
  it('an extension turned off for this folder in the enablement file, edited in place, is off at the next dispatch', async () => {
    const sandbox = world();
    const rules = sandbox.write('home/.gemini/extensions/extension-enablement.json', JSON.stringify({ guard: { overrides: [] } }));
    const statuses = await afterInPlaceEdit(sandbox, rules, JSON.stringify({ guard: { overrides: [`!${sandbox.project}/*`] } }));
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['echo extension → skipped']);
  });

  it("an extension's manifest broken in place makes Gemini skip it at the next dispatch", async () => {
    const sandbox = world();
    const manifestPath = join(sandbox.home, '.gemini', 'extensions', 'guard', 'gemini-extension.json');
    const statuses = await afterInPlaceEdit(sandbox, manifestPath, JSON.stringify({ name: 'guard' }));
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['echo extension → skipped']);
  });

  it('the watch paths come from the declaration: the settings files, each extension, its enablement and settings files', async () => {
    const sandbox = world();
    const untrusted = { ...context(sandbox), env: {} };
    const extensions = join(sandbox.home, '.gemini', 'extensions');
    const config = await loadConfig(untrusted);
    expect(config.watchPaths).toEqual([
      join(sandbox.root, 'etc', 'system-defaults.json'),
      join(sandbox.home, '.gemini', 'settings.json'),
      join(sandbox.project, '.gemini', 'settings.json'),
      join(sandbox.root, 'etc', 'settings.json'),
      join(extensions, 'guard', '.gemini-extension-install.json'),
      join(extensions, 'guard', 'gemini-extension.json'),
      join(extensions, 'guard', 'hooks', 'hooks.json'),
      `${extensions}/`,
      join(extensions, 'extension-enablement.json'),
      join(sandbox.home, '.gemini', 'trustedFolders.json'),
      // The folder is not trusted (no rule for it): only the user scope's settings file counts.
      join(extensions, 'guard', '.env'),
    ]);
    // In the home directory the workspace file is the user file: read once, as the user's.
    const atHome = await loadConfig({ ...untrusted, cwd: sandbox.home });
    expect(atHome.watchPaths?.filter((path) => path.endsWith(join('.gemini', 'settings.json')))).toEqual([
      join(sandbox.home, '.gemini', 'settings.json'),
    ]);
    expect(manifest.repositoryFiles).toEqual([
      { path: '.gemini/settings.json' },
      { path: 'hooks/hooks.json', markers: ['gemini-extension.json'] },
    ]);
  });
});
