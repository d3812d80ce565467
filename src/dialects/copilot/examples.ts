import type { HookExample } from '../../kit/index.js';

const REASON = 'Blocked by the project hook policy.';
const CONTEXT = 'Project note: run the tests before committing.';

const context = (title: string): HookExample => ({ id: 'context', title, exitCode: 0, stdout: { additionalContext: CONTEXT } });
const blockDecision = (title: string): HookExample => ({ id: 'block', title, exitCode: 0, stdout: { decision: 'block', reason: REASON } });

const GATE: HookExample[] = [
  {
    id: 'block',
    title: 'deny the tool call with a reason (the model sees "Denied by preToolUse hook: <reason>")',
    exitCode: 0,
    stdout: { permissionDecision: 'deny', permissionDecisionReason: REASON },
  },
  {
    id: 'block-exit-2',
    title: 'deny by exit code 2 (the model sees "hook exited with code 2", never stderr)',
    exitCode: 2,
    stderr: REASON,
  },
  { id: 'allow', title: 'let the call run', exitCode: 0, stdout: { permissionDecision: 'allow' } },
  context('add a user message after the tool result'),
];

const PERMISSION: HookExample[] = [
  {
    id: 'block',
    title: 'deny the permission (the model sees "Permission denied by a PermissionRequest hook: <message>")',
    exitCode: 0,
    stdout: { behavior: 'deny', message: REASON },
  },
  { id: 'block-exit-2', title: 'deny by exit code 2 ("Permission denied by hook.")', exitCode: 2, stderr: REASON },
  { id: 'allow', title: 'grant it', exitCode: 0, stdout: { behavior: 'allow' } },
];

const POST: HookExample[] = [
  blockDecision('withhold the result: the model sees "Tool result blocked: <reason>" (the tool has run)'),
  context('append guidance to the tool result'),
  {
    id: 'rewrite-result',
    title: 'replace the result the model sees',
    exitCode: 0,
    stdout: { modifiedResult: { resultType: 'success', textResultForLlm: 'The output was withheld by a project hook.' } },
  },
];

const PROMPT: HookExample[] = [
  blockDecision('keep the prompt from the model (copilot -p exits 1 and shows the reason)'),
  context('append context to the prompt (a <system_reminder>)'),
];

const STOP: HookExample[] = [blockDecision('give the agent another turn, with the reason as its prompt (block only once)')];

/**
 * Copilot CLI 1.0.102's answers per event (test/agents/copilot), in both casings: exit 2 blocks
 * only on preToolUse and permissionRequest; elsewhere `decision: "block"` is what blocks.
 */
const EXAMPLES: Readonly<Record<string, HookExample[]>> = {
  preToolUse: GATE,
  PreToolUse: GATE,
  permissionRequest: PERMISSION,
  PermissionRequest: PERMISSION,
  postToolUse: POST,
  PostToolUse: POST,
  postToolUseFailure: [context('add a user message after the failed result')],
  PostToolUseFailure: [context('add a user message after the failed result')],
  userPromptSubmitted: PROMPT,
  UserPromptSubmit: PROMPT,
  userPromptTransformed: [
    {
      id: 'rewrite-prompt',
      title: 'replace the whole prompt the model sees',
      exitCode: 0,
      stdout: { modifiedTransformedPrompt: 'Answer in one sentence.' },
    },
  ],
  agentStop: STOP,
  Stop: STOP,
  subagentStop: [
    ...STOP,
    { id: 'rewrite-response', title: "replace the subagent's answer", exitCode: 0, stdout: { modifiedResponse: 'The subagent finished.' } },
  ],
  sessionStart: [context('give the model context as the first user message')],
  SessionStart: [context('give the model context as the first user message')],
  notification: [context('queue a new prompt after the current turn')],
  Notification: [context('queue a new prompt after the current turn')],
};

export function copilotExamples(event: string): HookExample[] {
  return EXAMPLES[event] ?? [];
}
