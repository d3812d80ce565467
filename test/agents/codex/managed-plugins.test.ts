import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODEX_BIN, type CodexWorld, codexUnavailable, codexWorld } from './harness.js';
import { jsonHooks, tomlHooks, trustProjectToml } from './layers.js';

/**
 * Every layer Codex reads, at once, in the real binary: the managed ones (`/etc/codex/requirements.toml`
 * `[hooks]`, `/etc/codex/hooks.json`, `/etc/codex/config.toml`, `/etc/codex/managed_config.toml`), user
 * and trusted-project JSON and TOML, the `-c` session layer and an enabled plugin. `/etc/codex` is
 * the world's own directory, laid over `/etc` with overlayfs in a private mount namespace around Codex
 * alone (nothing on the machine changes); hookctl is pointed at the same directory with `--managed`.
 * Which hooks Codex runs must be the hooks hookctl's dry-run runs.
 */
const LAYERED = [
  'requirements',
  'system-json',
  'system-toml',
  'legacy-managed',
  'user-json',
  'user-toml',
  'project-json',
  'project-toml',
  'session',
  'plugin',
] as const;
const MANAGED = new Set(['requirements', 'system-json', 'system-toml', 'legacy-managed']);

/** Why a private mount namespace with an overlay over /etc cannot be made here, or null. */
function overlayUnavailable(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-overlay-'));
  mkdirSync(join(dir, 'up'));
  mkdirSync(join(dir, 'work'));
  try {
    const mount = `mount -t overlay overlay -o lowerdir=/etc,upperdir=${dir}/up,workdir=${dir}/work /etc 2>&1`;
    const probe = spawnSync('unshare', ['-m', '--', 'sh', '-c', mount], { encoding: 'utf8', timeout: 10_000 });
    if (probe.error || probe.status !== 0)
      return `no overlay over /etc in a private mount namespace here (${(probe.stdout || probe.stderr || String(probe.error)).trim()})`;
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unavailable = codexUnavailable() ?? overlayUnavailable();
if (unavailable) console.log(`real-Codex managed/plugin suite skipped: ${unavailable}`);

/** A `codex` that mounts the world's etc over /etc in its own mount namespace, then runs the binary. */
function codexWithEtc(world: CodexWorld, etc: string): string {
  const work = join(world.root, 'etc-work');
  mkdirSync(work, { recursive: true });
  const overlay = `mount -t overlay overlay -o lowerdir=/etc,upperdir=${etc},workdir=${work} /etc`;
  const script = world.put('bin/codex', `#!/bin/sh\nexec unshare -m -- sh -c '${overlay} && exec "$@"' sh ${CODEX_BIN} "$@"\n`);
  chmodSync(script, 0o755);
  return script;
}

function placeAll(world: CodexWorld, requirementsHead: string): { etc: string; flags: string[] } {
  const etc = join(world.root, 'etc-upper');
  const pre = (name: string) => [{ event: 'PreToolUse', matcher: 'Bash', handlers: [{ command: world.hook(name) }] }];
  world.put('etc-upper/codex/requirements.toml', `${requirementsHead}${tomlHooks(pre('requirements'))}\n`);
  world.put('etc-upper/codex/hooks.json', jsonHooks(pre('system-json')));
  world.put('etc-upper/codex/config.toml', `${tomlHooks(pre('system-toml'))}\n`);
  world.put('etc-upper/codex/managed_config.toml', `${tomlHooks(pre('legacy-managed'))}\n`);
  world.put('home/.codex/hooks.json', jsonHooks(pre('user-json')));
  world.put(
    'home/.codex/config.toml',
    `${trustProjectToml(world.project)}\n[plugins."demo@test"]\nenabled = true\n\n${tomlHooks(pre('user-toml'))}\n`,
  );
  world.put('project/.codex/hooks.json', jsonHooks(pre('project-json')));
  world.put('project/.codex/config.toml', `${tomlHooks(pre('project-toml'))}\n`);
  world.put('home/.codex/plugins/cache/test/demo/local/.codex-plugin/plugin.json', { name: 'demo' });
  world.put('home/.codex/plugins/cache/test/demo/local/hooks/hooks.json', jsonHooks(pre('plugin')));
  const command = JSON.stringify(world.hook('session'));
  const session = `hooks.PreToolUse=[{ matcher = "Bash", hooks = [{ type = "command", command = ${command} }] }]`;
  return { etc, flags: ['-c', session] };
}

describe.skipIf(unavailable !== null).concurrent.each([
  { name: 'every layer runs', head: '', fired: [...LAYERED] },
  { name: 'allow_managed_hooks_only: only the managed layers run', head: 'allow_managed_hooks_only = true\n', fired: [...MANAGED] },
])('managed, plugin and every other layer: $name', ({ head, fired }) => {
  it('the hooks Codex runs are the hooks hookctl runs', async () => {
    const world = codexWorld();
    try {
      const { etc, flags } = placeAll(world, head);
      const config = ['--config', flags[1]!, '--managed', join(etc, 'codex', 'requirements.toml')];
      const trusted = await world.trustAll(...config);
      expect(trusted.code, trusted.stderr).toBe(0);
      const run = await world.codex({
        script: [{ exec: 'touch ran-1' }],
        codexBin: codexWithEtc(world, etc),
        // The plugin layer needs the plugins feature the lean flags turn off.
        args: [...flags, '-c', 'features.plugins=true'],
      });
      const ran = [...new Set(world.invocations().map((entry) => entry.hook))].sort();
      expect(ran, run.stderr.slice(-2000)).toEqual([...fired].sort());
      const fixture = await world.hookctl('fixture', 'PreToolUse', '--tool', 'Bash', '--absolute');
      const dry = await world.hookctlInput(fixture.stdout, 'dry-run', 'PreToolUse', '--payload', '-', '--json', ...config);
      const outcome = JSON.parse(dry.stdout) as { runs: { command: string; skipReason: string | null }[] };
      const ours = outcome.runs.filter((entry) => entry.skipReason === null).map((entry) => /hooks\/(.+)\.sh$/.exec(entry.command)?.[1]);
      expect(ours.sort(), dry.stdout).toEqual([...fired].sort());
    } finally {
      world.dispose();
    }
  }, 120_000);
});
