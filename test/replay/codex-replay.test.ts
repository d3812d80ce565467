import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CODEX_SESSIONS, placeSession, readJsonLines } from './helpers.js';

const GUARD = `if grep -q -e /definitely -e 'rm -rf'; then echo "listing or deleting is not allowed" >&2; exit 2; fi`;
const RECORD = (file: string) => `cat >> "${file}"; echo >> "${file}"`;

/** A trusted codex project: its hooks record their payloads and block two recorded commands and every patch. */
async function codexProject(options: { ownCodexHome?: boolean } = {}): Promise<TempProject & { codexHome: string }> {
  const sandbox = makeTempProject();
  const codexHome = options.ownCodexHome ? join(sandbox.root, 'codex-home') : undefined;
  const hooks = {
    hooks: {
      PreToolUse: [
        { hooks: [{ type: 'command', command: RECORD(join(sandbox.root, 'seen.jsonl')) }] },
        { matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] },
        { matcher: 'apply_patch', hooks: [{ type: 'command', command: 'echo "patches need review" >&2; exit 2' }] },
        { matcher: 'WebSearch', hooks: [{ type: 'command', command: 'exit 2' }] },
      ],
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: RECORD(join(sandbox.root, 'prompts.jsonl')) }] }],
      PostToolUse: [{ hooks: [{ type: 'command', command: RECORD(join(sandbox.root, 'post.jsonl')) }] }],
    },
  };
  sandbox.write('project/.codex/hooks.json', JSON.stringify(hooks, null, 2));
  sandbox.write(
    codexHome ? 'codex-home/config.toml' : 'home/.codex/config.toml',
    `[projects."${sandbox.project}"]\ntrust_level = "trusted"\n`,
  );
  // Each hook trusted the way a user does it.
  const trusted = await runCli(['trust', ...flags(sandbox), '--all', '--yes'], { env: { CODEX_HOME: codexHome } });
  expect(trusted.code, trusted.stderr).toBe(0);
  return { ...sandbox, codexHome: codexHome ?? join(sandbox.home, '.codex') };
}

function flags(sandbox: TempProject): string[] {
  return ['--dialect', 'codex', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml')];
}

// Each case runs the real bin (and real hooks) several times: minutes, not seconds, on a loaded machine.
describe('hookctl replay --dialect codex (rollouts recorded by Codex 0.169.0)', { timeout: 120_000 }, () => {
  it("replays only this project's sessions from $CODEX_HOME/sessions/, with Codex's tool names and inputs", async () => {
    const sandbox = await codexProject();
    const day = join(sandbox.home, '.codex', 'sessions', '2026', '12', '02');
    placeSession('codex', CODEX_SESSIONS.main, day, sandbox.project);
    placeSession('codex', CODEX_SESSIONS.refused, day, join(sandbox.project, 'sub'));
    sandbox.write('project/sub/.keep', '');
    // Recorded in another project: it shares the location and is left out.
    placeSession('codex', CODEX_SESSIONS.second, day, '/somewhere/else');
    const result = await runCli(['replay', ...flags(sandbox), '--json'], { env: { CODEX_HOME: undefined } });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ sessions: 2, events: 8 });
    const rows = report.results.map((r: any) => [r.event, r.tool, r.decision, r.reason]);
    expect(rows).toEqual([
      ['UserPromptSubmit', null, 'none', null],
      ['PreToolUse', 'Bash', 'none', null],
      ['PreToolUse', 'Bash', 'none', null],
      ['PreToolUse', 'Bash', 'deny', 'listing or deleting is not allowed'],
      ['PreToolUse', 'apply_patch', 'deny', 'patches need review'],
      ['UserPromptSubmit', null, 'none', null],
      ['PreToolUse', 'Bash', 'deny', 'listing or deleting is not allowed'],
      ['PreToolUse', 'Bash', 'none', null],
    ]);
    expect(report.unmatchedHooks).toEqual([`${join(sandbox.project, '.codex', 'hooks.json')}:pre_tool_use:3:0`]);
  });

  it('rebuilds payloads from session_meta and turn_context: turn id, model, permission mode derived from the approval policy', async () => {
    const sandbox = await codexProject();
    const file = placeSession('codex', CODEX_SESSIONS.main, join(sandbox.root, 'rollouts'), sandbox.project);
    const result = await runCli(['replay', ...flags(sandbox), file]);
    expect(result.code, result.stderr).toBe(0);
    const seen = readJsonLines(join(sandbox.root, 'seen.jsonl'));
    const common = {
      session_id: '01a2343d-c129-76a2-9418-1882d81d2129',
      turn_id: '01a2343d-c2a0-7011-8101-2b0b840a2fb2',
      transcript_path: file,
      cwd: sandbox.project,
      model: 'gpt-5.5',
      permission_mode: 'bypassPermissions',
    };
    expect(seen).toEqual([
      {
        ...common,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'echo hello > out.txt' },
        tool_use_id: 'call_1_0',
      },
      { ...common, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'cat README.md' }, tool_use_id: 'call_1_1' },
      {
        ...common,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls /definitely/not/here' },
        tool_use_id: 'call_2_0',
      },
      {
        ...common,
        hook_event_name: 'PreToolUse',
        tool_name: 'apply_patch',
        tool_input: { command: '*** Begin Patch\n*** Add File: notes.txt\n+a note\n*** End Patch\n' },
        tool_use_id: 'call_3_0',
      },
    ]);
    // The injected <environment_context> message is not a prompt.
    expect(readJsonLines(join(sandbox.root, 'prompts.jsonl'))).toEqual([
      { ...common, hook_event_name: 'UserPromptSubmit', prompt: 'write hello to a file and read the readme' },
    ]);
    expect(result.stdout).toContain('replayed 5 events from 1 session: 2 deny, 0 ask, 0 allow, 3 none, 0 failed');
  });

  it('--event PostToolUse: the recorded output as tool_response; a call a hook blocked has none', async () => {
    const sandbox = await codexProject({ ownCodexHome: true });
    const codexHome = sandbox.codexHome;
    const file = placeSession('codex', CODEX_SESSIONS.refused, join(sandbox.root, 'rollouts'), sandbox.project);
    const result = await runCli(['replay', ...flags(sandbox), file, '--event', 'PostToolUse', '--json'], {
      env: { CODEX_HOME: codexHome },
    });
    expect(result.code, result.stderr).toBe(0);
    const post = readJsonLines(join(sandbox.root, 'post.jsonl'));
    expect(post).toHaveLength(1);
    expect(post[0]).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo ok' },
      tool_use_id: 'call_2_0',
      tool_response: expect.stringContaining('Process exited with code 0\nOriginal token count: 1\nOutput:\nok\n'),
    });
    expect(existsSync(join(sandbox.root, 'seen.jsonl'))).toBe(false);
  });

  it('a session directory given as PATH is searched recursively for rollout files only', async () => {
    const sandbox = await codexProject();
    const dir = join(sandbox.root, 'archive');
    placeSession('codex', CODEX_SESSIONS.main, join(dir, '2026', '12', '02'), sandbox.project);
    sandbox.write('archive/notes.jsonl', 'not a rollout\n');
    const result = await runCli(['replay', ...flags(sandbox), dir, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ sessions: 1, events: 5 });
    expect(result.stderr).not.toContain('notes.jsonl');
  });

  it('PostToolUseFailure is not a codex event: --event names what codex records rebuild', async () => {
    const sandbox = makeTempProject();
    const result = await runCli(['replay', ...flags(sandbox), sandbox.project, '--event', 'PostToolUseFailure']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('hookctl: --event PostToolUseFailure: codex records rebuild UserPromptSubmit, PreToolUse, PostToolUse\n');
  });
});
