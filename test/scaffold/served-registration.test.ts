import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * `scaffold --register --http` (issue 43): the hook goes to `.claude/hookctl-served.json`, which
 * Claude never reads; `.claude/settings.json` gets the http handler to `serve --http` (token header,
 * onFailure block on guard events) and the SessionStart starter; `--served` shows the served hooks.
 */

function scaffold(project: string, home: string, ...args: string[]) {
  return runCli(['scaffold', ...args, '--dialect', 'claude', '--register', '--http', '--cwd', project, '--home', home]);
}

const read = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')) as { hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> };

describe('scaffold --register --http', () => {
  it('puts the hook in the served file and the http handler with onFailure block plus the starter in settings.json', async () => {
    const box = makeTempProject();
    box.write('project/.claude/settings.json', '{\n  "model": "opus"\n}\n');
    const result = await scaffold(box.project, box.home, 'PreToolUse', '--matcher', 'Bash', '--name', 'guard', '--port', '47999');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('created .claude/hookctl-served.json: added the hook to PreToolUse.');
    const served = read(join(box.project, '.claude/hookctl-served.json'));
    expect(served.hooks.PreToolUse).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.mjs' }] },
    ]);
    const settings = read(join(box.project, '.claude/settings.json'));
    expect((settings as unknown as { model: string }).model).toBe('opus');
    expect(settings.hooks.PreToolUse).toEqual([
      {
        hooks: [
          {
            type: 'http',
            url: 'http://127.0.0.1:47999/hook',
            headers: { Authorization: 'Bearer $HOOKCTL_SERVE_TOKEN' },
            allowedEnvVars: ['HOOKCTL_SERVE_TOKEN'],
            timeout: 30,
            onFailure: 'block',
          },
        ],
      },
    ]);
    expect(settings.hooks.SessionStart).toEqual([
      { hooks: [{ type: 'command', command: 'npx --no hookctl serve --http --ensure --port 47999', timeout: 15 }] },
    ]);
    // No secret in any file written.
    expect(readFileSync(join(box.project, '.claude/settings.json'), 'utf8')).not.toMatch(/Bearer [0-9a-f]{16}/);

    // A second served hook on the same event adds nothing to settings.json: one handler per event.
    const before = readFileSync(join(box.project, '.claude/settings.json'), 'utf8');
    const again = await scaffold(box.project, box.home, 'PreToolUse', '--matcher', 'Edit', '--name', 'edits', '--port', '47999');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('already sends PreToolUse to hookctl serve --http; left unchanged');
    expect(readFileSync(join(box.project, '.claude/settings.json'), 'utf8')).toBe(before);
    expect(read(join(box.project, '.claude/hookctl-served.json')).hooks.PreToolUse).toHaveLength(2);
  });

  it('writes no onFailure on an event that guards nothing, and refuses SessionStart and other dialects', async () => {
    const box = makeTempProject();
    const result = await scaffold(box.project, box.home, 'Notification');
    expect(result.code, result.stderr).toBe(0);
    const handler = read(join(box.project, '.claude/settings.json')).hooks.Notification![0]!.hooks[0]!;
    expect(handler.type).toBe('http');
    expect(handler.onFailure).toBeUndefined();
    const start = await scaffold(box.project, box.home, 'SessionStart');
    expect(start.code).toBe(2);
    expect(start.stderr).toContain('SessionStart takes command hooks only');
    const other = await runCli([
      'scaffold',
      'PreToolUse',
      '--dialect',
      'codex',
      '--register',
      '--http',
      '--cwd',
      box.project,
      '--home',
      box.home,
    ]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('--dialect claude');
  });

  it('--served lists and dry-runs the served hooks; without it, what Claude runs itself', async () => {
    const box = makeTempProject();
    expect((await scaffold(box.project, box.home, 'PreToolUse', '--matcher', 'Bash', '--name', 'guard')).code).toBe(0);
    box.write('project/.claude/hookctl-served.json.bak', readFileSync(join(box.project, '.claude/hookctl-served.json'), 'utf8'));
    const common = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', join(box.root, 'none.json')];
    const served = await runCli(['list', '--served', '--json', ...common]);
    const servedHooks = (JSON.parse(served.stdout) as { hooks: { command: string; file: string }[] }).hooks;
    expect(servedHooks.map((hook) => hook.command)).toEqual(['sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.mjs']);
    const own = await runCli(['list', '--json', ...common]);
    const ownHooks = (JSON.parse(own.stdout) as { hooks: { command: string }[] }).hooks.map((hook) => hook.command);
    expect(ownHooks).toContain('http://127.0.0.1:47733/hook');
    expect(ownHooks).not.toContain('sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.mjs');
    // The repository lint finds the served file and lints it as claude settings.
    box.write(
      'project/.claude/hookctl-served.json',
      '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":300000}]}]}}',
    );
    const lint = await runCli(['lint', '--cwd', box.project, '--home', box.home]);
    expect(lint.stdout).toContain('.claude/hookctl-served.json');
    expect(lint.stdout).toContain('timeout-suspicious');
    box.write('project/.claude/hookctl-served.json', readFileSync(join(box.project, '.claude/hookctl-served.json.bak'), 'utf8'));
    const dry = await runCli(['dry-run', 'PreToolUse', '--served', '--tool', 'Bash', ...common]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('hookctl-served.json');
    expect(dry.stdout).toContain('✓ completed');
  });
});
