import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexSandbox } from '../conformance/codex/sandbox.js';

/** docs/trust.md: trust, untrust, enable and disable take an id, a unique prefix, an event name or a listing index. */
describe('hook names in trust / untrust / enable / disable', { timeout: 90_000 }, () => {
  function box() {
    const sandbox = codexSandbox();
    sandbox.put('home/.codex/hooks.json', {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: 'echo pre-1' },
              { type: 'command', command: 'echo pre-2' },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }],
      },
    });
    return sandbox;
  }
  const state = (sandbox: ReturnType<typeof box>) => readFileSync(join(sandbox.codexHome, 'config.toml'), 'utf8');
  const key = (sandbox: ReturnType<typeof box>, rest: string) => `${join(sandbox.codexHome, 'hooks.json')}:${rest}`;

  it('an event name trusts every hook of that event and no other', async () => {
    const sandbox = box();
    const result = await sandbox.cli('trust', '--yes', 'PreToolUse');
    expect(result.code, result.stderr).toBe(0);
    expect(state(sandbox)).toContain(key(sandbox, 'pre_tool_use:0:0'));
    expect(state(sandbox)).toContain(key(sandbox, 'pre_tool_use:0:1'));
    expect(state(sandbox)).not.toContain(key(sandbox, 'stop:0:0'));
  });

  it('a unique prefix names its hook; the listing index names the hook at that place in `hookctl list`', async () => {
    const sandbox = box();
    expect((await sandbox.cli('disable', key(sandbox, 'stop'))).code).toBe(0);
    expect(state(sandbox)).toMatch(/stop:0:0"\]\s*\nenabled = false/);
    const listed = JSON.parse((await sandbox.cli('list', '--json')).stdout) as { hooks: { id: string }[] };
    expect((await sandbox.cli('disable', '2')).code).toBe(0);
    expect(state(sandbox)).toContain(`[hooks.state.${JSON.stringify(listed.hooks[1]!.id)}]\nenabled = false`);
  });

  it('a prefix of several ids is refused with each listed, and changes nothing', async () => {
    const sandbox = box();
    const result = await sandbox.cli('trust', '--yes', key(sandbox, 'pre_tool_use:0'));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('is ambiguous: 2 hook ids start with it; nothing was changed');
    expect(result.stderr).toContain(key(sandbox, 'pre_tool_use:0:1'));
    expect(() => state(sandbox)).toThrow();
  });

  it('an unknown name is one line with the nearest id', async () => {
    const sandbox = box();
    const result = await sandbox.cli('untrust', 'PreToolUze');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/no hook with id "PreToolUze"/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
