import { SPAWNED_AGENT } from '../../../src/dialects/codex/agent/index.js';
import type { LayerName } from './layers.js';
import type { EventCase } from './oracle.js';

const specific = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
const MULTI_AGENT = 'multi_agent_v1';

/**
 * The root model spawns an `explorer` subagent (`spawn_agent` of the `multi_agent_v1` namespace, which
 * Codex offers in `exec`) and waits for it, so its SubagentStart and SubagentStop hooks run before Codex
 * exits; the subagent's own model runs `touch ran-1` and says `done`.
 */
const SPAWN: Pick<EventCase, 'script' | 'subagentScript'> = {
  script: [
    { function: 'spawn_agent', namespace: MULTI_AGENT, arguments: { message: 'scripted subtask', agent_type: 'explorer' } },
    { function: 'wait_agent', namespace: MULTI_AGENT, arguments: { targets: [SPAWNED_AGENT], timeout_ms: 30_000 } },
  ],
  subagentScript: [{ exec: 'touch ran-1' }],
};

/**
 * Auto-compaction mid-turn: every response reports 5,000 tokens used against a limit of 1,000, so after
 * the tool call (a step that needs a follow-up) Codex compacts — a local compaction for a custom
 * provider, one more `/responses` request with its summarization prompt — then samples again.
 */
const COMPACT: Pick<EventCase, 'usageTokens' | 'args'> = {
  usageTokens: 5_000,
  args: ['-c', 'model_auto_compact_token_limit=1000'],
};

// Behaviour cases run in the user hooks.json layer (where openinterpreter is judged too); the plain
// "it fires" case of each event runs in every layer.
const ONE_LAYER: readonly LayerName[] = ['user-json'];

/** SubagentStart, SubagentStop, PreCompact and PostCompact, as `codex exec` fires them. */
export const LIFECYCLE_CASES: readonly EventCase[] = [
  // SubagentStart: context only (Codex ignores continue:false); the matcher is the agent type.
  {
    name: 'SubagentStart silent hook fires when spawn_agent starts a subagent',
    event: 'SubagentStart',
    ...SPAWN,
    expect: { fired: true, toolRan: true },
  },
  {
    name: 'SubagentStart additionalContext reaches the subagent',
    event: 'SubagentStart',
    ...SPAWN,
    behaviour: { stdout: specific('SubagentStart', { additionalContext: 'CTX-sas' }) },
    context: 'CTX-sas',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, contextSeen: true },
  },
  {
    name: 'SubagentStart plain stdout is context',
    event: 'SubagentStart',
    ...SPAWN,
    behaviour: { stdout: 'CTX-sas-plain' },
    context: 'CTX-sas-plain',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, contextSeen: true },
  },
  {
    name: 'SubagentStart continue:false is ignored: the subagent runs with the context',
    event: 'SubagentStart',
    ...SPAWN,
    behaviour: {
      stdout: { continue: false, stopReason: 'RSN-sas-stop', ...specific('SubagentStart', { additionalContext: 'CTX-sas-cont' }) },
    },
    context: 'CTX-sas-cont',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, contextSeen: true },
  },
  {
    name: 'SubagentStart exit 2 does not keep the subagent from running',
    event: 'SubagentStart',
    ...SPAWN,
    behaviour: { exit: 2, stderr: 'RSN-sas-exit2' },
    reason: 'RSN-sas-exit2',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true },
  },
  {
    name: 'SubagentStart matcher on the agent type fires',
    event: 'SubagentStart',
    matcher: 'explorer',
    ...SPAWN,
    layers: ONE_LAYER,
    expect: { fired: true },
  },
  {
    name: 'SubagentStart matcher on another agent type does not fire',
    event: 'SubagentStart',
    matcher: 'worker',
    ...SPAWN,
    layers: ONE_LAYER,
    expect: { fired: false },
  },
  // SubagentStop: a block continues the subagent with the reason, as Stop does for the root.
  {
    name: 'SubagentStop silent hook fires when the subagent finishes',
    event: 'SubagentStop',
    ...SPAWN,
    expect: { fired: true, toolRan: true },
  },
  {
    name: 'SubagentStop decision block continues the subagent with the reason',
    event: 'SubagentStop',
    ...SPAWN,
    behaviour: { stdout: { decision: 'block', reason: 'RSN-sast-block' }, once: true },
    reason: 'RSN-sast-block',
    layers: ONE_LAYER,
    expect: { fired: true, reasonSeen: true },
  },
  {
    name: 'SubagentStop exit 2 continues the subagent with stderr',
    event: 'SubagentStop',
    ...SPAWN,
    behaviour: { exit: 2, stderr: 'RSN-sast-exit2', once: true },
    reason: 'RSN-sast-exit2',
    layers: ONE_LAYER,
    expect: { fired: true, reasonSeen: true },
  },
  {
    name: 'SubagentStop continue:false overrides its block: the subagent ends without the reason',
    event: 'SubagentStop',
    ...SPAWN,
    behaviour: { stdout: { continue: false, stopReason: 'RSN-sast-stop', decision: 'block', reason: 'RSN-sast-stop' } },
    reason: 'RSN-sast-stop',
    layers: ONE_LAYER,
    expect: { fired: true, reasonSeen: false },
  },
  {
    name: 'SubagentStop matcher on the agent type fires',
    event: 'SubagentStop',
    matcher: 'explorer',
    ...SPAWN,
    layers: ONE_LAYER,
    expect: { fired: true },
  },
  {
    name: 'SubagentStop matcher on another agent type does not fire',
    event: 'SubagentStop',
    matcher: 'worker',
    ...SPAWN,
    layers: ONE_LAYER,
    expect: { fired: false },
  },
  // PreCompact / PostCompact: the matcher is the trigger (`auto` here); continue:false aborts the turn.
  {
    name: 'PreCompact silent hook fires on auto-compaction',
    event: 'PreCompact',
    ...COMPACT,
    expect: { fired: true, toolRan: true, turnWentOn: true },
  },
  { name: 'PreCompact matcher auto fires', event: 'PreCompact', matcher: 'auto', ...COMPACT, layers: ONE_LAYER, expect: { fired: true } },
  {
    name: 'PreCompact matcher manual does not fire on auto-compaction',
    event: 'PreCompact',
    matcher: 'manual',
    ...COMPACT,
    layers: ONE_LAYER,
    expect: { fired: false },
  },
  {
    name: 'PreCompact continue:false aborts the turn before compacting',
    event: 'PreCompact',
    ...COMPACT,
    behaviour: { stdout: { continue: false, stopReason: 'RSN-prec-stop' } },
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, turnWentOn: false },
  },
  {
    name: 'PreCompact exit 2 does not block compaction',
    event: 'PreCompact',
    ...COMPACT,
    behaviour: { exit: 2, stderr: 'RSN-prec-exit2' },
    layers: ONE_LAYER,
    expect: { fired: true, turnWentOn: true },
  },
  {
    name: 'PostCompact silent hook fires after auto-compaction',
    event: 'PostCompact',
    ...COMPACT,
    expect: { fired: true, toolRan: true, turnWentOn: true },
  },
  {
    name: 'PostCompact matcher manual does not fire on auto-compaction',
    event: 'PostCompact',
    matcher: 'manual',
    ...COMPACT,
    layers: ONE_LAYER,
    expect: { fired: false },
  },
  {
    name: 'PostCompact continue:false aborts the turn after compacting',
    event: 'PostCompact',
    ...COMPACT,
    behaviour: { stdout: { continue: false, stopReason: 'RSN-postc-stop' } },
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, turnWentOn: false },
  },
];
