import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  hookTrustStorePath,
  readHookTrustStore,
  updateHookTrustStore,
  type TrustedHook,
} from '../../../src/dialects/openinterpreter/trust-store.js';
import { makeTempProject } from '../../helpers/temp-project.js';

const BUILT_STORE = fileURLToPath(new URL('../../../dist/src/dialects/openinterpreter/trust-store.js', import.meta.url));
const run = promisify(execFile);

function entry(id: string): TrustedHook {
  return {
    keys: [`id:${id}`],
    id,
    definition: { event_name: 'stop', hooks: [{ type: 'command', command: id, timeout: 600, async: false }] },
    scripts: {},
    trustedAt: new Date(0).toISOString(),
  };
}

describe('trust store writes', () => {
  it('loses no entry when many processes trust different hooks at once', async () => {
    const { home } = makeTempProject();
    const writers = 8;
    const perWriter = 5;
    // Each process records its own hooks, one locked read-modify-write per hook.
    const script = `
      const { updateHookTrustStore } = await import(${JSON.stringify(BUILT_STORE)});
      const [home, writer, count] = process.argv.slice(1);
      for (let i = 0; i < Number(count); i++) {
        await updateHookTrustStore(home, (store) => {
          const file = (store.files['/project/hooks.json'] ??= { trusted: {}, disabled: {} });
          file.trusted['sha256:' + writer + '-' + i] = { keys: ['id:' + writer + '-' + i], id: writer + '-' + i,
            definition: { event_name: 'stop', hooks: [] }, scripts: {}, trustedAt: new Date().toISOString() };
        });
      }`;
    await Promise.all(
      Array.from({ length: writers }, (_, writer) =>
        run(process.execPath, ['--input-type=module', '-e', script, home, String(writer), String(perWriter)]),
      ),
    );
    const text = readFileSync(hookTrustStorePath(home), 'utf8');
    const trusted = JSON.parse(text).files['/project/hooks.json'].trusted;
    expect(Object.keys(trusted).sort()).toEqual(
      Array.from({ length: writers }, (_, w) => Array.from({ length: perWriter }, (_, i) => `sha256:${w}-${i}`))
        .flat()
        .sort(),
    );
    // No lock or temporary file is left behind.
    expect(readdirSync(join(home, '.openinterpreter'))).toEqual(['trusted-hooks.json']);
  });

  it('takes over a lock whose owner process is gone', async () => {
    const sandbox = makeTempProject();
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
    const lock = sandbox.write('home/.openinterpreter/trusted-hooks.json.lock', `${deadPid} abandoned`);
    await updateHookTrustStore(sandbox.home, (store) => {
      store.files['/f'] = { trusted: { 'sha256:a': entry('a') }, disabled: {} };
    });
    expect(Object.keys((await readHookTrustStore(sandbox.home)).files)).toEqual(['/f']);
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock older than any write, even if its pid is alive', async () => {
    const sandbox = makeTempProject();
    const lock = sandbox.write('home/.openinterpreter/trusted-hooks.json.lock', `${process.pid} stuck`);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    await updateHookTrustStore(sandbox.home, (store) => {
      store.files['/f'] = { trusted: {}, disabled: { 'sha256:a': { id: 'guard', explicitId: true, disabledAt: 'now' } } };
    });
    expect((await readHookTrustStore(sandbox.home)).files['/f']!.disabled).toHaveProperty(['sha256:a', 'id'], 'guard');
  });

  it('reads a missing store as empty', async () => {
    const { home } = makeTempProject();
    expect(await readHookTrustStore(home)).toEqual({ version: 2, files: {} });
    expect(existsSync(join(home, '.openinterpreter'))).toBe(false);
  });
});
