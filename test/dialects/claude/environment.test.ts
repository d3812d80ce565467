import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN } from '../../helpers/run-cli.js';
import { sandboxFlags } from '../../helpers/temp-project.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

const PTY_DRIVER = fileURLToPath(new URL('../../cli/trust-pty.py', import.meta.url));
const SHOW = [
  'CLAUDE_PROJECT_DIR',
  'CLAUDE_CODE_SESSION_ID',
  'CLAUDE_EFFORT',
  'CLAUDECODE',
  'CLAUDE_CODE_CHILD_SESSION',
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDE_CODE_SESSION_ATTENDED',
  'CLAUDE_PID',
  'CLAUDE_CODE_CHILD_NOTES_DIR',
  'CLAUDE_ENV_FILE',
  'OTEL_EXPORTER',
  'AGENT_VAR',
];
const printEnv = `for v in ${SHOW.join(' ')}; do eval "printf '%s=%s\\n' $v \\"\\\${$v-unset}\\""; done >&2`;

function envOf(stderr: string): Record<string, string> {
  return Object.fromEntries(
    stderr
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('claude hook environment (SPEC-dialects 8.7)', () => {
  it('sets the project dir, session id, effort and markers; drops OTEL_*; passes the rest of the agent’s environment', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([command(printEnv)])] }));
    const outcome = await dispatchOnce(
      box,
      'PreToolUse',
      { session_id: 'sess-42', effort: { level: 'high' } },
      { env: { PATH: process.env.PATH, OTEL_EXPORTER: 'otlp', AGENT_VAR: 'kept' } },
    );
    expect(envOf(outcome.runs[0]!.stderr)).toEqual({
      CLAUDE_PROJECT_DIR: box.project,
      CLAUDE_CODE_SESSION_ID: 'sess-42',
      CLAUDE_EFFORT: 'high',
      CLAUDECODE: '1',
      CLAUDE_CODE_CHILD_SESSION: '1',
      // What Claude Code 2.1.328 sets in -p mode (test/agents/claude), with hookctl's own pid.
      CLAUDE_CODE_ENTRYPOINT: 'sdk-cli',
      CLAUDE_CODE_SESSION_ATTENDED: '0',
      CLAUDE_PID: String(process.pid),
      CLAUDE_CODE_CHILD_NOTES_DIR: expect.stringMatching(/\/claude-\d+\/[^/]+\/sess-42\/started$/),
      CLAUDE_ENV_FILE: 'unset',
      OTEL_EXPORTER: 'unset',
      AGENT_VAR: 'kept',
    });
  });

  it('a host inside Claude keeps its own entrypoint, attendance and pid', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([command(printEnv)])] }));
    const env = { PATH: process.env.PATH, CLAUDE_CODE_ENTRYPOINT: 'cli', CLAUDE_CODE_SESSION_ATTENDED: '1', CLAUDE_PID: '4242' };
    const outcome = await dispatchOnce(box, 'PreToolUse', {}, { env });
    expect(envOf(outcome.runs[0]!.stderr)).toMatchObject({
      CLAUDE_CODE_ENTRYPOINT: 'cli',
      CLAUDE_CODE_SESSION_ATTENDED: '1',
      CLAUDE_PID: '4242',
    });
  });

  it.each(['SessionStart', 'Setup', 'CwdChanged', 'FileChanged'])(
    '%s gets CLAUDE_ENV_FILE; what hooks write comes back as envFileContent and the file is removed',
    async (event) => {
      const box = makeClaudeSandbox();
      box.settings(
        'project/.claude/settings.json',
        hooks({
          [event]: [
            group([
              command('echo "export NODE_ENV=production" >> "$CLAUDE_ENV_FILE"; echo "$CLAUDE_ENV_FILE" >&2'),
              command('echo "export DEBUG=1" >> "$CLAUDE_ENV_FILE"'),
            ]),
          ],
        }),
      );
      const outcome = await dispatchOnce(box, event);
      const file = outcome.runs[0]!.stderr.trim();
      // The two hooks run concurrently, so their lines come in either order.
      expect(outcome.dialectOutput?.envFileContent).toMatch(
        /^(export NODE_ENV=production\nexport DEBUG=1\n|export DEBUG=1\nexport NODE_ENV=production\n)$/,
      );
      expect(() => readFileSync(file)).toThrow();
    },
  );

  it('uses the host agent’s env file when the engine is given one, and leaves it in place', async () => {
    const box = makeClaudeSandbox();
    const envFile = box.write('agent-env.sh', 'export EXISTING=1\n');
    box.settings(
      'project/.claude/settings.json',
      hooks({ SessionStart: [group([command('echo "export ADDED=1" >> "$CLAUDE_ENV_FILE"')])] }),
    );
    const outcome = await dispatchOnce(box, 'SessionStart', {}, { envFile });
    expect(outcome.dialectOutput?.envFileContent).toBe('export EXISTING=1\nexport ADDED=1\n');
    expect(readFileSync(envFile, 'utf8')).toBe('export EXISTING=1\nexport ADDED=1\n');
  });

  it('runs in the payload’s cwd, or, when that directory is gone, in the start directory', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ Stop: [group([command('pwd >&2')])] }));
    const sub = box.write('project/sub/keep', '');
    const present = await dispatchOnce(box, 'Stop', { cwd: join(box.project, 'sub') });
    expect(present.runs[0]!.stderr.trim()).toBe(join(box.project, 'sub'));
    rmSync(join(box.project, 'sub'), { recursive: true });
    const gone = await dispatchOnce(box, 'Stop', { cwd: join(box.project, 'sub') });
    expect(gone.runs[0]).toMatchObject({ status: 'completed', stderr: `${box.project}\n` });
    expect(sub).toContain('keep');
  });

  it('a hook has no controlling terminal even when hookctl runs on one', () => {
    const box = makeClaudeSandbox();
    box.trustWorkspace();
    box.settings(
      'project/.claude/settings.json',
      hooks({ Stop: [group([command('if (exec 3</dev/tty) 2>/dev/null; then echo HAS-TTY >&2; else echo NO-TTY >&2; fi')])] }),
    );
    const run = spawnSync(
      'python3',
      [PTY_DRIVER, '', process.execPath, BIN, 'dry-run', 'Stop', '--json', ...sandboxFlags(box, 'claude', box.managed)],
      {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(run.status).toBe(0);
    // hookctl itself runs on the pty driver's terminal; only the hook, in a session of its own, has none.
    const printed = run.stdout.replace(/\r\n/g, '\n');
    const outcome = JSON.parse(printed.slice(printed.indexOf('{'))) as { runs: { stderr: string }[] };
    expect(outcome.runs[0]!.stderr).toBe('NO-TTY\n');
  });
});
