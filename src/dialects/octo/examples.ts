import type { HookExample } from '../../kit/index.js';

const REASON = 'Blocked by the project hook policy.';

/** octo (SPEC 3.3–3.4): PreToolUse verdicts, context folding; other events' stdout is discarded. */
export function octoExamples(event: string): HookExample[] {
  if (event === 'PreToolUse') {
    return [
      { id: 'block', title: 'block the tool call with a reason', exitCode: 0, stdout: { decision: 'block', reason: REASON } },
      { id: 'block-exit-2', title: 'block the tool call by exit code 2; stderr is the reason', exitCode: 2, stderr: REASON },
      {
        id: 'allow',
        title: 'approve the call, skipping the permission engine',
        exitCode: 0,
        stdout: { decision: 'approve', reason: 'Approved by the project hook.' },
      },
    ];
  }
  const folded: Record<string, string> = {
    SessionStart: 'add context for the model',
    UserPromptSubmit: 'add context for the model',
    PostToolUse: 'add text to the tool result the model sees',
  };
  const title = folded[event];
  return title ? [{ id: 'context', title, exitCode: 0, stdout: { additional_context: `Extra context from the ${event} hook.` } }] : [];
}
