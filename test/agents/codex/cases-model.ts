import { INTERRUPT_COMMAND } from '../../../src/dialects/codex/agent/index.js';
import type { LayerName } from './layers.js';
import type { EventCase } from './oracle.js';

const specific = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
const ONE_LAYER: readonly LayerName[] = ['user-json'];

/** The model's tool call interrupts the turn (SIGINT to its `codex` ancestor, as Ctrl-C would). */
export const INTERRUPT_SCRIPT = INTERRUPT_COMMAND;
const INTERRUPTED: Pick<EventCase, 'script'> = { script: [{ exec: INTERRUPT_SCRIPT }] };

/**
 * PreModelRequest and PostModelRequest observe: Codex 0.169.0 and 0.171.0 run them around every model
 * request (one per step of the turn) and nothing they print or exit with changes the request, the tool
 * call or the turn. Interrupt runs after the user interrupted the turn and can change nothing either.
 */
export const MODEL_CASES: readonly EventCase[] = [
  {
    name: 'PreModelRequest silent hook fires before the model request',
    event: 'PreModelRequest',
    expect: { fired: true, toolRan: true, turnWentOn: true },
  },
  {
    name: 'PreModelRequest matcher is ignored: a matcher naming no tool still fires',
    event: 'PreModelRequest',
    matcher: 'NoSuchTool',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true },
  },
  {
    name: 'PreModelRequest exit 2 does not block the request',
    event: 'PreModelRequest',
    behaviour: { exit: 2, stderr: 'RSN-pmr-exit2' },
    reason: 'RSN-pmr-exit2',
    layers: ONE_LAYER,
    expect: { fired: true, modelCalled: true, toolRan: true, turnWentOn: true, reasonSeen: false },
  },
  {
    name: 'PreModelRequest continue:false does not stop the turn',
    event: 'PreModelRequest',
    behaviour: { stdout: { continue: false, stopReason: 'RSN-pmr-stop' } },
    reason: 'RSN-pmr-stop',
    layers: ONE_LAYER,
    expect: { fired: true, modelCalled: true, toolRan: true, turnWentOn: true, reasonSeen: false },
  },
  {
    name: 'PreModelRequest decision block does not block the request',
    event: 'PreModelRequest',
    behaviour: { stdout: { decision: 'block', reason: 'RSN-pmr-block' } },
    reason: 'RSN-pmr-block',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, turnWentOn: true, reasonSeen: false },
  },
  {
    name: 'PreModelRequest additionalContext does not reach the model',
    event: 'PreModelRequest',
    behaviour: { stdout: specific('PreModelRequest', { additionalContext: 'CTX-pmr' }) },
    context: 'CTX-pmr',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, contextSeen: false },
  },
  {
    name: 'PreModelRequest plain stdout is not context',
    event: 'PreModelRequest',
    behaviour: { stdout: 'CTX-pmr-plain' },
    context: 'CTX-pmr-plain',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, contextSeen: false },
  },
  {
    name: 'PostModelRequest silent hook fires after the model request',
    event: 'PostModelRequest',
    expect: { fired: true, toolRan: true, turnWentOn: true },
  },
  {
    name: 'PostModelRequest exit 2 does not stop the turn',
    event: 'PostModelRequest',
    behaviour: { exit: 2, stderr: 'RSN-pomr-exit2' },
    reason: 'RSN-pomr-exit2',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, turnWentOn: true, reasonSeen: false },
  },
  {
    name: 'PostModelRequest continue:false does not stop the turn',
    event: 'PostModelRequest',
    behaviour: { stdout: { continue: false, stopReason: 'RSN-pomr-stop' } },
    reason: 'RSN-pomr-stop',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, turnWentOn: true, reasonSeen: false },
  },
  {
    name: 'PostModelRequest additionalContext does not reach the model',
    event: 'PostModelRequest',
    behaviour: { stdout: specific('PostModelRequest', { additionalContext: 'CTX-pomr' }) },
    context: 'CTX-pomr',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, contextSeen: false },
  },
  {
    name: 'Interrupt silent hook fires when the turn is interrupted',
    event: 'Interrupt',
    ...INTERRUPTED,
    expect: { fired: true, toolRan: false, modelCalled: true, turnWentOn: false },
  },
  {
    name: 'Interrupt does not fire when nothing interrupts the turn',
    event: 'Interrupt',
    layers: ONE_LAYER,
    expect: { fired: false, toolRan: true, turnWentOn: true },
  },
  {
    name: 'Interrupt systemMessage: the turn stays interrupted',
    event: 'Interrupt',
    ...INTERRUPTED,
    behaviour: { stdout: { systemMessage: 'SYS-int' } },
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: false, turnWentOn: false },
  },
  {
    name: 'Interrupt exit 2 and continue:true change nothing',
    event: 'Interrupt',
    ...INTERRUPTED,
    behaviour: { stdout: { continue: true }, exit: 2, stderr: 'RSN-int' },
    reason: 'RSN-int',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: false, turnWentOn: false, reasonSeen: false },
  },
];

/**
 * Codex 0.171.0 reads a `post-hook` output with rollout budget units and MCP `structuredContent`
 * (its new "Invalid post-hook budget units" and "post-hook structuredContent must be an object or
 * null" messages). A command hook cannot send them: its PostToolUse output schema is the one 0.169.0
 * published, closed, so either key makes the output invalid and its block is dropped, as in 0.169.0.
 */
export const RELEASE_0171_CASES: readonly EventCase[] = [
  {
    name: 'PostToolUse extra_codex_rollout_budget_units makes the output invalid: its block is dropped',
    event: 'PostToolUse',
    matcher: 'Bash',
    behaviour: { stdout: { decision: 'block', reason: 'RSN-post-budget', extra_codex_rollout_budget_units: 1 } },
    reason: 'RSN-post-budget',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, reasonSeen: false },
  },
  {
    name: 'PostToolUse hookSpecificOutput.extra_codex_rollout_budget_units makes the output invalid',
    event: 'PostToolUse',
    matcher: 'Bash',
    behaviour: {
      stdout: { decision: 'block', reason: 'RSN-post-budget-hso', ...specific('PostToolUse', { extra_codex_rollout_budget_units: 1 }) },
    },
    reason: 'RSN-post-budget-hso',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, reasonSeen: false },
  },
  {
    name: 'PostToolUse updatedMCPToolOutput with structuredContent on a shell call is unsupported: its block is dropped',
    event: 'PostToolUse',
    matcher: 'Bash',
    behaviour: {
      stdout: {
        decision: 'block',
        reason: 'RSN-post-structured',
        ...specific('PostToolUse', { updatedMCPToolOutput: { content: [], structuredContent: { ok: true } } }),
      },
    },
    reason: 'RSN-post-structured',
    layers: ONE_LAYER,
    expect: { fired: true, toolRan: true, reasonSeen: false },
  },
];
