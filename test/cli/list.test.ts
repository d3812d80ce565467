import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { sandboxFlags, makeTempProject, type TempProject } from '../helpers/temp-project.js';

const expected = (name: string) => readFileSync(new URL(`./expected/${name}`, import.meta.url), 'utf8');
/** Temp paths differ per run; the expected files say <ROOT>. */
const normalise = (text: string, sandbox: TempProject) => text.replaceAll(sandbox.root, '<ROOT>');

const PROJECT_HOOKS = `hooks:
  PreToolUse:
    - matcher: "terminal"
      command: "./scripts/guard.sh"
      timeout: 5s
  Stop:
    - command: "./scripts/notify-on-commit.sh"
      async: true
`;

const USER_HOOKS = `hooks:
  PostToolUse:
    - matcher: "terminal"
      command: "audit-logger"
  PreCompact:
    - command: "backup-transcript"
      timeout: 2m
`;

function octoSetup() {
  const sandbox = makeTempProject();
  sandbox.write('project/.octo/hooks.yml', PROJECT_HOOKS);
  sandbox.write('home/.octo/hooks.yml', USER_HOOKS);
  sandbox.write('project/scripts/guard.sh', '#!/bin/sh\nexit 0\n', { executable: true });
  const common = ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home];
  return { sandbox, common, env: { OCTO_HOOK_SESSION_START: 'echo "session opened"' } };
}

describe('hookctl list --dialect octo (SPEC 3.5)', () => {
  it('prints env, user and project hooks with the file trust status, then the built-in line', async () => {
    const { sandbox, common, env } = octoSetup();
    const result = await runCli(['list', ...common], { env });
    expect(result.code).toBe(0);
    expect(normalise(result.stdout, sandbox)).toBe(expected('octo-list-configured.txt'));
    // Config problems go to stderr so the listing itself stays exactly the SPEC 3.5 layout.
    expect(result.stderr).toMatch(/^hookctl: .*hooks\.yml:\d+:\d+: warning: .*\(timeout-capped\)$/m);
  });

  it('shows project hooks as trusted once the file is trusted, and UNTRUSTED again after an edit', async () => {
    const { sandbox, common } = octoSetup();
    expect((await runCli(['trust', '--yes', ...common])).code).toBe(0);
    const trusted = await runCli(['list', ...common]);
    expect(trusted.stdout).toContain('  PreToolUse: ./scripts/guard.sh (matcher: terminal, sync, timeout 5s) — trusted\n');
    sandbox.write('project/scripts/guard.sh', '#!/bin/sh\nexit 2\n', { executable: true });
    const edited = await runCli(['list', ...common]);
    expect(edited.stdout).toContain(
      '  PreToolUse: ./scripts/guard.sh (matcher: terminal, sync, timeout 5s) — UNTRUSTED — run octo in this repo and approve to enable\n',
    );
  });

  it('says so in one line when nothing is configured', async () => {
    const sandbox = makeTempProject();
    const result = await runCli(['list', '--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(expected('octo-list-empty.txt'));
  });

  it('prints the listing as JSON', async () => {
    const { sandbox, common, env } = octoSetup();
    const result = await runCli(['list', '--json', ...common], { env });
    const listing = JSON.parse(result.stdout);
    expect(listing).toMatchObject({
      dialect: 'octo',
      enabled: true,
      warnings: [
        `${sandbox.home}/.octo/hooks.yml:7:16: warning: timeout "2m" is above the 30s maximum; ` +
          'the hook is stopped after 30s (timeout-capped)',
      ],
    });
    expect(listing.hooks.map((hook: { source: string; trust: string }) => `${hook.source}:${hook.trust}`)).toEqual([
      'env:trusted',
      'user:trusted',
      'user:trusted',
      'project:untrusted',
      'project:untrusted',
    ]);
    expect(listing.hooks[3]).toEqual({
      id: 'project:PreToolUse:0:0',
      source: 'project',
      file: `${sandbox.project}/.octo/hooks.yml`,
      line: 3,
      event: 'PreToolUse',
      matcher: 'terminal',
      command: './scripts/guard.sh',
      handlerType: 'command',
      condition: null,
      mode: 'sync',
      timeoutMs: 5000,
      trust: 'untrusted',
      enabled: true,
      skipReason: 'untrusted',
      skipDetail: null,
      listedOnly: false,
      hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      scripts: { tracked: ['scripts/guard.sh'], untracked: null },
    });
    expect(listing.loadErrors).toEqual([]);
  });
});

describe('hookctl list --dialect octo: a configuration that does not load (SPEC 3.2)', () => {
  const BROKEN = {
    'an unknown event': ['hooks:\n  PreToolUs:\n    - command: ./scripts/guard.sh\n', '2:3', 'unknown-event'],
    'async on PreToolUse': ['hooks:\n  PreToolUse:\n    - command: ./scripts/guard.sh\n      async: true\n', '4:14', 'async-not-allowed'],
  } as const;

  it.each(Object.entries(BROKEN))(
    'says %s stops the file from loading, lists the error and exits 2',
    async (_name, [yaml, position, ruleId]) => {
      const sandbox = makeTempProject();
      // The user's own file always runs, so its errors stop everything (an untrusted project file's only warn).
      const file = sandbox.write('home/.octo/hooks.yml', `${yaml}  Stop:\n    - command: notify\n      timeout: 2m\n`);
      const common = ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home];

      const text = await runCli(['list', ...common]);
      expect(text.code).toBe(2);
      expect(text.stdout).toBe('');
      expect(text.stderr).toContain('hookctl: hook configuration has 1 error; nothing was loaded:\n');
      expect(text.stderr).toMatch(new RegExp(`\\n  ${file}:${position}: .+ \\(${ruleId}\\)\\n$`));
      expect(text.stderr).toContain('(timeout-capped)');

      const json = await runCli(['list', '--json', ...common]);
      expect(json.code).toBe(2);
      const listing = JSON.parse(json.stdout);
      const [line, column] = position.split(':').map(Number);
      expect(listing).toMatchObject({
        dialect: 'octo',
        hooks: [],
        loadErrors: [{ file, line, column, ruleId, severity: 'error', message: expect.any(String) }],
      });
      expect(listing.loadErrors).toHaveLength(1);
      expect(listing.warnings).toEqual([expect.stringContaining('(timeout-capped)')]);
    },
  );
});

describe('hookctl list --dialect openinterpreter', () => {
  function oiSetup() {
    const sandbox = makeTempProject();
    const common = [...sandboxFlags(sandbox, 'openinterpreter', `${sandbox.root}/none.toml`)];
    return { sandbox, common };
  }

  it('lists every hook by layer with its trust and what to do about it', async () => {
    const { sandbox, common } = oiSetup();
    sandbox.write(
      'home/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done', async: true }] }] } }, null, 2),
    );
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify(
        { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', id: 'guard', timeout: 5 }] }] } },
        null,
        2,
      ),
    );
    expect((await runCli(['trust', 'guard', '--yes', ...common])).code).toBe(0);
    expect((await runCli(['disable', 'guard', ...common])).code).toBe(0);
    const result = await runCli(['list', ...common]);
    expect(result.code).toBe(0);
    expect(normalise(result.stdout, sandbox)).toBe(
      [
        'user hooks:',
        '  user:Stop:0:0 — Stop, async, timeout 600s — untrusted',
        '    command: notify-send done',
        '    at: <ROOT>/home/.openinterpreter/hooks.json:6',
        'project hooks:',
        '  guard — PreToolUse [Bash], sync, timeout 5s — trusted, disabled',
        '    command: ./guard.sh',
        '    at: <ROOT>/project/.openinterpreter/hooks.json:7',
        '1 hook will not run until reviewed: run `hookctl trust` to review.',
        '',
      ].join('\n'),
    );
  });

  it('lists the hooks [features] hooks = false turned off, and says so (here: every hook, as there are no managed ones)', async () => {
    const { sandbox, common } = oiSetup();
    sandbox.write('project/.openinterpreter/config.toml', '[features]\nhooks = false\n');
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    const text = await runCli(['list', ...common]);
    const config = `${sandbox.project}/.openinterpreter/config.toml`;
    expect(text.stdout).toBe(
      [
        'project hooks:',
        `  project:Stop:0:0 — Stop, sync, timeout 600s — off ([features] hooks = false in ${config}:2)`,
        '    command: true',
        `    at: ${sandbox.project}/.openinterpreter/hooks.json:1`,
        `user, project and plugin hooks are off: [features] hooks = false in ${config}:2 (there are no managed hooks, so nothing runs).`,
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await runCli(['list', '--json', ...common])).stdout);
    expect(json).toMatchObject({
      dialect: 'openinterpreter',
      enabled: false,
      switchedOff: { scope: 'non-managed', file: config, line: 2, column: 1 },
      hooks: [{ id: 'project:Stop:0:0', skipReason: 'disabled', listedOnly: true, skipDetail: `[features] hooks = false in ${config}:2` }],
      loadErrors: [],
    });
    // Scripts reading the JSON learn why nothing is listed, and where the switch is.
    expect(json.warnings).toEqual([
      `${config}:2:1: info: user, project and plugin hooks are disabled by [features] hooks = false; ` +
        'managed hooks still run (only the managed requirements file can turn them off) (features-disabled)',
    ]);
  });

  it('shows hooks allow_managed_hooks_only keeps from running as managed-only, without suggesting trust', async () => {
    const { sandbox } = oiSetup();
    const managed = sandbox.write(
      'managed.toml',
      'allow_managed_hooks_only = true\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo policy"\nid = "policy"\n',
    );
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true', id: 'local' }] }] } }),
    );
    const common = ['--dialect', 'openinterpreter', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', managed];

    const text = await runCli(['list', ...common]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('  policy — Stop, sync, timeout 600s — managed\n');
    expect(text.stdout).toContain(
      '  local — Stop, sync, timeout 600s — managed-only (held back by the managed requirements file: it never runs)\n',
    );
    expect(text.stdout).not.toContain('hookctl trust');

    const json = JSON.parse((await runCli(['list', '--json', ...common])).stdout);
    expect(
      json.hooks.map((hook: { id: string; trust: string; skipReason: string | null }) => [hook.id, hook.trust, hook.skipReason]),
    ).toEqual([
      ['policy', 'managed', null],
      ['local', 'untrusted', 'managed-only'],
    ]);
  });
});
