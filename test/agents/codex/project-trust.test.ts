import { describe, expect, it } from 'vitest';
import { type CodexWorld, codexUnavailable, codexWorld } from './harness.js';
import { jsonHooks, tomlHooks } from './layers.js';

const unavailable = codexUnavailable();
if (unavailable) console.log(`real-Codex project-trust suite skipped: ${unavailable}`);

/**
 * `hookctl trust` in a project Codex does not trust (issue 21 §3): the hook trust it records alone
 * never applies — Codex loads no project config — and `--yes --project` writes the project trust
 * Codex itself reads, after which Codex runs the hook. Both halves are seen in `codex exec`.
 */
describe.skipIf(unavailable !== null).concurrent.each(['json', 'toml'] as const)('project hooks in %s', (format) => {
  it('hook trust alone: Codex runs nothing; with --yes --project it runs the hook', async () => {
    const world = codexWorld();
    try {
      await hooksRunOnlyOnceProjectTrusted(world, format);
    } finally {
      world.dispose();
    }
  }, 120_000);
});

async function hooksRunOnlyOnceProjectTrusted(world: CodexWorld, format: 'json' | 'toml'): Promise<void> {
  const groups = [{ event: 'PreToolUse', matcher: 'Bash', handlers: [{ command: world.hook('guard') }] }];
  if (format === 'json') world.put('project/.codex/hooks.json', jsonHooks(groups));
  else world.put('project/.codex/config.toml', `${tomlHooks(groups)}\n`);
  world.put('home/.codex/config.toml', '# mine\n');

  const hooksOnly = await world.trustAll();
  expect(hooksOnly.code, hooksOnly.stderr).toBe(0);
  expect(hooksOnly.stderr).toContain('the project is not trusted, so its hook does not run even when trusted');
  await world.codex({ script: [{ exec: 'touch ran-1' }] });
  expect(world.invocations('guard')).toEqual([]);

  const withProject = await world.trustAll('--project');
  expect(withProject.code, withProject.stderr).toBe(0);
  expect(withProject.stdout).toContain(`trusted project ${world.project}`);
  const listed = JSON.parse((await world.hookctl('list', '--json')).stdout) as { hooks: { trust: string; skipReason: unknown }[] };
  expect(listed.hooks.map((hook) => [hook.trust, hook.skipReason])).toEqual([['trusted', null]]);
  await world.codex({ script: [{ exec: 'touch ran-1' }] });
  expect(world.invocations('guard').map((entry) => entry.payload.hook_event_name)).toEqual(['PreToolUse']);
}
