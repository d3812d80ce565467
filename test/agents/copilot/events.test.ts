import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../../src/dialects/copilot/contracts.js';
import { COPILOT_EVENTS } from '../../../src/dialects/copilot/events.js';
import { type AgentCase, cleanup, hookCommand, type Observed, runCase, unavailable, warm } from './harness.js';

/**
 * Every event GitHub Copilot CLI 1.0.102 fires in `-p`, both names, registered at once with a hook
 * that records its payload: each must fire, and each payload must match hookctl's input schema for
 * the event it was registered under (camelCase, snake_case and the mixed shapes as the binary sends
 * them). Two sessions: one that runs a tool, fails one, is refused a path (a notification), starts a
 * subagent and is compacted; one whose model call fails (errorOccurred).
 */
const why = unavailable();
const EVENTS = COPILOT_EVENTS.map((event) => event.name);
const NEVER_IN_FIRST = new Set(['errorOccurred', 'ErrorOccurred']);
const NEVER_IN_SECOND = new Set([
  'preToolUse',
  'PreToolUse',
  'permissionRequest',
  'PermissionRequest',
  'postToolUse',
  'PostToolUse',
  'postToolUseFailure',
  'PostToolUseFailure',
  'agentStop',
  'Stop',
  'subagentStart',
  'SubagentStart',
  'subagentStop',
  'SubagentStop',
  'preCompact',
  'PreCompact',
  'notification',
  'Notification',
]);

const call = (name: string, args: Record<string, unknown>, promptTokens?: number) => ({
  tools: [{ name, args }],
  ...(promptTokens === undefined ? {} : { promptTokens }),
});

function everything(turns: AgentCase['turns'], env: Record<string, string> = {}): AgentCase {
  return {
    turns,
    files: {
      'project/.github/hooks/hooks.json': {
        version: 1,
        hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ type: 'command', bash: hookCommand(event) }]])),
      },
    },
    hooks: Object.fromEntries(EVENTS.map((event) => [event, {}])),
    env,
  };
}

const FIRST = everything(
  [
    call('bash', { command: 'echo ran > $ROOT/ran.txt', description: 'Mark' }, 19_500),
    call('view', { path: '$ROOT/project/missing.txt' }),
    call('view', { path: '/nonexistent/outside.txt' }),
    call('task', { description: 'Sub work', prompt: 'Say done.', agent_type: 'task', name: 'helper', mode: 'sync' }),
    { text: 'sub done' },
  ],
  { COPILOT_PROVIDER_MAX_PROMPT_TOKENS: '20000' },
);
const SECOND = everything([{ status: 400, text: 'scripted model failure' }]);

function checkPayloads(o: Observed, events: readonly string[]): void {
  for (const event of events) {
    const calls = o.calls(event);
    expect(calls.length, `${event} fired (sandbox ${o.root})`).toBeGreaterThan(0);
    for (const payload of calls) {
      const checked = contracts.validateInput(event, payload);
      expect(checked.ok ? [] : checked.errors, `${event} payload ${JSON.stringify(payload).slice(0, 300)}`).toEqual([]);
    }
  }
}

describe.skipIf(why !== null)('GitHub Copilot CLI 1.0.102: every event and its payload shape', () => {
  beforeAll(warm, 180_000);
  if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);

  it.concurrent('a tool, a failing tool, a refused path, a subagent and a compaction fire every event but errorOccurred', {
    timeout: 300_000,
  }, async () => {
    const o = await runCase(FIRST);
    expect(o.session.exitCode, o.session.stderr).toBe(0);
    checkPayloads(
      o,
      EVENTS.filter((event) => !NEVER_IN_FIRST.has(event)),
    );
    const [pre] = o.calls('preToolUse');
    expect(typeof pre?.toolArgs, 'toolArgs is an object, not a JSON string').toBe('object');
    expect(o.calls('subagentStart')[0]).toMatchObject({ agentType: 'task' });
    expect(o.calls('PreToolUse').map((payload) => payload.tool_name)).toEqual(['Bash', 'Read', 'Read', 'Agent']);
  });

  it.concurrent('a failed model call fires errorOccurred and ErrorOccurred, then sessionEnd with reason "error"', {
    timeout: 300_000,
  }, async () => {
    const o = await runCase(SECOND);
    checkPayloads(o, ['errorOccurred', 'ErrorOccurred', 'sessionStart', 'SessionStart', 'userPromptSubmitted', 'sessionEnd']);
    expect(o.calls('errorOccurred')[0]).toMatchObject({ errorContext: 'model_call', recoverable: true });
    expect(o.calls('sessionEnd')[0]).toMatchObject({ reason: 'error' });
    for (const event of NEVER_IN_SECOND) expect(o.calls(event), event).toEqual([]);
  });
});
