import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CLAUDE_SESSIONS, claudeSlug, placeSession, readJsonLines } from './helpers.js';

const GUARD = `if grep -q -e /definitely -e 'rm -rf'; then echo "listing or deleting is not allowed" >&2; exit 2; fi`;
const ASK_OUTPUT = {
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'confirm writes' },
};
const ASK = `echo '${JSON.stringify(ASK_OUTPUT)}'`;

/** A claude project whose hooks record every payload they get, deny two recorded Bash calls and ask for writes. */
function claudeProject(): TempProject {
  const sandbox = makeTempProject();
  const settings = {
    hooks: {
      PreToolUse: [
        { hooks: [{ type: 'command', command: 'cat >> "$CLAUDE_PROJECT_DIR/seen.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/seen.jsonl"' }] },
        { matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] },
        { matcher: 'Write', hooks: [{ type: 'command', command: ASK }] },
        { matcher: 'WebFetch', hooks: [{ type: 'command', command: 'exit 2' }] },
      ],
      UserPromptSubmit: [
        {
          hooks: [{ type: 'command', command: 'cat >> "$CLAUDE_PROJECT_DIR/prompts.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/prompts.jsonl"' }],
        },
      ],
      PostToolUse: [
        { hooks: [{ type: 'command', command: 'cat >> "$CLAUDE_PROJECT_DIR/post.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/post.jsonl"' }] },
      ],
      PostToolUseFailure: [
        { hooks: [{ type: 'command', command: 'cat >> "$CLAUDE_PROJECT_DIR/post.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/post.jsonl"' }] },
      ],
    },
  };
  sandbox.write('project/.claude/settings.json', JSON.stringify(settings, null, 2));
  // The folder's workspace trust, as Claude Code's trust dialog records it.
  sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
  return sandbox;
}

function flags(sandbox: TempProject): string[] {
  return ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.json')];
}

/** The three recorded transcripts, where Claude Code keeps this project's sessions under `configDir`. */
function placeAll(sandbox: TempProject, configDir = join(sandbox.home, '.claude')): string {
  const dir = join(configDir, 'projects', claudeSlug(sandbox.project));
  for (const name of Object.values(CLAUDE_SESSIONS)) placeSession('claude', name, dir, sandbox.project);
  return dir;
}

// Each case runs the real bin (and real hooks) several times: minutes, not seconds, on a loaded machine.
describe('hookctl replay --dialect claude (transcripts recorded by Claude Code 2.1.328)', { timeout: 120_000 }, () => {
  it("replays the project's sessions from ~/.claude/projects/<slug>/: a verdict per call, a summary, hooks that never fired", async () => {
    const sandbox = claudeProject();
    placeAll(sandbox);
    const result = await runCli(['replay', ...flags(sandbox), '--json'], { env: { CLAUDE_CONFIG_DIR: undefined } });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.sessions).toBe(3);
    // 3 prompts, 7 recorded calls (the refused rm -rf included).
    expect(report.events).toBe(10);
    const rows = report.results.map((r: any) => [r.event, r.tool, r.decision, r.reason]);
    expect(rows).toContainEqual(['PreToolUse', 'Bash', 'deny', 'listing or deleting is not allowed']);
    expect(rows).toContainEqual(['PreToolUse', 'Write', 'ask', 'confirm writes']);
    expect(rows.filter((row: unknown[]) => row[2] === 'deny')).toHaveLength(2);
    const refused = report.results.find((r: any) => r.input?.command === 'rm -rf build');
    expect(refused).toMatchObject({ decision: 'deny', file: expect.stringContaining(CLAUDE_SESSIONS.refused), event: 'PreToolUse' });
    expect(refused.runs.map((run: any) => run.status)).toContain('blocked');
    expect(report.summary).toMatchObject({ deny: 2, ask: 1, allow: 0, none: 7, failed: 0 });
    expect(report.unmatchedHooks).toEqual(['project:.claude/settings.json:PreToolUse:3:0']);
    expect(result.stderr).toContain('replay runs your PreToolUse and UserPromptSubmit hooks for real');
  });

  it('rebuilds the PreToolUse and UserPromptSubmit payloads with every field the transcript carries', async () => {
    const sandbox = claudeProject();
    const dir = placeAll(sandbox);
    const result = await runCli(['replay', ...flags(sandbox), join(dir, CLAUDE_SESSIONS.main)]);
    expect(result.code, result.stderr).toBe(0);
    const seen = readJsonLines(join(sandbox.project, 'seen.jsonl'));
    const transcript = join(dir, CLAUDE_SESSIONS.main);
    expect(seen.map((payload) => payload.tool_name)).toEqual(['Bash', 'Read', 'Bash', 'Write']);
    expect(seen[0]).toEqual({
      session_id: '53cb7d21-21ce-4b95-be8e-52b3865e378e',
      transcript_path: transcript,
      cwd: sandbox.project,
      prompt_id: '3acebff3-5599-4fa6-9bb2-805c3c764bef',
      permission_mode: 'bypassPermissions',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo hello > out.txt', description: 'write a file' },
      tool_use_id: 'toolu_1_0',
    });
    // Parallel calls (one assistant message, two records) keep their own ids.
    expect(seen[1]).toMatchObject({ tool_use_id: 'toolu_1_1', tool_input: { file_path: `${sandbox.project}/README.md` } });
    const prompts = readJsonLines(join(sandbox.project, 'prompts.jsonl'));
    expect(prompts).toEqual([
      {
        session_id: '53cb7d21-21ce-4b95-be8e-52b3865e378e',
        transcript_path: transcript,
        cwd: sandbox.project,
        prompt_id: '3acebff3-5599-4fa6-9bb2-805c3c764bef',
        permission_mode: 'bypassPermissions',
        hook_event_name: 'UserPromptSubmit',
        prompt: 'write hello to a file and read the readme',
      },
    ]);
    expect(existsSync(join(sandbox.project, 'post.jsonl'))).toBe(false);
    // The table: one row per event, with the record it came from.
    expect(result.stdout).toMatch(
      /deny\s+PreToolUse\s+Bash\s+ls \/definitely\/not\/here\s+listing or deleting is not allowed\s+ran\s+53cb7d21[^\n]*:34/,
    );
    expect(result.stdout).toContain('replayed 5 events from 1 session: 1 deny, 1 ask, 0 allow, 3 none, 0 failed');
  });

  it('--event PostToolUse/PostToolUseFailure: structured results, failures with their error text, none for refused calls', async () => {
    const sandbox = claudeProject();
    const dir = placeAll(sandbox);
    const args = ['replay', ...flags(sandbox), dir, '--event', 'PostToolUse', '--event', 'PostToolUseFailure', '--json'];
    const result = await runCli(args);
    expect(result.code, result.stderr).toBe(0);
    const post = readJsonLines(join(sandbox.project, 'post.jsonl'));
    // 7 recorded calls; the rm -rf a hook refused never ran, so no Post event fired for it.
    expect(post).toHaveLength(6);
    const failure = post.find((payload) => payload.hook_event_name === 'PostToolUseFailure');
    expect(failure).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'ls /definitely/not/here', description: 'list missing' },
      tool_use_id: 'toolu_2_0',
      error: "Exit code 2\nls: cannot access '/definitely/not/here': No such file or directory",
    });
    const read = post.find((payload) => payload.tool_name === 'Read');
    expect(read?.tool_response).toMatchObject({ type: 'text', file: { content: '# demo\n', numLines: 2 } });
    expect(post.some((payload) => payload.tool_input?.command === 'rm -rf build')).toBe(false);
    // The gates were not replayed: their side-effect-free defaults are only what was asked.
    expect(existsSync(join(sandbox.project, 'seen.jsonl'))).toBe(false);
  });

  it('honours $CLAUDE_CONFIG_DIR for the default location', async () => {
    const sandbox = claudeProject();
    const configDir = join(sandbox.root, 'elsewhere');
    placeAll(sandbox, configDir);
    const result = await runCli(['replay', ...flags(sandbox), '--json'], { env: { CLAUDE_CONFIG_DIR: configDir } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ sessions: 3, events: 10 });
    const without = await runCli(['replay', ...flags(sandbox), '--json'], { env: { CLAUDE_CONFIG_DIR: undefined } });
    expect(JSON.parse(without.stdout)).toMatchObject({ sessions: 0, events: 0 });
    expect(without.stderr).toContain('no claude sessions of this project in');
  });

  it('--since keeps records from that time on', async () => {
    const sandbox = claudeProject();
    const dir = placeAll(sandbox);
    const later = await runCli(['replay', ...flags(sandbox), dir, '--since', '2026-12-02T00:53:00Z', '--json']);
    // Only the two sessions recorded after 00:53 (the first was recorded at 00:52).
    expect(JSON.parse(later.stdout)).toMatchObject({ sessions: 2, events: 5 });
    const bad = await runCli(['replay', ...flags(sandbox), dir, '--since', 'last tuesday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('hookctl: --since last tuesday: not a date (use e.g. 2026-11-30 or 2026-11-30T12:00Z)');
  });

  it('a truncated or garbage line is a warning with file:line, and the rest is replayed', async () => {
    const sandbox = claudeProject();
    const dir = placeAll(sandbox);
    const file = join(dir, CLAUDE_SESSIONS.main);
    const lines = readFileSync(file, 'utf8').split('\n');
    // Line 21 (the first call) cut in half, and a garbage line after line 3.
    lines[20] = lines[20]!.slice(0, 200);
    lines.splice(3, 0, '\u0000garbage\u001b[2J');
    writeFileSync(file, lines.join('\n'));
    const result = await runCli(['replay', ...flags(sandbox), file, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${file}:4: not a JSON record (a truncated or corrupted line); skipped`);
    expect(result.stderr).toContain(`${file}:22: not a JSON record (a truncated or corrupted line); skipped`);
    const report = JSON.parse(result.stdout);
    expect(report.events).toBe(4);
    expect(report.results.map((r: any) => r.input?.command ?? r.input?.file_path ?? r.input)).toEqual([
      'write hello to a file and read the readme',
      `${sandbox.project}/README.md`,
      'ls /definitely/not/here',
      `${sandbox.project}/notes.txt`,
    ]);
  });

  it('a missing PATH is a one-line error and a non-zero exit', async () => {
    const sandbox = claudeProject();
    const result = await runCli(['replay', ...flags(sandbox), join(sandbox.root, 'nope')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`hookctl: ${join(sandbox.root, 'nope')}: no such file or directory\n`);
    expect(result.stdout).toBe('');
  });

  it('an unknown --event is refused with the events the records rebuild', async () => {
    const sandbox = claudeProject();
    const result = await runCli(['replay', ...flags(sandbox), sandbox.project, '--event', 'PreTooluse']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--event PreTooluse: claude records rebuild UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure',
    );
    expect(result.stderr).toContain('did you mean PreToolUse?');
  });

  it('a project without hooks for the replayed events says so instead of listing hooks that never fired', async () => {
    const sandbox = makeTempProject();
    const dir = placeAll(sandbox);
    const result = await runCli(['replay', ...flags(sandbox), join(dir, CLAUDE_SESSIONS.second)]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('replayed 2 events from 1 session: 0 deny, 0 ask, 0 allow, 2 none, 0 failed\n');
    expect(result.stdout).toMatch(/no PreToolUse or UserPromptSubmit hooks are configured for this project\n$/);
    // Nothing runs, so nothing is announced.
    expect(result.stderr).toBe('');
  });

  it('untrusted hooks are not run: each row says why, as dry-run would', async () => {
    const sandbox = claudeProject();
    writeFileSync(join(sandbox.home, '.claude.json'), '{}');
    const dir = placeAll(sandbox);
    const result = await runCli(['replay', ...flags(sandbox), join(dir, CLAUDE_SESSIONS.main), '--json']);
    const report = JSON.parse(result.stdout);
    expect(report.summary).toMatchObject({ deny: 0, ask: 0, none: 5 });
    expect(report.results[1].reason).toBe('2 matching hooks not run: workspace-untrusted');
    expect(existsSync(join(sandbox.project, 'seen.jsonl'))).toBe(false);
    expect(result.stderr).not.toContain('for real');
    const bypass = await runCli([
      'replay',
      ...flags(sandbox),
      join(dir, CLAUDE_SESSIONS.main),
      '--json',
      '--dangerously-bypass-hook-trust',
    ]);
    expect(JSON.parse(bypass.stdout).summary).toMatchObject({ deny: 1, ask: 1 });
    expect(bypass.stderr).toContain('--dangerously-bypass-hook-trust');
  });

  it('a hostile session directory: links are not followed, non-record files are not read, control characters are escaped', async () => {
    const sandbox = claudeProject();
    const dir = placeAll(sandbox);
    symlinkSync('/etc/passwd', join(dir, 'passwd.jsonl'));
    mkdirSync(join(dir, 'loop'));
    symlinkSync(dir, join(dir, 'loop', 'again'));
    const evil = {
      type: 'user',
      sessionId: 'evil',
      cwd: sandbox.project,
      message: { role: 'user', content: 'innocent\r\u001b[2K\u202eprompt' },
    };
    writeFileSync(join(dir, 'evil.jsonl'), `${JSON.stringify(evil)}\n`);
    const result = await runCli(['replay', ...flags(sandbox), dir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('passwd');
    expect(result.stdout).not.toMatch(/[\r\u001b\u202e]/);
    expect(result.stdout).toContain('innocent \\x1b[2K\\u202eprompt');
    expect(result.stdout).toContain('from 4 sessions');
  });
});
