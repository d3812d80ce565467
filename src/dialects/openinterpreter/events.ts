import type { EventSpec } from '../../kit/index.js';

const SESSION_SOURCES = ['startup', 'resume', 'clear', 'compact'] as const;
const COMPACT_TRIGGERS = ['manual', 'auto'] as const;

/** The ten openinterpreter events (SPEC 2.4), in documentation order. */
export const OPENINTERPRETER_EVENTS = [
  {
    name: 'SessionStart',
    summary: 'session startup, resume, clear or compact',
    matcherField: 'source',
    closedTargets: SESSION_SOURCES,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'UserPromptSubmit',
    summary: 'a prompt is about to go to the model',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
    guard: 'exit-2',
  },
  {
    name: 'PreToolUse',
    summary: 'before a shell, patch or MCP tool runs',
    matcherField: 'tool_name',
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: false,
    guard: 'exit-2',
  },
  {
    name: 'PermissionRequest',
    summary: 'before an approval prompt is shown',
    matcherField: 'tool_name',
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
    guard: 'exit-2',
  },
  {
    name: 'PostToolUse',
    summary: 'after a tool succeeded',
    matcherField: 'tool_name',
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'PreCompact',
    summary: 'before history compaction',
    matcherField: 'trigger',
    closedTargets: COMPACT_TRIGGERS,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'PostCompact',
    summary: 'after history compaction',
    matcherField: 'trigger',
    closedTargets: COMPACT_TRIGGERS,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'SubagentStart',
    summary: 'a subagent starts',
    matcherField: 'agent_type',
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'SubagentStop',
    summary: 'a subagent stops',
    matcherField: 'agent_type',
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  { name: 'Stop', summary: 'a turn is about to end', matcherField: null, closedTargets: null, asyncAllowed: true, inProcessAllowed: true },
] as const satisfies readonly EventSpec[];

export type OpenInterpreterEventName = (typeof OPENINTERPRETER_EVENTS)[number]['name'];
