import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { CLAUDE_SESSIONS, placeSession } from '../replay/helpers.js';
import { CRASH } from './kit.js';

/**
 * A session file found by the directory walk (a regular file then) is replaced by a link to a device
 * before replay reads it: an unbounded read of /dev/zero, one byte at a time, would never end. The
 * swap is made deterministic by the replayed hook itself, which runs between the walk and the read.
 */
describe('replay reads only regular files, even when one is swapped after the walk', { timeout: 60_000 }, () => {
  it('a session file swapped for a link to /dev/zero is a warning; the replay ends', async () => {
    const sandbox = makeTempProject();
    const sessions = join(sandbox.root, 'sessions');
    mkdirSync(sessions);
    // Replayed in name order: a-… first; its hook swaps b-… before b-… is opened.
    const second = join(sessions, `b-${CLAUDE_SESSIONS.second}`);
    const swap = `ln -sf /dev/zero '${second}'`;
    sandbox.write(
      'project/.claude/settings.json',
      JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: swap }] }] } }),
    );
    sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
    placeSession('claude', CLAUDE_SESSIONS.second, join(sandbox.root, 'tmp-a'), sandbox.project);
    placeSession('claude', CLAUDE_SESSIONS.second, join(sandbox.root, 'tmp-b'), sandbox.project);
    renameSync(join(sandbox.root, 'tmp-a', CLAUDE_SESSIONS.second), join(sessions, `a-${CLAUDE_SESSIONS.second}`));
    renameSync(join(sandbox.root, 'tmp-b', CLAUDE_SESSIONS.second), second);
    const flags = ['--dialect', 'claude', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.json')];
    const started = Date.now();
    const result = await runCli(['replay', ...flags, sessions], { timeoutMs: 30_000 });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `hookctl: warning: ${second}: cannot be read (not a regular file: a character device); the rest skipped\n`,
    );
    expect(result.stdout).toContain('replayed 2 events from 1 session');
  });
});
