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
 * GitHub Copilot CLI's hook events (1.0.102, driven with `copilot -p`): its own camelCase events,
 * whose payloads carry camelCase fields (`toolName: "bash"`, `toolArgs`), and the Claude Code names
 * it also fires when a file registers them, with Claude's snake_case payloads (`tool_name: "Bash"`).
 * An action fires both names; the first deny stops the rest (docs/copilot.md).
 */
export const COPILOT_EVENTS = [
  event('sessionStart', 'once when the session starts'),
  event('userPromptSubmitted', 'the user prompt was submitted; exit 2 does not block'),
  event('userPromptTransformed', 'after the prompt was expanded, before the model sees it'),
  {
    ...event('preToolUse', 'before a tool runs; permissionDecision "deny" stops it, modifiedArgs replaces its arguments', 'toolName'),
    guard: 'exit-2',
  },
  event('permissionRequest', 'the agent asks for permission to run a tool', 'toolName'),
  event('postToolUse', 'after a tool ran; toolResult holds its result', 'toolName'),
  event('agentStop', 'the agent finished its turn; exit 2 does not block'),
  event('sessionEnd', 'once when the session ends'),
  event('errorOccurred', 'an error ended or interrupted the session'),
  event('SessionStart', "sessionStart under Claude Code's name, with a snake_case payload"),
  event('UserPromptSubmit', "userPromptSubmitted under Claude Code's name, with a snake_case payload"),
  { ...event('PreToolUse', 'preToolUse under Claude Code\'s name: tool_name is Claude\'s ("Bash")', 'tool_name'), guard: 'exit-2' },
  event('PermissionRequest', "permissionRequest under Claude Code's name", 'tool_name'),
  event('PostToolUse', "postToolUse under Claude Code's name", 'tool_name'),
  event('Stop', "agentStop under Claude Code's name"),
  event('SessionEnd', "sessionEnd under Claude Code's name"),
] as const satisfies readonly EventSpec[];

export type CopilotEventName = (typeof COPILOT_EVENTS)[number]['name'];
