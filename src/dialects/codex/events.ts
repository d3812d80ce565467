import type { EventSpec } from '../../kit/index.js';

// `fork`: Codex's session-start input schema lists it (0.169.0, 0.171.0; test/dialects/codex-agent-facts.test.ts).
const SESSION_SOURCES = ['startup', 'resume', 'clear', 'compact', 'fork'] as const;
const COMPACT_TRIGGERS = ['manual', 'auto'] as const;

/**
 * The fourteen Codex events (SPEC-dialects 9.4; Codex: codex-rs/hooks/src/lib.rs HOOK_EVENT_NAMES), in
 * life-cycle order: openinterpreter's ten, then SessionEnd, PreModelRequest, PostModelRequest and
 * Interrupt. SessionEnd's matcher target is the payload's `reason`, which Codex always sends as
 * `other` (events/session_end.rs); its hooks always run synchronously (discovery.rs forces an async
 * one to sync with a warning). PreModelRequest, PostModelRequest and Interrupt take no matcher: Codex
 * 0.169.0 and 0.171.0 list theirs as `null` and run the hook for every request or interrupt
 * (test/agents/codex/hooks-list.test.ts, cases-model.ts).
 */
export const CODEX_EVENTS = [
  {
    name: 'SessionStart',
    summary: 'session startup, resume, clear, compact or fork',
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
    summary: 'before a shell, patch, MCP or other tool runs',
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
    summary: 'after a tool ran',
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
    summary: 'a thread-spawned subagent starts',
    matcherField: 'agent_type',
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'SubagentStop',
    summary: 'a subagent is about to stop',
    matcherField: 'agent_type',
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  { name: 'Stop', summary: 'a turn is about to end', matcherField: null, closedTargets: null, asyncAllowed: true, inProcessAllowed: true },
  {
    name: 'SessionEnd',
    summary: 'a root session ends (exit, archive, delete, shutdown)',
    matcherField: 'reason',
    closedTargets: ['other'],
    asyncAllowed: false,
    inProcessAllowed: true,
  },
  {
    name: 'PreModelRequest',
    summary: 'before each request to the model (observe only)',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'PostModelRequest',
    summary: 'after each request to the model, failed ones included (observe only)',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
  {
    name: 'Interrupt',
    summary: 'the user interrupted the running turn',
    matcherField: null,
    closedTargets: null,
    asyncAllowed: true,
    inProcessAllowed: true,
  },
] as const satisfies readonly EventSpec[];

export type CodexEventName = (typeof CODEX_EVENTS)[number]['name'];

/**
 * Events whose handlers can emit additional context, and so take `additionalContextLimit`
 * (Codex: codex-rs/hooks/src/engine/discovery.rs append_matcher_groups).
 */
export const CONTEXT_LIMIT_EVENTS: ReadonlySet<string> = new Set([
  'PreToolUse',
  'PostToolUse',
  'SessionStart',
  'UserPromptSubmit',
  'SubagentStart',
]);

/**
 * Other names a tool answers to in matchers (SPEC 2.4): the patch and sub-agent tools also match the
 * names Claude-style configs use. Codex: codex-rs/core/src/tools/hook_names.rs (HookToolName::apply_patch,
 * ::spawn_agent). Shared by the Codex-derived dialects.
 */
export const CODEX_TOOL_ALIASES: Readonly<Record<string, readonly string[]>> = { apply_patch: ['Write', 'Edit'], spawn_agent: ['Agent'] };
