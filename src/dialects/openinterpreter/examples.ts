import type { HookExample } from '../../kit/index.js';

const REASON = 'Blocked by the project hook policy.';

/** openinterpreter (SPEC 2.4–2.5): `hookSpecificOutput` forms, exit-2 forms, and the common fields. */
export function openInterpreterExamples(event: string): HookExample[] {
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
  const common: HookExample[] = [
    {
      id: 'stop',
      title: 'stop the agent flow with continue: false',
      exitCode: 0,
      stdout: { continue: false, stopReason: `Stopped by the ${event} hook.` },
    },
    { id: 'warn', title: 'show the user a warning', exitCode: 0, stdout: { systemMessage: `Warning from the ${event} hook.` } },
  ];
  const specific: Record<string, HookExample[]> = {
    SessionStart: [context],
    SubagentStart: [context],
    UserPromptSubmit: [
      decisionBlock('block the prompt; the reason is shown to the user', REASON),
      exit2('block the prompt by exit code 2; stderr is the reason'),
      context,
    ],
    PreToolUse: [
      {
        id: 'block',
        title: 'deny the tool call; the reason goes to the model',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'deny', permissionDecisionReason: REASON }),
      },
      exit2('deny the tool call by exit code 2; stderr is the reason'),
      { id: 'allow', title: 'allow the tool call without asking', exitCode: 0, stdout: hso({ permissionDecision: 'allow' }) },
      {
        id: 'ask',
        title: 'hand the decision back to the approval prompt',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'ask', permissionDecisionReason: 'Please confirm this call.' }),
      },
      {
        id: 'rewrite-input',
        title: 'allow the call with a rewritten tool input',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'allow', updatedInput: { command: 'echo "rewritten by the hook"' } }),
      },
      context,
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
    ],
    PostToolUse: [
      decisionBlock('send feedback to the model about the result', 'The tool result needs a second look.'),
      exit2('send feedback by exit code 2; stderr is the feedback'),
      context,
    ],
    SubagentStop: [
      decisionBlock('keep the subagent going with this prompt', 'Continue: the task is not finished yet.'),
      exit2('keep the subagent going by exit code 2; stderr is the prompt'),
    ],
    Stop: [
      decisionBlock('continue the turn with this prompt', 'Continue: run the tests before finishing.'),
      exit2('continue the turn by exit code 2; stderr is the prompt'),
    ],
  };
  return [...(specific[event] ?? []), ...common];
}
