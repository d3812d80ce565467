import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CLAUDE_SESSIONS, CODEX_SESSIONS, placeSession } from '../replay/helpers.js';
import { CRASH } from './kit.js';

/**
 * Issue 38.3: a session file is untrusted input, and replay runs the project's (trusted) hooks in
 * each record's `cwd`. A record naming a directory outside the project must not make the project's
 * hooks act there: the event is replayed in the project instead, and stderr says so.
 */
const WITNESS = 'touch "$PWD/hook-ran"';

function claudeProject(): TempProject {
  const sandbox = makeTempProject();
  const hooks = [{ hooks: [{ type: 'command', command: WITNESS }] }];
  sandbox.write('project/.claude/settings.json', JSON.stringify({ hooks: { PreToolUse: hooks, UserPromptSubmit: hooks } }));
  sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
  return sandbox;
}

async function codexProject(): Promise<TempProject> {
  const sandbox = makeTempProject();
  const hooks = [{ hooks: [{ type: 'command', command: WITNESS }] }];
  sandbox.write('project/.codex/hooks.json', JSON.stringify({ hooks: { PreToolUse: hooks, UserPromptSubmit: hooks } }));
  sandbox.write('home/.codex/config.toml', `[projects."${sandbox.project}"]\ntrust_level = "trusted"\n`);
  const trusted = await runCli(['trust', ...flags(sandbox, 'codex'), '--all', '--yes'], { env: { CODEX_HOME: undefined } });
  expect(trusted.code, trusted.stderr).toBe(0);
  return sandbox;
}

function flags(sandbox: TempProject, dialect: 'claude' | 'codex'): string[] {
  const managed = join(sandbox.root, dialect === 'claude' ? 'none.json' : 'none.toml');
  return ['--dialect', dialect, '--cwd', sandbox.project, '--home', sandbox.home, '--managed', managed];
}

/** A directory of the victim's, outside the project, that exists (so a hook could run there). */
function victimDir(sandbox: TempProject): string {
  const victim = join(sandbox.root, 'victim');
  mkdirSync(victim, { recursive: true });
  return victim;
}

// Each case runs the real bin and real hooks: seconds each on a loaded machine.
describe('replay never runs the project hooks in a recorded cwd outside the project (issue 38.3)', { timeout: 120_000 }, () => {
  it('claude: a transcript whose records name another directory runs the hooks in the project and says so', async () => {
    const sandbox = claudeProject();
    const victim = victimDir(sandbox);
    const sessions = join(sandbox.root, 'sessions');
    const file = placeSession('claude', CLAUDE_SESSIONS.second, sessions, victim);
    const result = await runCli(['replay', ...flags(sandbox, 'claude'), sessions]);
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(victim, 'hook-ran'))).toBe(false);
    expect(existsSync(join(sandbox.project, 'hook-ran'))).toBe(true);
    expect(result.stderr).toContain(
      `hookctl: warning: ${file}: recorded cwd ${victim} is outside the project (${sandbox.project}); ` +
        'its events are replayed in the project instead\n',
    );
    // Said once per session file, not once per event.
    expect(result.stderr.match(/is outside the project/g)).toHaveLength(1);
    expect(result.stdout).toContain('replayed 2 events from 1 session');
  });

  it('claude: a cwd inside the project through a symlink that leaves it counts as outside', async () => {
    const sandbox = claudeProject();
    const victim = victimDir(sandbox);
    symlinkSync(victim, join(sandbox.project, 'escape'));
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, join(sandbox.project, 'escape'));
    const result = await runCli(['replay', ...flags(sandbox, 'claude'), sessions]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(victim, 'hook-ran'))).toBe(false);
    expect(existsSync(join(sandbox.project, 'hook-ran'))).toBe(true);
    expect(result.stderr).toContain(`recorded cwd ${join(sandbox.project, 'escape')} is outside the project`);
  });

  it('claude: a cwd in a subdirectory of the project still runs there, without a warning', async () => {
    const sandbox = claudeProject();
    const sub = join(sandbox.project, 'sub');
    mkdirSync(sub);
    const sessions = join(sandbox.root, 'sessions');
    placeSession('claude', CLAUDE_SESSIONS.second, sessions, sub);
    const result = await runCli(['replay', ...flags(sandbox, 'claude'), sessions]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(sub, 'hook-ran'))).toBe(true);
    expect(result.stderr).not.toContain('outside the project');
  });

  it('codex: a rollout whose turn_context.cwd leaves the project runs the hooks in the project and says so', async () => {
    const sandbox = await codexProject();
    const victim = victimDir(sandbox);
    const sessions = join(sandbox.root, 'sessions');
    const file = placeSession('codex', CODEX_SESSIONS.second, sessions, victim);
    const result = await runCli(['replay', ...flags(sandbox, 'codex'), sessions], { env: { CODEX_HOME: undefined } });
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(victim, 'hook-ran'))).toBe(false);
    expect(existsSync(join(sandbox.project, 'hook-ran'))).toBe(true);
    expect(result.stderr).toContain(`${file}: recorded cwd ${victim} is outside the project (${sandbox.project})`);
  });
});
