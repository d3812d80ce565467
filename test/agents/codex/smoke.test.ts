import { describe, expect, it } from 'vitest';
import { toolOutput } from '../../../src/dialects/codex/agent/index.js';
import { codexUnavailable, codexWorld } from './harness.js';

const unavailable = codexUnavailable();
if (unavailable) console.log(`real-Codex suite skipped: ${unavailable}`);

describe.skipIf(unavailable !== null)('smoke', () => {
  it('PreToolUse deny', async () => {
    const w = codexWorld();
    const cmd = w.hook('deny', {
      stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'nope' } },
    });
    w.put('home/.codex/hooks.json', { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: cmd }] }] } });
    const t = await w.trustAll();
    console.log(t);
    const run = await w.codex({ script: [{ exec: 'echo hi > ran.txt' }] });
    console.log(run.durationMs, JSON.stringify(run.events).slice(0, 2000), run.stderr.slice(0, 2000));
    console.log(toolOutput(run.requests, 1));
    console.log(JSON.stringify(w.invocations()));
    expect(run.exitCode).toBe(0);
  }, 120_000);
});
