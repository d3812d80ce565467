import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../../helpers/run-cli.js';
import { type AgentCase, cleanup, type HookBehaviour, type Observed, runCase, unavailable } from './harness.js';

/**
 * `hookctl serve --http` inside the real Claude Code 2.1.328 (issue 43): the project's settings
 * hold only the http handler (PreToolUse → POST http://127.0.0.1:PORT/hook with the token header)
 * and the SessionStart starter (`serve --http --ensure`); the guard itself lives in
 * `.claude/hookctl-served.json`, which Claude never reads. Claude, the starter and the server all
 * run inside the case's loopback-only network namespace.
 */

const why = unavailable();
if (why !== null) console.log(`real-Claude serve --http cases not run: ${why}`);

const TOKEN = 'agent-test-token-0123456789';
const MARK = 'echo ran > $ROOT/ran.txt';
const pre = (fields: object): HookBehaviour => ({ stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } } });
let nextPort = 47_801;

interface Setup {
  /** What the served guard does; null: no served hooks file. */
  guard: HookBehaviour | null;
  onFailure?: 'block';
  /** Whether the SessionStart starter is registered (false: the server is down all session). */
  starter?: boolean;
  /** The http handler's timeout in seconds. */
  timeout?: number;
}

function served(setup: Setup): AgentCase {
  const port = nextPort++;
  const http = {
    type: 'http',
    url: `http://127.0.0.1:${port}/hook`,
    headers: { Authorization: 'Bearer $HOOKCTL_SERVE_TOKEN' },
    allowedEnvVars: ['HOOKCTL_SERVE_TOKEN'],
    timeout: setup.timeout ?? 30,
    ...(setup.onFailure ? { onFailure: setup.onFailure } : {}),
  };
  const starter = {
    type: 'command',
    command: `${process.execPath} ${BIN} serve --http --ensure --port ${port} --cwd "$CLAUDE_PROJECT_DIR"`,
    timeout: 15,
  };
  const settings = {
    hooks: { PreToolUse: [{ hooks: [http] }], ...(setup.starter === false ? {} : { SessionStart: [{ hooks: [starter] }] }) },
  };
  return {
    hooks: setup.guard === null ? {} : { g: setup.guard },
    files: {
      'project/.claude/settings.json': settings,
      ...(setup.guard === null
        ? {}
        : {
            'project/.claude/hookctl-served.json': {
              hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh $ROOT/hooks/g.sh' }] }] },
            },
          }),
    },
    script: {
      conversations: [{ turns: [{ tools: [{ name: 'Bash', input: { command: MARK, description: 'run it' } }] }, { text: 'All done.' }] }],
    },
    env: { HOOKCTL_SERVE_TOKEN: TOKEN },
  };
}

const started: number[] = [];
async function session(setup: Setup): Promise<Observed> {
  const observed = await runCase(served(setup));
  const pidFile = join(observed.root, 'project', '.claude', 'hookctl-serve.pid');
  if (existsSync(pidFile)) started.push(Number(readFileSync(pidFile, 'utf8')));
  return observed;
}

const ran = (o: Observed): boolean => existsSync(join(o.root, 'ran.txt'));

describe.skipIf(why !== null)('Claude Code 2.1.328 with hookctl serve --http (real binary, scripted model)', () => {
  afterAll(() => {
    for (const pid of started.splice(0)) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    if (!process.env.HOOKCTL_AGENT_KEEP) cleanup();
  });

  it.concurrent('deny through the endpoint: the tool does not run, the reason reaches the model', { timeout: 300_000 }, async () => {
    const o = await session({ guard: pre({ permissionDecision: 'deny', permissionDecisionReason: 'served says no' }), onFailure: 'block' });
    expect(o.session.timedOut, o.session.stderr).toBe(false);
    expect(ran(o)).toBe(false);
    expect(o.toolResult()).toEqual({ text: 'PreToolUse:Bash hook error: served says no', isError: true });
    // The served guard ran in the server (once), with the payload Claude sent.
    expect(o.calls('g').map((call) => call.payload.tool_name)).toEqual(['Bash']);
    expect(o.calls('g')[0]!.env.HOOKCTL_SERVE_TOKEN).toBeUndefined();
  });

  it.concurrent('allow through the endpoint: the tool runs', { timeout: 300_000 }, async () => {
    const o = await session({ guard: pre({ permissionDecision: 'allow', permissionDecisionReason: 'fine' }), onFailure: 'block' });
    expect(o.session.timedOut, o.session.stderr).toBe(false);
    expect(ran(o)).toBe(true);
    expect(o.calls('g')).toHaveLength(1);
  });

  it.concurrent('ask through the endpoint: refused in -p mode, the reason reaches the model', { timeout: 300_000 }, async () => {
    const o = await session({ guard: pre({ permissionDecision: 'ask', permissionDecisionReason: 'check me' }), onFailure: 'block' });
    expect(o.session.timedOut, o.session.stderr).toBe(false);
    expect(ran(o)).toBe(false);
    expect(o.toolResult()?.text).toContain('check me');
  });

  it.concurrent('context through the endpoint reaches the model; the tool runs', { timeout: 300_000 }, async () => {
    const o = await session({ guard: pre({ additionalContext: 'served context 7341' }), onFailure: 'block' });
    expect(o.session.timedOut, o.session.stderr).toBe(false);
    expect(ran(o)).toBe(true);
    expect(o.lastRequestText()).toContain('served context 7341');
  });

  it.concurrent('a served hook slower than the http timeout: with onFailure block the tool does not run', {
    timeout: 300_000,
  }, async () => {
    const o = await session({ guard: { sleep: 8, ...pre({ permissionDecision: 'allow' }) }, onFailure: 'block', timeout: 2 });
    expect(o.session.timedOut, o.session.stderr).toBe(false);
    expect(ran(o)).toBe(false);
    expect(o.toolResult()?.text).toContain('timed out; blocking because onFailure is "block"');
  });

  it.concurrent('server down: with onFailure block the tool does not run', { timeout: 300_000 }, async () => {
    const o = await session({ guard: null, onFailure: 'block', starter: false });
    expect(o.session.timedOut, o.session.stderr).toBe(false);
    expect(ran(o)).toBe(false);
    expect(o.toolResult()?.text).toContain('failed; blocking because onFailure is "block"');
  });

  it.concurrent('server down: without onFailure the tool runs unguarded (why the registration writes it)', {
    timeout: 300_000,
  }, async () => {
    const o = await session({ guard: null, starter: false });
    expect(o.session.timedOut, o.session.stderr).toBe(false);
    expect(ran(o)).toBe(true);
  });
});
