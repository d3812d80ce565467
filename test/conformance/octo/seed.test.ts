import { describe, expect, it } from 'vitest';
import { ConfigLoadError, createEngine } from '../../../src/index.js';
import { octoPayload } from '../../helpers/payloads.js';
import { runCli } from '../../helpers/run-cli.js';
import { makeTempProject } from '../../helpers/temp-project.js';

/**
 * octo as its seed (shared/seeds/001, "用 Hooks 自动化") describes it: issue 11 items 13–15. Each
 * test names the seed line it mirrors.
 */
async function gate(command: string) {
  const sandbox = makeTempProject();
  sandbox.write('home/.octo/hooks.yml', `hooks:\n  PreToolUse:\n    - command: ${JSON.stringify(command)}\n`);
  const engine = await createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, env: {} });
  try {
    return await engine.dispatch('PreToolUse', octoPayload('PreToolUse', sandbox.project) as never);
  } finally {
    await engine.close();
  }
}

describe('issue 11 item 13: the exit-2 reason (seed 001 line 51)', () => {
  it('comes from a stdout {"decision":"block","reason":…}', async () => {
    expect((await gate(`printf '{"decision":"block","reason":"from stdout"}'; echo from-stderr >&2; exit 2`)).reason).toBe('from stdout');
  });

  it('never from an approve object: then the stderr tail is the reason', async () => {
    const outcome = await gate(`printf '{"decision":"approve","reason":"looks fine"}'; echo refusing rm -rf >&2; exit 2`);
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'refusing rm -rf' });
  });
});

describe('issue 11 item 14: the last 500 characters of everything the hook wrote to stderr (seed 001 line 51)', () => {
  it('is the tail of the whole stream, even past the 1 MiB capture cap', async () => {
    // 2 MiB of filler, then the words that explain the block.
    const outcome = await gate(`head -c 2097152 /dev/zero | tr '\\\\0' a >&2; printf 'the real reason' >&2; exit 2`);
    expect(outcome.runs[0]!.truncated).toBe(true);
    expect(outcome.reason!.endsWith('the real reason')).toBe(true);
    expect([...outcome.reason!]).toHaveLength(500);
  });

  it('counts characters as code points, so an emoji is one character', async () => {
    const outcome = await gate(`printf 'z' >&2; i=0; while [ $i -lt 500 ]; do printf '😀' >&2; i=$((i+1)); done; exit 2`);
    expect(outcome.reason).toBe('😀'.repeat(500));
  });
});

describe('issue 11 item 15: the file layout the seed names (seed 001 lines 20-25, 45, 88-92)', () => {
  // Seed lines 25-37: every hook sits under a `hooks:` root.
  it('a file that forgets the hooks: root is an error saying so, and the engine refuses to start', async () => {
    const sandbox = makeTempProject();
    const file = sandbox.write('home/.octo/hooks.yml', 'PreToolUse:\n  - command: ./guard.sh\n');
    const error = await createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigLoadError);
    expect((error as Error).message).toContain(`${file}:1:1`);
    expect((error as Error).message).toContain(
      'nothing in this file runs: the event "PreToolUse" is at the top level, outside "hooks"; make it an indented entry under "hooks:"',
    );
  });

  // Seed lines 22-23: octo reads ~/.octo/hooks.yml and .octo/hooks.yml only.
  it('lint reports .octo/hooks.yaml, which octo never reads', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.octo/hooks.yaml', 'hooks:\n  Stop:\n    - command: ./notify.sh\n');
    const result = await runCli(['lint', '--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home, '--format', 'json']);
    // An error since issue 39: none of its hooks ever runs.
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('"unread-file"');
    expect(result.stdout).toContain('octo never reads hooks.yaml, so nothing in it runs; rename it to hooks.yml');
    expect(result.stdout).toContain('.octo/hooks.yaml');
  });

  // Seed line 92: the built-in hooks line is printed; "nothing configured" only when nothing is active.
  it('list with only ~/.octo/memory/ prints the active built-in hooks, not "No hooks configured"', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/memory/note.md', 'remember\n');
    const result = await runCli(['list', '--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      'built-in: memory reminder on UserPromptSubmit, save reminder on PostToolUse (active only when ~/.octo/memory/ exists)\n',
    );
  });

  it('an invalid matcher says the configuration is refused, not that a group never runs', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - matcher: "(?=terminal)"\n      command: ./guard.sh\n');
    const error = await createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigLoadError);
    expect((error as Error).message).toContain('octo refuses to start with this configuration');
    expect((error as Error).message).not.toContain('never run');
  });
});
