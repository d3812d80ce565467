import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BYPASS_TRUST_WARNING } from '../../../src/index.js';
import { codexSandbox, preToolUse } from './sandbox.js';

/**
 * codex trust exactly as Codex stores it (SPEC-dialects 9.8): positional keys
 * (codex-rs/hooks/src/lib.rs hook_key), `[hooks.state."<key>"]` in the user config.toml
 * (codex-rs/hooks/src/config_rules.rs), the normalised-definition hash (discovery.rs command_hook_hash).
 */

describe('the five hash vectors of SPEC-dialects 9.8 (discovery.rs command_hook_hash)', () => {
  it.each([
    [
      'PreToolUse',
      { matcher: '^Bash$', hooks: [{ type: 'command', command: 'echo hello' }] },
      'sha256:63b52e87a8a4caef01cc989b31ad95ce5f4d3470c9a00e8407847e469cd1b31f',
    ],
    [
      'PreToolUse',
      { matcher: 'Bash', hooks: [{ type: 'command', command: './hooks/guard.sh', statusMessage: 'Checking command', timeout: 30 }] },
      'sha256:c053076baa38eb4a9998d8d8a46e16e3fd2dc801a4e9fe0220755c3c3ffb3ba7',
    ],
    // The Stop matcher is dropped before hashing (common.rs matcher_pattern_for_event).
    [
      'Stop',
      { matcher: 'ignored', hooks: [{ type: 'command', command: 'python3 "$HOME/hooks/stop.py"', async: true }] },
      'sha256:808be0bbc85ae06cedc9e3cbfb8c704bc3fdcc1aa9b49ab7fc5ba4888c7e443e',
    ],
    // No timeout in the config: SessionEnd's normalised default, 1 s.
    [
      'SessionEnd',
      { matcher: '*', hooks: [{ type: 'command', command: 'echo bye' }] },
      'sha256:c5e8afddc9405299c0e9b06c4be54af8a2271fe60fb6ec63ff76aa7bbdbca69d',
    ],
    [
      'PostToolUse',
      {
        matcher: 'Edit|Write',
        hooks: [
          { type: 'command', command: 'npx prettier --write été', statusMessage: 'line1\nline2 "q" \\ /', additionalContextLimit: 0 },
        ],
      },
      'sha256:3701dc3b3859af05aad498d1c7ee6546059477ef8b4cbb97a2def7de1da5d422',
    ],
  ])('%s %j hashes to %s', async (event, group, hash) => {
    const box = codexSandbox();
    box.put('home/.codex/hooks.json', { hooks: { [event]: [group] } });
    const engine = await box.engine();
    expect(engine.handlers.map((handler) => handler.trust.hash)).toEqual([hash]);
    await engine.close();
  });

  it("the same hook in hooks.json and in config.toml has the same identity (a plugin's too, before substitution)", async () => {
    const box = codexSandbox();
    box.put(
      'home/.codex/config.toml',
      '[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo hello"\ntimeout = 600\n',
    );
    const engine = await box.engine();
    expect(engine.handlers[0]!.trust.hash).toBe('sha256:63b52e87a8a4caef01cc989b31ad95ce5f4d3470c9a00e8407847e469cd1b31f');
    await engine.close();
  });
});

describe('trust state: codex-rs/hooks/src/config_rules.rs, codex-rs/hooks/src/engine/discovery.rs', () => {
  const VECTOR = 'sha256:63b52e87a8a4caef01cc989b31ad95ce5f4d3470c9a00e8407847e469cd1b31f';
  const hook = { hooks: { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'echo hello' }] }] } };
  const state = (key: string, fields: string) => `[hooks.state."${key}"]\n${fields}\n`;

  // discovery.rs hook_trust_status
  it('trusted when the stored hash is the current one, modified when it differs, untrusted without one', async () => {
    for (const [fields, status] of [
      [`trusted_hash = "${VECTOR}"`, 'trusted'],
      ['trusted_hash = "sha256:old"', 'modified'],
      ['', 'untrusted'],
    ] as const) {
      const box = codexSandbox();
      const file = box.put('home/.codex/hooks.json', hook);
      box.put('home/.codex/config.toml', fields === '' ? '' : state(`${file}:pre_tool_use:0:0`, fields));
      const engine = await box.engine();
      expect(engine.handlers[0]!.trust).toMatchObject({ status, enabled: true });
      expect((await box.dispatch(engine, 'PreToolUse')).runs[0]!.skipReason).toBe(status === 'trusted' ? null : status);
    }
  });

  // config_rules.rs hook_states_from_stack_respects_layer_precedence, …_merges_fields_across_layers
  it('the --config session layer overrides the user config field by field', async () => {
    const box = codexSandbox();
    const file = box.put('home/.codex/hooks.json', hook);
    const key = `${file}:pre_tool_use:0:0`;
    box.put('home/.codex/config.toml', state(key, 'enabled = false'));
    const session = `hooks.state=${`{ "${key}" = { trusted_hash = "${VECTOR}" } }`}`;
    const engine = await box.engine({ configOverrides: [session] });
    expect(engine.handlers[0]!.trust).toMatchObject({ status: 'trusted', enabled: false });
    await engine.close();
  });

  // config_rules.rs hook_states_from_stack_ignores_malformed_hook_events, …_ignores_malformed_state_entries
  it('malformed entries are ignored whole', async () => {
    const box = codexSandbox();
    const file = box.put('home/.codex/hooks.json', hook);
    const key = `${file}:pre_tool_use:0:0`;
    box.put('home/.codex/config.toml', `${state(key, 'enabled = false')}\n${state('malformed', 'enabled = "not a bool"')}\n`);
    const engine = await box.engine();
    expect(engine.handlers[0]!.trust).toMatchObject({ status: 'untrusted', enabled: false });
    await engine.close();
  });

  // Codex 0.169.0 refuses to start on a malformed hook event in config.toml (test/agents/codex/config-load.test.ts).
  it('a malformed hook event in config.toml is a load error: Codex will not start', async () => {
    const box = codexSandbox();
    const file = box.put('home/.codex/hooks.json', hook);
    box.put(
      'home/.codex/config.toml',
      `${state(`${file}:pre_tool_use:0:0`, 'enabled = false')}\n[hooks]\nSessionStart = "not a matcher list"\n`,
    );
    await expect(box.engine()).rejects.toThrow(/Codex will not start/);
  });

  it('project, managed and plugin layers cannot set state', async () => {
    const box = codexSandbox();
    const file = box.put('home/.codex/hooks.json', hook);
    box.put('home/.codex/config.toml', box.trustLine(box.project));
    box.put('project/.codex/config.toml', state(`${file}:pre_tool_use:0:0`, `trusted_hash = "${VECTOR}"`));
    box.put('etc/config.toml', state(`${file}:pre_tool_use:0:0`, `trusted_hash = "${VECTOR}"`));
    const engine = await box.engine();
    expect(engine.handlers[0]!.trust.status).toBe('untrusted');
    await engine.close();
  });

  // declarations.rs lists_declared_plugin_handlers_with_persisted_hook_keys: indices count skipped handlers too.
  it("a plugin hook's key is `<name>@<market>:<relative path>:<event>:<group>:<handler>`, counting an unsupported handler", async () => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', '[plugins."demo@test"]\n');
    box.put('home/.codex/plugins/cache/test/demo/local/.codex-plugin/plugin.json', { name: 'demo' });
    box.put('home/.codex/plugins/cache/test/demo/local/hooks/hooks.json', {
      hooks: { PreToolUse: [{ hooks: [{ type: 'prompt' }, { type: 'command', command: 'echo hi' }] }] },
    });
    const engine = await box.engine();
    expect(engine.handlers.map((h) => h.id)).toEqual(['demo@test:hooks/hooks.json:pre_tool_use:0:1']);
    await engine.close();
  });

  // discovery.rs bypass_hook_trust_allows_enabled_untrusted_handlers, bypass_hook_trust_respects_disabled_handlers;
  // core/src/config/mod.rs: the bypass warning, word for word.
  it("the bypass runs an enabled untrusted hook, never a disabled one, and says so in Codex's words", async () => {
    expect(BYPASS_TRUST_WARNING).toBe(
      '`--dangerously-bypass-hook-trust` is enabled. Enabled hooks may run without review for this invocation.',
    );
    const box = codexSandbox();
    const file = box.put('home/.codex/hooks.json', {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: 'echo a' },
              { type: 'command', command: 'echo b' },
            ],
          },
        ],
      },
    });
    box.put('home/.codex/config.toml', state(`${file}:pre_tool_use:0:1`, 'enabled = false'));
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
    expect(outcome.runs.map((run) => [run.command, run.status, run.skipReason])).toEqual([
      ['echo a', 'completed', null],
      ['echo b', 'skipped', 'disabled'],
    ]);
    expect(outcome.warnings).toContain(BYPASS_TRUST_WARNING);
  });
});

describe('hookctl trust, untrust, disable, enable write the user config.toml as Codex does (SPEC-dialects 9.8)', () => {
  const ORIGINAL =
    '# my Codex settings\nmodel = "gpt-5"   # the model I use\n\n[projects."<project>"]\ntrust_level = "trusted"\n\n# keep this comment\n';

  function project() {
    const box = codexSandbox();
    const hooks = box.put('project/.codex/hooks.json', preToolUse('echo one', 'echo two'));
    const config = box.put('home/.codex/config.toml', ORIGINAL.replace('<project>', box.project));
    return { box, hooks, config, key: (n: number) => `${hooks}:pre_tool_use:0:${n}` };
  }

  it('trust --all --yes adds one [hooks.state."<key>"] table per hook and changes no other byte', async () => {
    const { box, config, key } = project();
    const before = readFileSync(config, 'utf8');
    const trusted = await box.cli('trust', '--all', '--yes', '--cwd', box.project);
    expect(trusted.stderr).toBe('');
    expect(trusted.stdout).toContain(`trusted hook ${key(0)} (sha256:`);
    const after = readFileSync(config, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    const entry = (index: number) => `\\[hooks\\.state\\."${escapeRegex(key(index))}"\\]\\ntrusted_hash = "sha256:[0-9a-f]{64}"\\n`;
    expect(after.slice(before.length)).toMatch(new RegExp(`^\\n${entry(0)}\\n${entry(1)}$`));
    const engine = await box.engine();
    expect(engine.handlers.map((h) => h.trust.status)).toEqual(['trusted', 'trusted']);
    await engine.close();
  });

  it('disable writes enabled = false beside the trust; enable writes enabled = true; untrust removes only the hash', async () => {
    const { box, config, key } = project();
    await box.cli('trust', '--all', '--yes', '--cwd', box.project);
    expect((await box.cli('disable', key(1), '--cwd', box.project)).code).toBe(0);
    const disabled = readFileSync(config, 'utf8');
    expect(disabled).toContain(`[hooks.state."${key(1)}"]\ntrusted_hash = "sha256:`);
    expect(disabled).toMatch(
      new RegExp(`\\[hooks\\.state\\."${escapeRegex(key(1))}"\\]\\ntrusted_hash = "sha256:[0-9a-f]{64}"\\nenabled = false\\n`),
    );
    expect((await box.cli('enable', key(1), '--cwd', box.project)).code).toBe(0);
    expect(readFileSync(config, 'utf8')).toBe(disabled.replace('enabled = false', 'enabled = true'));
    expect((await box.cli('untrust', key(0), '--cwd', box.project)).code).toBe(0);
    const untrusted = readFileSync(config, 'utf8');
    expect(untrusted).not.toContain(`[hooks.state."${key(0)}"]`);
    expect(untrusted.startsWith(ORIGINAL.replace('<project>', box.project))).toBe(true);
  });

  // hook_key is positional: a hook put before a trusted one moves the trust (difference from openinterpreter).
  it('reordering moves trust: the moved hook is untrusted at its new position, and list says where it was trusted', async () => {
    const { box, hooks, key } = project();
    await box.cli('trust', '--all', '--yes', '--cwd', box.project);
    writeFileSync(hooks, JSON.stringify(preToolUse('echo two', 'echo one'), null, 2));
    const engine = await box.engine();
    expect(engine.handlers.map((h) => [h.command, h.trust.status])).toEqual([
      ['echo two', 'modified'],
      ['echo one', 'modified'],
    ]);
    await engine.close();
    const listed = await box.cli('list', '--cwd', box.project);
    expect(listed.stdout).toContain(
      `${key(0)} — PreToolUse [Bash], sync, timeout 600s — modified (trusted at ${key(1)}: Codex keys trust by position)`,
    );
    const linted = await box.cli('lint', '--effective', '--cwd', box.project);
    expect(linted.stdout).toContain(`this hook was trusted at ${key(1)}, not at its position ${key(0)}`);
  });

  it('a user config.toml that is a symlink is refused, and nothing is written', async () => {
    const { box, config } = project();
    const real = join(box.root, 'real-config.toml');
    writeFileSync(real, readFileSync(config));
    writeFileSync(config, '');
    const { rmSync } = await import('node:fs');
    rmSync(config);
    symlinkSync(real, config);
    const result = await box.cli('trust', '--all', '--yes', '--cwd', box.project);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `hookctl: cannot record this in ${config}: it is a symbolic link, and hookctl does not write through links. Nothing was written.\n`,
    );
    expect(lstatSync(config).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).not.toContain('hooks.state');
  });

  it('state written as an inline table is refused with the line to change, not reformatted', async () => {
    const { box, config } = project();
    const text = `${readFileSync(config, 'utf8')}\n[hooks]\nstate = { }\n`;
    writeFileSync(config, text);
    const result = await box.cli('trust', '--all', '--yes', '--cwd', box.project);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        String.raw`^hookctl: cannot record this in .*config\.toml: hooks\.state is written as an inline value on line \d+; ` +
          String.raw`write it as a \[hooks\.state\."[^"]+"\] table instead\. Nothing was written\.\n$`,
      ),
    );
    expect(readFileSync(config, 'utf8')).toBe(text);
  });

  it('managed hooks cannot be disabled', async () => {
    const box = codexSandbox();
    const requirements = box.put(
      'etc/requirements.toml',
      '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo policy"\n',
    );
    const refused = await box.cli('disable', `${requirements}:stop:0:0`, '--cwd', box.project);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('managed hooks always run and cannot be disabled');
  });
});

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
