import type { EventSpec } from '../../kit/index.js';

/**
 * The seven octo events (SPEC 3.3). Only PreToolUse and PostToolUse honour matchers (tool name);
 * async is allowed only on Stop, SubagentStop and PreCompact (SPEC 3.2).
 */
export const OCTO_EVENTS = [
  {
    name: 'SessionStart',
    summary: 'once when a logical session opens; stdout folds into context',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: false,
    inProcessAllowed: true,
  },
  {
    name: 'UserPromptSubmit',
    summary: 'before each user message; stdout folds into context',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: false,
    inProcessAllowed: true,
  },
  {
    name: 'PreToolUse',
    summary: 'before each tool dispatch; the only gate',
    matcherField: 'tool_name',
    closedTargets: null,
    asyncAllowed: false,
    inProcessAllowed: false,
    guard: 'exit-2',
  },
  {
    name: 'PostToolUse',
    summary: 'after each successful tool return; stdout folds into the tool result',
    matcherField: 'tool_name',
    closedTargets: null,
    asyncAllowed: false,
    inProcessAllowed: true,
  },
  {
    name: 'Stop',
    summary: 'end of an assistant reply, success or error; stdout discarded',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'SubagentStop',
    summary: 'a subagent ends; stdout discarded',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'PreCompact',
    summary: 'before history compaction; stdout discarded',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
] as const satisfies readonly EventSpec[];

export type OctoEventName = (typeof OCTO_EVENTS)[number]['name'];
