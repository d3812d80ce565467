import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/kit/outcome.js';
import { httpAnswer as claudeWireOutput } from '../../src/dialects/claude/http-answer.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/** `hookctl serve --http` as Claude's http hook endpoint: the answer's wire form, reloads, and the `--ensure` starter. */

const TOKEN = 'cli-test-token-0123456789abcdef';
const pids: number[] = [];
afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

function outcome(fields: Partial<Outcome>): Outcome {
  return {
    dialect: 'claude',
    event: 'PreToolUse',
    matcherTarget: 'Bash',
    decision: null,
    blocked: false,
    reason: null,
    stop: false,
    stopReason: null,
    additionalContext: null,
    updatedInput: null,
    updatedInputFrom: null,
    systemMessages: [],
    dialectOutput: null,
    runs: [],
    warnings: [],
    ...fields,
  };
}

describe('the answer Claude reads', () => {
  it('carries the decision, reason, rewrite, context, block, stop and system messages in Claude wire form', () => {
    expect(claudeWireOutput(outcome({}))).toEqual({});
    expect(
      claudeWireOutput(outcome({ decision: 'deny', blocked: true, reason: 'no', additionalContext: 'ctx', updatedInput: { a: 1 } })),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no',
        updatedInput: { a: 1 },
        additionalContext: 'ctx',
      },
    });
    expect(claudeWireOutput(outcome({ event: 'Stop', blocked: true, reason: 'tests fail' }))).toEqual({
      decision: 'block',
      reason: 'tests fail',
    });
    expect(claudeWireOutput(outcome({ event: 'PermissionRequest', decision: 'deny', reason: 'never' }))).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'never' } },
    });
    expect(claudeWireOutput(outcome({ event: 'UserPromptSubmit', stop: true, stopReason: 'bye', systemMessages: ['a', 'b'] }))).toEqual({
      continue: false,
      stopReason: 'bye',
      systemMessage: 'a\nb',
    });
  });
});

describe('serve --http --ensure', () => {
  it('starts one server, answers with it, reloads an edited served file, and a second --ensure reuses it', async () => {
    const box = makeTempProject();
    const served = (decision: string) =>
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'command',
                  command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"${decision}"}}'`,
                },
              ],
            },
          ],
        },
      });
    box.write('project/.claude/hookctl-served.json', served('deny'));
    const port = 20_000 + (process.pid % 20_000);
    const env = { HOOKCTL_SERVE_TOKEN: TOKEN, HOME: box.home };
    const args = ['serve', '--http', '--ensure', '--port', String(port), '--cwd', box.project];
    const first = await runCli(args, { env, timeoutMs: 20_000 });
    expect(first.code, first.stderr).toBe(0);
    const pidFile = join(box.project, '.claude', 'hookctl-serve.pid');
    expect(existsSync(pidFile)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    pids.push(pid);
    const ask = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/hook`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({
          hook_event_name: 'PreToolUse',
          session_id: 's',
          transcript_path: join(box.project, 't.jsonl'),
          cwd: box.project,
          permission_mode: 'default',
          tool_name: 'Bash',
          tool_input: { command: 'ls' },
          tool_use_id: 'u',
        }),
      });
      return (await response.json()) as { hookSpecificOutput?: { permissionDecision?: string } };
    };
    expect((await ask()).hookSpecificOutput?.permissionDecision).toBe('deny');
    writeFileSync(join(box.project, '.claude', 'hookctl-served.json'), served('allow'));
    expect((await ask()).hookSpecificOutput?.permissionDecision).toBe('allow');
    const second = await runCli(args, { env, timeoutMs: 20_000 });
    expect(second.code, second.stderr).toBe(0);
    expect(Number(readFileSync(pidFile, 'utf8'))).toBe(pid);
  }, 60_000);
});
