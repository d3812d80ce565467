import type { EventSpec } from '../../kit/index.js';

const event = (name: string, summary: string, matcherField: string | null = null): EventSpec => ({
  name,
  summary,
  matcherField,
  closedTargets: null,
  asyncAllowed: false,
  inProcessAllowed: false,
});

/**
 * GitHub Copilot CLI's hook events (1.0.102, each fired through the binary in test/agents/copilot):
 * its own camelCase events, whose payloads carry camelCase fields (`toolName: "bash"`, `toolArgs`),
 * and the Claude Code names it also fires when a file registers them, mostly with Claude's
 * snake_case payloads (`tool_name: "Bash"`); PermissionRequest and Notification get the camelCase
 * payload, SubagentStart a mixed one. An action fires both names; the first deny stops the rest.
 * `UserPromptTransformed` and `AgentStop` are never fired; `preMcpToolCall` (MCP only) is not modelled.
 */
export const COPILOT_EVENTS = [
  event('sessionStart', 'once when the session starts; additionalContext becomes the first user message'),
  event('userPromptSubmitted', 'the prompt was submitted; decision "block" keeps it from the model (exit 1), exit 2 does not block'),
  event('userPromptTransformed', 'after the prompt was expanded; modifiedTransformedPrompt replaces what the model sees'),
  {
    ...event('preToolUse', 'before a tool runs; permissionDecision "deny" stops it, modifiedArgs replaces its arguments', 'toolName'),
    guard: 'exit-2',
  },
  event('permissionRequest', 'before the permission rules decide a tool call; behavior "deny" denies it', 'toolName'),
  event('postToolUse', 'after a tool succeeded; modifiedResult replaces its result, decision "block" withholds it', 'toolName'),
  event('postToolUseFailure', 'after a tool failed; additionalContext follows the error', 'toolName'),
  event('agentStop', 'the agent finished its turn; decision "block" gives it another, exit 2 does not block'),
  event('subagentStart', 'a subagent was spawned (the task tool); cannot block'),
  event('subagentStop', 'a subagent finished; decision "block" gives it another turn, modifiedResponse replaces its answer'),
  event('preCompact', 'before the context is compacted; cannot block'),
  event('notification', 'a system notification (a permission prompt…); additionalContext becomes a new prompt'),
  event('errorOccurred', 'a model call failed'),
  event('sessionEnd', 'once when the session ends'),
  event('SessionStart', "sessionStart under Claude Code's name, with a snake_case payload"),
  event('UserPromptSubmit', "userPromptSubmitted under Claude Code's name, with a snake_case payload"),
  { ...event('PreToolUse', 'preToolUse under Claude Code\'s name: tool_name is Claude\'s ("Bash")', 'tool_name'), guard: 'exit-2' },
  event('PermissionRequest', "permissionRequest under Claude Code's name, with the camelCase payload", 'toolName'),
  event('PostToolUse', "postToolUse under Claude Code's name", 'tool_name'),
  event('PostToolUseFailure', "postToolUseFailure under Claude Code's name", 'tool_name'),
  event('Stop', "agentStop under Claude Code's name"),
  event('SubagentStart', "subagentStart under Claude Code's name, with a mixed payload"),
  event('SubagentStop', "subagentStop under Claude Code's name"),
  event('PreCompact', "preCompact under Claude Code's name"),
  event('Notification', "notification under Claude Code's name, with the same payload"),
  event('ErrorOccurred', "errorOccurred under Claude Code's name"),
  event('SessionEnd', "sessionEnd under Claude Code's name"),
] as const satisfies readonly EventSpec[];

export type CopilotEventName = (typeof COPILOT_EVENTS)[number]['name'];
