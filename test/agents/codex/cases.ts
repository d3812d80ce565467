import { LIFECYCLE_CASES } from './cases-lifecycle.js';
import { MODEL_CASES, RELEASE_0171_CASES } from './cases-model.js';
import type { EventCase } from './oracle.js';

const pre = (decision: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...decision } });
const specific = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
const PATCH = '*** Begin Patch\n*** Add File: ran-1\n+patched\n*** End Patch\n';

/**
 * The behaviour of each event as Codex runs it, one hook per case. Every case runs in every layer
 * (LAYERS) and, for hookctl, in both the codex dialect's runtime and the verdict it prints.
 */
export const EVENT_CASES: readonly EventCase[] = [
  // PreToolUse
  { name: 'PreToolUse silent hook lets the command run', event: 'PreToolUse', matcher: 'Bash', expect: { fired: true, toolRan: true } },
  {
    name: 'PreToolUse permissionDecision deny blocks the command',
    event: 'PreToolUse',
    matcher: 'Bash',
    behaviour: { stdout: pre({ permissionDecision: 'deny', permissionDecisionReason: 'RSN-pre-deny' }) },
    reason: 'RSN-pre-deny',
    expect: { fired: true, toolRan: false, reasonSeen: true },
  },
  {
    name: 'PreToolUse exit 2 with stderr blocks the command',
    event: 'PreToolUse',
    matcher: 'Bash',
    behaviour: { exit: 2, stderr: 'RSN-pre-exit2' },
    reason: 'RSN-pre-exit2',
    expect: { fired: true, toolRan: false, reasonSeen: true },
  },
  {
    name: 'PreToolUse legacy decision block blocks the command',
    event: 'PreToolUse',
    matcher: 'Bash',
    behaviour: { stdout: { decision: 'block', reason: 'RSN-pre-legacy' } },
    reason: 'RSN-pre-legacy',
    expect: { fired: true, toolRan: false, reasonSeen: true },
  },
  {
    name: 'PreToolUse exit 1 fails open',
    event: 'PreToolUse',
    matcher: 'Bash',
    behaviour: { exit: 1, stderr: 'RSN-pre-exit1' },
    reason: 'RSN-pre-exit1',
    expect: { fired: true, toolRan: true, reasonSeen: false },
  },
  {
    name: 'PreToolUse invalid JSON fails open',
    event: 'PreToolUse',
    matcher: 'Bash',
    behaviour: { stdout: '{"hookSpecificOutput": ' },
    expect: { fired: true, toolRan: true },
  },
  {
    name: 'PreToolUse additionalContext reaches the model',
    event: 'PreToolUse',
    matcher: 'Bash',
    behaviour: { stdout: pre({ additionalContext: 'CTX-pre' }) },
    context: 'CTX-pre',
    expect: { fired: true, toolRan: true, contextSeen: true },
  },
  {
    name: 'PreToolUse deny on apply_patch (matcher Edit) blocks the patch',
    event: 'PreToolUse',
    matcher: 'Edit',
    script: [{ applyPatch: PATCH }],
    behaviour: { stdout: pre({ permissionDecision: 'deny', permissionDecisionReason: 'RSN-pre-patch' }) },
    reason: 'RSN-pre-patch',
    expect: { fired: true, toolRan: false, reasonSeen: true },
  },
  {
    name: 'PreToolUse matcher Bash does not fire for apply_patch',
    event: 'PreToolUse',
    matcher: 'Bash',
    script: [{ applyPatch: PATCH }],
    behaviour: { stdout: pre({ permissionDecision: 'deny', permissionDecisionReason: 'RSN-pre-nomatch' }) },
    expect: { fired: false, toolRan: true },
  },
  // apply_patch sent inside an exec_command heredoc: Codex intercepts it and applies the patch, but its
  // hooks see a Bash command (tool_input.command is the heredoc), and no PostToolUse fires.
  {
    name: 'apply_patch in an exec_command heredoc fires PreToolUse as Bash',
    event: 'PreToolUse',
    matcher: 'Bash',
    script: [{ exec: `apply_patch <<'EOF'\n${PATCH}EOF\n` }],
    behaviour: { stdout: pre({ permissionDecision: 'deny', permissionDecisionReason: 'RSN-pre-heredoc' }) },
    reason: 'RSN-pre-heredoc',
    expect: { fired: true, toolRan: false, reasonSeen: true },
  },
  {
    name: 'apply_patch in an exec_command heredoc does not fire PreToolUse under matcher Edit|Write|apply_patch',
    event: 'PreToolUse',
    matcher: 'Edit|Write|apply_patch',
    script: [{ exec: `apply_patch <<'EOF'\n${PATCH}EOF\n` }],
    behaviour: { stdout: pre({ permissionDecision: 'deny', permissionDecisionReason: 'RSN-pre-heredoc-edit' }) },
    expect: { fired: false, toolRan: true },
  },
  // Timeouts and async (issue 21 §1): the handler options as Codex runs them.
  {
    name: 'PreToolUse hook past its timeout fails open',
    event: 'PreToolUse',
    matcher: 'Bash',
    handler: { timeout: 1 },
    behaviour: { sleep: 3, stdout: pre({ permissionDecision: 'deny', permissionDecisionReason: 'RSN-pre-timeout' }) },
    reason: 'RSN-pre-timeout',
    expect: { fired: true, toolRan: true, reasonSeen: false },
  },
  {
    name: 'PreToolUse async:true runs in the background: its deny is ignored',
    event: 'PreToolUse',
    matcher: 'Bash',
    handler: { async: true },
    behaviour: { stdout: pre({ permissionDecision: 'deny', permissionDecisionReason: 'RSN-pre-async' }) },
    reason: 'RSN-pre-async',
    expect: { fired: true, toolRan: true, reasonSeen: false },
  },
  // PermissionRequest: an escalated command under on-request approvals, without the bypass flag.
  {
    name: 'PermissionRequest allow runs the escalated command',
    event: 'PermissionRequest',
    matcher: 'Bash',
    bypass: false,
    args: ['--approve-for-me'],
    script: [{ exec: 'touch ran-1', escalated: true }],
    behaviour: { stdout: specific('PermissionRequest', { decision: { behavior: 'allow' } }) },
    expect: { fired: true, toolRan: true },
  },
  {
    name: 'PermissionRequest deny refuses the escalated command',
    event: 'PermissionRequest',
    matcher: 'Bash',
    bypass: false,
    args: ['--approve-for-me'],
    script: [{ exec: 'touch ran-1', escalated: true }],
    behaviour: { stdout: specific('PermissionRequest', { decision: { behavior: 'deny', message: 'RSN-perm-deny' } }) },
    reason: 'RSN-perm-deny',
    expect: { fired: true, toolRan: false, reasonSeen: true },
  },
  // PostToolUse
  { name: 'PostToolUse silent hook', event: 'PostToolUse', matcher: 'Bash', expect: { fired: true, toolRan: true } },
  {
    name: 'PostToolUse decision block sends the reason to the model',
    event: 'PostToolUse',
    matcher: 'Bash',
    behaviour: { stdout: { decision: 'block', reason: 'RSN-post-block' } },
    reason: 'RSN-post-block',
    expect: { fired: true, toolRan: true, reasonSeen: true },
  },
  {
    name: 'PostToolUse exit 2 sends stderr to the model',
    event: 'PostToolUse',
    matcher: 'Bash',
    behaviour: { exit: 2, stderr: 'RSN-post-exit2' },
    reason: 'RSN-post-exit2',
    expect: { fired: true, toolRan: true, reasonSeen: true },
  },
  {
    name: 'PostToolUse additionalContext reaches the model',
    event: 'PostToolUse',
    matcher: 'Bash',
    behaviour: { stdout: specific('PostToolUse', { additionalContext: 'CTX-post' }) },
    context: 'CTX-post',
    expect: { fired: true, contextSeen: true },
  },
  {
    name: 'PostToolUse continue:false replaces the output with the stop reason and the turn goes on',
    event: 'PostToolUse',
    matcher: 'Bash',
    behaviour: { stdout: { continue: false, stopReason: 'RSN-post-stop' } },
    reason: 'RSN-post-stop',
    expect: { fired: true, toolRan: true, reasonSeen: true, modelCalled: true },
  },
  {
    name: 'PostToolUse fires for apply_patch under matcher Write',
    event: 'PostToolUse',
    matcher: 'Write',
    script: [{ applyPatch: PATCH }],
    behaviour: { stdout: specific('PostToolUse', { additionalContext: 'CTX-post-patch' }) },
    context: 'CTX-post-patch',
    expect: { fired: true, toolRan: true, contextSeen: true },
  },
  {
    name: 'apply_patch in an exec_command heredoc fires no PostToolUse',
    event: 'PostToolUse',
    script: [{ exec: `apply_patch <<'EOF'\n${PATCH}EOF\n` }],
    behaviour: { stdout: specific('PostToolUse', { additionalContext: 'CTX-post-heredoc' }) },
    context: 'CTX-post-heredoc',
    expect: { fired: false, toolRan: true, contextSeen: false },
  },
  // UserPromptSubmit
  { name: 'UserPromptSubmit silent hook', event: 'UserPromptSubmit', expect: { fired: true, modelCalled: true } },
  {
    name: 'UserPromptSubmit additionalContext reaches the model',
    event: 'UserPromptSubmit',
    behaviour: { stdout: specific('UserPromptSubmit', { additionalContext: 'CTX-ups' }) },
    context: 'CTX-ups',
    expect: { fired: true, modelCalled: true, contextSeen: true },
  },
  {
    name: 'UserPromptSubmit plain stdout is context',
    event: 'UserPromptSubmit',
    behaviour: { stdout: 'CTX-ups-plain' },
    context: 'CTX-ups-plain',
    expect: { fired: true, modelCalled: true, contextSeen: true },
  },
  {
    name: 'UserPromptSubmit decision block keeps the prompt from the model',
    event: 'UserPromptSubmit',
    behaviour: { stdout: { decision: 'block', reason: 'RSN-ups-block' } },
    expect: { fired: true, modelCalled: false, toolRan: false },
  },
  {
    name: 'UserPromptSubmit exit 2 keeps the prompt from the model',
    event: 'UserPromptSubmit',
    behaviour: { exit: 2, stderr: 'RSN-ups-exit2' },
    expect: { fired: true, modelCalled: false, toolRan: false },
  },
  {
    name: 'UserPromptSubmit continue:false stops before the model',
    event: 'UserPromptSubmit',
    behaviour: { stdout: { continue: false, stopReason: 'RSN-ups-stop' } },
    expect: { fired: true, modelCalled: false, toolRan: false },
  },
  // SessionStart
  { name: 'SessionStart silent hook', event: 'SessionStart', expect: { fired: true, modelCalled: true } },
  {
    name: 'SessionStart additionalContext reaches the model',
    event: 'SessionStart',
    behaviour: { stdout: specific('SessionStart', { additionalContext: 'CTX-ss' }) },
    context: 'CTX-ss',
    expect: { fired: true, contextSeen: true },
  },
  {
    name: 'SessionStart plain stdout is context',
    event: 'SessionStart',
    behaviour: { stdout: 'CTX-ss-plain' },
    context: 'CTX-ss-plain',
    expect: { fired: true, contextSeen: true },
  },
  {
    name: 'SessionStart matcher startup fires on a new session',
    event: 'SessionStart',
    matcher: 'startup',
    expect: { fired: true },
  },
  {
    name: 'SessionStart matcher resume does not fire on a new session',
    event: 'SessionStart',
    matcher: 'resume',
    expect: { fired: false },
  },
  // Stop
  { name: 'Stop silent hook', event: 'Stop', expect: { fired: true } },
  {
    name: 'Stop decision block continues the turn with the reason',
    event: 'Stop',
    behaviour: { stdout: { decision: 'block', reason: 'RSN-stop-block' }, once: true },
    reason: 'RSN-stop-block',
    expect: { fired: true, reasonSeen: true },
  },
  {
    name: 'Stop exit 2 continues the turn with stderr',
    event: 'Stop',
    behaviour: { exit: 2, stderr: 'RSN-stop-exit2', once: true },
    reason: 'RSN-stop-exit2',
    expect: { fired: true, reasonSeen: true },
  },
  {
    name: 'Stop continue:false ends the turn',
    event: 'Stop',
    behaviour: { stdout: { continue: false, stopReason: 'RSN-stop-stop' } },
    reason: 'RSN-stop-stop',
    expect: { fired: true, reasonSeen: false },
  },
  // SessionEnd
  { name: 'SessionEnd runs at exit', event: 'SessionEnd', expect: { fired: true } },
  { name: 'SessionEnd async:true runs at exit', event: 'SessionEnd', handler: { async: true }, expect: { fired: true } },
  {
    // Codex starts it in the background and exits when the turn ends: whether it gets to run before the
    // process is gone is a race (CI saw both), so only what matters is asserted: its block never reaches the model.
    name: 'Stop async:true runs in the background: its block is ignored',
    event: 'Stop',
    handler: { async: true },
    behaviour: { stdout: { decision: 'block', reason: 'RSN-stop-async' }, once: true },
    reason: 'RSN-stop-async',
    expect: { reasonSeen: false },
    // Seen both ways: the hook recorded its start in most runs, not in one under load.
    racy: ['fired'],
  },
  ...LIFECYCLE_CASES,
  ...MODEL_CASES,
  ...RELEASE_0171_CASES,
];
