import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { oiPayload } from '../helpers/payloads.js';
import { isRunning } from '../helpers/processes.js';
import { sandboxFlags, makeTempProject } from '../helpers/temp-project.js';

function gateProject() {
  const sandbox = makeTempProject();
  sandbox.write(
    'project/.openinterpreter/hooks.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', statusMessage: 'Checking command' }] },
          { matcher: 'Write', hooks: [{ type: 'command', command: 'exit 0' }] },
        ],
      },
    }),
  );
  sandbox.write(
    'project/guard.sh',
    `#!/bin/sh
input=$(cat)
case "$input" in *'rm -rf'*) echo "refusing destructive rm -rf" >&2; exit 2;; esac
exit 0
`,
    { executable: true },
  );
  const common = [...sandboxFlags(sandbox, 'openinterpreter', `${sandbox.root}/none.toml`)];
  return { sandbox, common };
}

describe('hookctl dry-run', () => {
  it('shows matched and unmatched handlers, each run and the verdict for a person', async () => {
    const { sandbox, common } = gateProject();
    const payload = JSON.stringify(oiPayload('PreToolUse', sandbox.project, { tool_input: { command: 'rm -rf /' } }));
    const result = await runCli(['dry-run', 'PreToolUse', '--payload', '-', '--dangerously-bypass-hook-trust', ...common], {
      input: payload,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      '`--dangerously-bypass-hook-trust` is enabled. Enabled hooks may run without review for this invocation.',
    );
    expect(result.stdout).toContain('matched 1 of 2 handlers; not selected: project:PreToolUse:1:0 (matcher "Write")');
    expect(result.stdout).toMatch(/✗ blocked {2}project:PreToolUse:0:0 {2}\[sync\] {2}\.\/guard\.sh {2}exit 2/);
    expect(result.stdout).toContain('stderr: refusing destructive rm -rf');
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('verdict: deny — refusing destructive rm -rf');
    expect(result.stderr).toContain('running project:PreToolUse:0:0: Checking command');
  });

  it('prints the outcome object with --json, generating a fixture payload when none is given', async () => {
    const { common } = gateProject();
    const result = await runCli(['dry-run', 'PreToolUse', '--tool', 'Bash', '--json', '--dangerously-bypass-hook-trust', ...common]);
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ event: 'PreToolUse', matcherTarget: 'Bash', decision: null, blocked: false });
    expect(outcome.runs).toHaveLength(1);
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', exitCode: 0 });
  });

  it('shows untrusted hooks as skipped with how to trust them', async () => {
    const { common } = gateProject();
    const result = await runCli(['dry-run', 'PreToolUse', ...common]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('skipped (untrusted)');
    expect(result.stdout).toContain('hookctl trust project:PreToolUse:0:0');
  });

  it('exits 2 with a clear message on a bad payload, a non-JSON payload and an unknown event', async () => {
    const { common } = gateProject();
    const invalid = await runCli(['dry-run', 'PreToolUse', '--payload', '-', ...common], { input: '{"tool_name": 3}' });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/^hookctl: invalid PreToolUse payload:/);
    const notJson = await runCli(['dry-run', 'PreToolUse', '--payload', '-', ...common], { input: 'nope' });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/not valid JSON/);
    const unknown = await runCli(['dry-run', 'PreToolUze', ...common]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean "PreToolUse"?');
    for (const result of [invalid, notJson, unknown]) expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('hookctl run', () => {
  it('reads the payload on stdin and writes the outcome JSON, exit 0 even when blocked', async () => {
    const { sandbox, common } = gateProject();
    const payload = JSON.stringify(oiPayload('PreToolUse', sandbox.project, { tool_input: { command: 'rm -rf /' } }));
    const result = await runCli(['run', 'PreToolUse', '--dangerously-bypass-hook-trust', ...common], { input: payload });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'deny', reason: 'refusing destructive rm -rf' });
  });

  it('exits 2 on a payload that cannot be dispatched (not an object, no string matcher target) or a bad config', async () => {
    const { common, sandbox } = gateProject();
    expect((await runCli(['run', 'Stop', ...common], { input: '[]' })).code).toBe(2);
    const noTarget = await runCli(['run', 'PreToolUse', ...common], {
      input: JSON.stringify(oiPayload('PreToolUse', sandbox.project, { tool_name: 7 })),
    });
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('/tool_name');
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  Stopp:\n    - command: x\n');
    const broken = await runCli(['run', 'Stop', '--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home], { input: '{}' });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/hooks\.yml:2:\d+/);
  });
});

describe('Ctrl-C during a dry-run', () => {
  it('kills the running hooks, prints the outcome and exits 130', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo $$ > hook.pid; exec sleep 30' }] }] } }),
    );
    const child = spawn(
      process.execPath,
      [
        BIN,
        'dry-run',
        'SessionStart',
        '--json',
        '--dangerously-bypass-hook-trust',
        '--cwd',
        sandbox.project,
        '--home',
        sandbox.home,
        '--managed',
        `${sandbox.root}/none.toml`,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const pidFile = join(sandbox.project, 'hook.pid');
    for (let i = 0; i < 200 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
    const hookPid = Number(readFileSync(pidFile, 'utf8'));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(JSON.parse(stdout).runs[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/cancel/) });
    expect(isRunning(hookPid)).toBe(false);
  });
});

describe('common options', () => {
  it('refuses a --cwd that is not a directory', async () => {
    const sandbox = makeTempProject();
    const file = sandbox.write('project/notes.txt', 'x');
    const result = await runCli(['lint', '--cwd', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`hookctl: --cwd ${file} is not a directory\n`);
  });
});

describe('a failing hook in the dry-run report', () => {
  it('says beside the verdict that a hook failed (it let the call through)', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'exit 3' }] }] } }),
    );
    const result = await runCli([
      'dry-run',
      'PreToolUse',
      '--dangerously-bypass-hook-trust',
      '--cwd',
      sandbox.project,
      '--home',
      sandbox.home,
      '--managed',
      `${sandbox.root}/none.toml`,
    ]);
    expect(result.stdout).toMatch(/! failed {2}project:PreToolUse:0:0/);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('verdict: no decision (1 hook failed)');
  });
});
