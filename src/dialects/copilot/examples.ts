import type { HookExample } from '../../kit/index.js';

const REASON = 'Blocked by the project hook policy.';

/** Copilot CLI 1.0.102 (test/agents/copilot): preToolUse verdicts and argument rewrites. */
export function copilotExamples(event: string): HookExample[] {
  if (event === 'preToolUse') {
    return [
      {
        id: 'deny',
        title: 'deny the tool call with a reason',
        exitCode: 0,
        stdout: { permissionDecision: 'deny', permissionDecisionReason: REASON },
      },
      {
        id: 'deny-exit-2',
        title: 'deny by exit code 2 (the model sees "hook exited with code 2", not stderr)',
        exitCode: 2,
        stderr: REASON,
      },
      { id: 'allow', title: 'let the call run', exitCode: 0, stdout: { permissionDecision: 'allow' } },
    ];
  }
  if (event === 'PreToolUse') {
    return [
      {
        id: 'deny',
        title: 'deny the tool call, as Claude Code hooks answer',
        exitCode: 0,
        stdout: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } },
      },
    ];
  }
  return [];
}
