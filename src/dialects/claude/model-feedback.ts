import type { InterpretedRun } from '../../kit/index.js';
import type { Decision } from '../../kit/outcome.js';

/**
 * The texts Claude Code puts in front of the model for a dispatch's hooks, worded exactly as the
 * binary words them (Claude Code 2.1.328, observed by test/agents/claude): a guard author reads in
 * `dialectOutput.modelFeedback` what the model will read, not hookctl's paraphrase.
 *
 *   PreToolUse deny, exit 2    `PreToolUse:<Tool> hook error: [<command>]: <stderr or "No stderr output">`
 *   PreToolUse deny, JSON      `PreToolUse:<Tool> hook error: <reason>`
 *   onFailure "block" failure  `PreToolUse:<Tool> hook error: [<command>]: failed; blocking because onFailure is "block"`
 *                              then `\n<stderr>` when there is any (`timed out` for a timeout; Claude Code 2.1.332)
 *   PreToolUse ask (-p mode)   `<reason>` (the call is refused)
 *   PostToolUse(Failure) block `<Event>:<Tool> hook blocking error from command: "<command>": <reason>`
 *   Stop/SubagentStop block    `<Event> hook feedback:\n<reason>` and the blocking-error line above, naming
 *                              the hook by its statusMessage when it has one
 *   TaskCreated/TaskCompleted  `<Event> hook feedback:\n<reason>` as the task tool's result (Claude Code 2.1.332)
 *   additionalContext          `<Event>[:<Tool>] hook additional context: <text>`
 *   plain stdout as context    `<Event> hook success: <text>`
 *
 * An exit-2 reason is `[<command>]: <stderr>` with stderr as printed; a JSON block without a reason
 * is `Blocked by hook`.
 */

/** Events whose hook label carries the tool name (`PreToolUse:Bash`). */
const TOOL_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest']);
const CONTINUATION_EVENTS: ReadonlySet<string> = new Set(['Stop', 'SubagentStop']);
/** Events whose block is the result of the task tool that fired them. */
const TASK_EVENTS: ReadonlySet<string> = new Set(['TaskCreated', 'TaskCompleted']);

/** Claude's text for a JSON block that names no reason. */
export const BLOCKED_BY_HOOK = 'Blocked by hook';

/** What interpret records per run for the texts: an exit-2 block keeps its raw stderr, plain stdout its text. */
export interface FeedbackFacts {
  readonly exitTwoStderr?: string;
  /** `onFailure: "block"` made a failure a block: the whole `[<command>]: failed; …` text. */
  readonly failureBlock?: string;
  readonly plainContext?: boolean;
}

export function modelFeedback(
  event: string,
  payload: Readonly<Record<string, unknown>>,
  runs: readonly InterpretedRun[],
  decision: Decision | null,
): string[] {
  const tool = typeof payload.tool_name === 'string' ? payload.tool_name : null;
  const label = TOOL_EVENTS.has(event) && tool !== null ? `${event}:${tool}` : event;
  const texts: string[] = [];
  for (const run of runs) {
    const effect = run.interpretation.effect;
    const extra = effect.extra ?? {};
    const facts = (extra.feedback ?? {}) as FeedbackFacts;
    const command = run.handler.command;
    // The blocking-error line names the hook by its statusMessage when it has one (seen by
    // `hookctl test --agent claude` on examples/claude-guard's Stop hook, Claude Code 2.1.328).
    const shown = run.handler.statusMessage ?? command;
    const detail =
      facts.failureBlock !== undefined
        ? facts.failureBlock
        : facts.exitTwoStderr !== undefined
          ? `[${command}]: ${facts.exitTwoStderr === '' ? 'No stderr output' : facts.exitTwoStderr}`
          : (effect.reason ?? BLOCKED_BY_HOOK);
    if (event === 'PreToolUse') {
      if (decision === 'deny' && effect.decision === 'deny') texts.push(`${label} hook error: ${detail}`);
      if (decision === 'ask' && effect.decision === 'ask' && effect.reason !== undefined) texts.push(effect.reason);
    } else if (extra.blocked === true && (event === 'PostToolUse' || event === 'PostToolUseFailure')) {
      texts.push(`${label} hook blocking error from command: "${command}": ${detail}`);
    } else if (extra.blocked === true && CONTINUATION_EVENTS.has(event)) {
      texts.push(`${event} hook feedback:\n${detail}`, `${event} hook blocking error from command: "${shown}": ${detail}`);
    } else if (extra.blocked === true && TASK_EVENTS.has(event)) {
      texts.push(`${event} hook feedback:\n${detail}`);
    }
    if (effect.additionalContext !== undefined && effect.additionalContext !== '') {
      texts.push(`${label} hook ${facts.plainContext ? 'success' : 'additional context'}: ${effect.additionalContext}`);
    }
  }
  return texts;
}
