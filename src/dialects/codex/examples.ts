import type { HookExample } from '../../kit/index.js';

const REASON = 'Blocked by the project hook policy.';

/**
 * What a codex hook can do per event, in Codex's exact wire form (SPEC-dialects 9.4, 9.5): only
 * forms Codex honours. PreToolUse has no `ask` and no bare `allow` (Codex fails those runs); an
 * allow always carries the rewritten input. `continue: false` is offered only where it stops
 * something (not on PreToolUse, PermissionRequest or SubagentStart, which refuse or ignore it).
 * SessionEnd, PreModelRequest and PostModelRequest hooks have no output: only their side effects
 * count. An Interrupt hook can only show a warning.
 */
export function codexExamples(event: string): HookExample[] {
  const hso = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
  const context: HookExample = {
    id: 'context',
    title: 'add context for the model',
    exitCode: 0,
    stdout: hso({ additionalContext: `Extra context from the ${event} hook.` }),
  };
  const exit2 = (title: string): HookExample => ({ id: 'block-exit-2', title, exitCode: 2, stderr: REASON });
  const decisionBlock = (title: string, reason: string): HookExample => ({
    id: 'block',
    title,
    exitCode: 0,
    stdout: { decision: 'block', reason },
  });
  const stop: HookExample = {
    id: 'stop',
    title: 'stop with continue: false',
    exitCode: 0,
    stdout: { continue: false, stopReason: `Stopped by the ${event} hook.` },
  };
  const warn: HookExample = {
    id: 'warn',
    title: 'show the user a warning',
    exitCode: 0,
    stdout: { systemMessage: `Warning from the ${event} hook.` },
  };
  const specific: Record<string, HookExample[]> = {
    SessionStart: [context, stop, warn],
    SubagentStart: [context, warn],
    UserPromptSubmit: [
      decisionBlock('block the prompt; the reason is shown to the user', REASON),
      exit2('block the prompt by exit code 2; stderr is the reason'),
      context,
      stop,
      warn,
    ],
    PreToolUse: [
      {
        id: 'block',
        title: 'deny the tool call; the reason goes to the model',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'deny', permissionDecisionReason: REASON }),
      },
      exit2('deny the tool call by exit code 2; stderr is the reason'),
      {
        id: 'rewrite-input',
        title: 'allow the call with a rewritten tool input',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'allow', updatedInput: { command: 'echo "rewritten by the hook"' } }),
      },
      context,
      warn,
    ],
    PermissionRequest: [
      { id: 'allow', title: 'approve the request', exitCode: 0, stdout: hso({ decision: { behavior: 'allow' } }) },
      {
        id: 'block',
        title: 'deny the request with a message',
        exitCode: 0,
        stdout: hso({ decision: { behavior: 'deny', message: REASON } }),
      },
      exit2('deny the request by exit code 2; stderr is the message'),
      warn,
    ],
    PostToolUse: [
      decisionBlock('send feedback to the model about the result', 'The tool result needs a second look.'),
      exit2('send feedback by exit code 2; stderr is the feedback'),
      context,
      {
        id: 'stop',
        title: 'replace the tool output the model sees with continue: false',
        exitCode: 0,
        stdout: { continue: false, stopReason: 'Stopped by the PostToolUse hook.' },
      },
      warn,
    ],
    PreCompact: [{ ...stop, title: 'cancel the compaction with continue: false' }, warn],
    PostCompact: [stop, warn],
    SubagentStop: [
      decisionBlock('keep the subagent going with this prompt', 'Continue: the task is not finished yet.'),
      exit2('keep the subagent going by exit code 2; stderr is the prompt'),
      stop,
      warn,
    ],
    Stop: [
      decisionBlock('continue the turn with this prompt', 'Continue: run the tests before finishing.'),
      exit2('continue the turn by exit code 2; stderr is the prompt'),
      stop,
      warn,
    ],
    SessionEnd: [],
    PreModelRequest: [],
    PostModelRequest: [],
    Interrupt: [warn],
  };
  return specific[event] ?? [];
}
