import { describe, expect, it } from 'vitest';
import { codexUnavailable, codexWorld, type CodexWorld } from './harness.js';
import { jsonHooks } from './layers.js';

const unavailable = codexUnavailable();
if (unavailable) console.log(`real-Codex session-trust suite skipped: ${unavailable}`);

interface Listed {
  id: string;
  hash: string;
  trust: string;
  enabled: boolean;
  skipReason: string | null;
}

/**
 * Hook state given on the command line (`-c hooks.state=…`, the `--config` session layer): Codex
 * reads it as it reads `[hooks.state]` in the user config.toml, but only from a value that is a table
 * — the dotted `-c hooks.state."<key>".trusted_hash=…` sets nothing. hookctl, given the same flags as
 * `--config`, must say what Codex then does.
 */
const CASES: readonly { name: string; flag: (key: string, hash: string) => string; runs: boolean; listed: [string, boolean] }[] = [
  {
    name: 'inline table trusted_hash: the hook runs',
    flag: (key, hash) => `hooks.state={${JSON.stringify(key)}={trusted_hash=${JSON.stringify(hash)}}}`,
    runs: true,
    listed: ['trusted', true],
  },
  {
    name: 'inline table trusted_hash with enabled=false: the hook is off',
    flag: (key, hash) => `hooks.state={${JSON.stringify(key)}={trusted_hash=${JSON.stringify(hash)}, enabled=false}}`,
    runs: false,
    listed: ['trusted', false],
  },
  {
    name: 'dotted key path: no trust is set',
    flag: (key, hash) => `hooks.state.${JSON.stringify(key)}.trusted_hash=${JSON.stringify(hash)}`,
    runs: false,
    listed: ['untrusted', true],
  },
];

async function listed(world: CodexWorld, ...flags: string[]): Promise<Listed[]> {
  const result = await world.hookctl('list', '--json', ...flags);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { hooks: Listed[] }).hooks;
}

describe.skipIf(unavailable !== null).concurrent.each(CASES)('-c hooks.state: $name', (c) => {
  it('Codex and hookctl agree', async () => {
    const world = codexWorld();
    try {
      world.put(
        'home/.codex/hooks.json',
        jsonHooks([{ event: 'PreToolUse', matcher: 'Bash', handlers: [{ command: world.hook('guard') }] }]),
      );
      world.put('home/.codex/config.toml', '');
      const [hook] = await listed(world);
      expect(hook?.trust).toBe('untrusted');
      const flag = c.flag(hook!.id, hook!.hash);
      const ours = await listed(world, '--config', flag);
      expect(ours.map((entry) => [entry.trust, entry.enabled])).toEqual([c.listed]);
      await world.codex({ script: [{ exec: 'touch ran-1' }], args: ['-c', flag] });
      expect(world.invocations('guard').length > 0, 'Codex ran the hook').toBe(c.runs);
      const fixture = await world.hookctl('fixture', 'PreToolUse', '--tool', 'Bash', '--absolute');
      const dry = await world.hookctlInput(fixture.stdout, 'dry-run', 'PreToolUse', '--payload', '-', '--json', '--config', flag);
      const outcome = JSON.parse(dry.stdout) as { runs: { skipReason: string | null }[] };
      expect(
        outcome.runs.some((run) => run.skipReason === null),
        `hookctl dry-run: ${dry.stdout}`,
      ).toBe(c.runs);
    } finally {
      world.dispose();
    }
  }, 120_000);
});

const BYPASS_WARNING = '`--dangerously-bypass-hook-trust` is enabled. Enabled hooks may run without review for this invocation.';

/**
 * `--dangerously-bypass-hook-trust` (issue 21, "the bypass warning twice"): Codex 0.169.0 runs the
 * untrusted hook and reports its warning twice in `codex exec --json` — two `error` items, with or
 * without hooks configured. That is Codex's own output; hookctl says it once on stderr (and once in
 * the outcome's machine-readable `warnings`) and runs the same hook.
 */
describe.skipIf(unavailable !== null)('--dangerously-bypass-hook-trust', () => {
  it('Codex runs the untrusted hook and warns twice; hookctl runs it and warns once', async () => {
    const world = codexWorld();
    try {
      world.put(
        'home/.codex/hooks.json',
        jsonHooks([{ event: 'PreToolUse', matcher: 'Bash', handlers: [{ command: world.hook('guard') }] }]),
      );
      world.put('home/.codex/config.toml', '');
      const run = await world.codex({ script: [{ exec: 'touch ran-1' }], args: ['--dangerously-bypass-hook-trust'] });
      expect(world.invocations('guard')).toHaveLength(1);
      const warned = run.events.filter((event) => JSON.stringify(event).includes(BYPASS_WARNING));
      expect(warned.map((event) => (event.item as { type: string }).type)).toEqual(['error', 'error']);
      const fixture = await world.hookctl('fixture', 'PreToolUse', '--tool', 'Bash', '--absolute');
      const dry = await world.hookctlInput(fixture.stdout, 'dry-run', 'PreToolUse', '--payload', '-', '--dangerously-bypass-hook-trust');
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stderr.split(BYPASS_WARNING)).toHaveLength(2);
      expect(dry.stdout).not.toContain(BYPASS_WARNING);
      expect(dry.stdout).toMatch(/✓ completed .*pre_tool_use:0:0/);
    } finally {
      world.dispose();
    }
  }, 120_000);
});
