import { matchCandidates } from '../engine/select.js';
import type { EventSpec, HandlerRecord } from '../kit/index.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** Why a handler of the event was not selected for one call. */
export interface NotSelected {
  id: string;
  /** `not-matched`: its matcher rejects the target; `if-filter`: the matcher passed but its `if` rule did not. */
  reason: 'not-matched' | 'if-filter';
  matcher: string | null;
  /** The `if` rule, for `if-filter`. */
  rule: string | null;
  /** What the rule was tested against (`tool_name "Bash", command word "rm"`), for `if-filter`. */
  saw: string | null;
}

type Explained = Pick<HandlerRecord, 'id' | 'event' | 'matcher' | 'condition'>;

/**
 * Each handler of `event` that selection passed over, with the true reason. The engine applies the
 * matcher to the target and its aliases, then the `if` rule (engine/dispatch.ts); a handler whose
 * matcher accepts a candidate was therefore dropped by its `if` rule, and that is what is reported,
 * not the matcher it passed.
 */
export function notSelected(
  handlers: readonly Explained[],
  selected: ReadonlySet<string>,
  event: string,
  target: string | null,
  aliases: Readonly<Record<string, readonly string[]>>,
  payload: unknown,
): NotSelected[] {
  return handlers
    .filter((handler) => handler.event === event && !selected.has(handler.id))
    .map((handler) => {
      const filtered = matcherPasses(handler, target, aliases) && handler.condition !== undefined;
      return {
        id: handler.id,
        reason: filtered ? 'if-filter' : 'not-matched',
        matcher: handler.matcher.source,
        rule: filtered ? handler.condition!.source : null,
        saw: filtered ? whatTheRuleSaw(payload) : null,
      };
    });
}

/** Whether the handler's matcher accepts the target or one of its aliases (always, for an event without matchers). */
export function matcherPasses(
  handler: Pick<HandlerRecord, 'matcher'>,
  target: string | null,
  aliases: Readonly<Record<string, readonly string[]>>,
): boolean {
  return target === null || matchCandidates(target, aliases, []).some((candidate) => handler.matcher.test(candidate));
}

/** The matcher target of a payload, as the engine computes it (engine/dispatch.ts `matcherTarget`). */
export function targetOf(spec: Pick<EventSpec, 'matcherField' | 'matcherTransform'>, payload: unknown): string | null {
  if (spec.matcherField === null) return null;
  const value = isPlainObject(payload) ? payload[spec.matcherField] : undefined;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  return spec.matcherTransform === 'basename' ? text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\')) + 1) : text;
}

/** One line naming what an `if` rule is tested on: the tool, and the command word or the file path. */
export function whatTheRuleSaw(payload: unknown): string {
  if (!isPlainObject(payload)) return 'no payload fields';
  const parts = [`tool_name ${JSON.stringify(payload.tool_name ?? null)}`];
  const input = isPlainObject(payload.tool_input) ? payload.tool_input : {};
  if (typeof input.command === 'string') {
    const word = input.command.trim().split(/\s+/)[0] ?? '';
    parts.push(`command word ${JSON.stringify(word)}`);
  } else if (typeof input.file_path === 'string') parts.push(`file_path ${JSON.stringify(input.file_path)}`);
  else if (typeof input.url === 'string') parts.push(`url ${JSON.stringify(input.url)}`);
  return parts.join(', ');
}

/** The short text a report shows for one passed-over handler. */
export function describeNotSelected(entry: NotSelected): string {
  if (entry.reason === 'if-filter') return `if-filter: rule ${JSON.stringify(entry.rule)} did not match (saw ${entry.saw})`;
  return `not matched: matcher ${JSON.stringify(entry.matcher)}`;
}
