// The package export `hookctl/codex`: the generated event contracts of the codex dialect (types from
// schema/codex/) and runtime validators typed by event.
import type { ValidationResult } from '../../kit/index.js';
import type { EventName, InputOf, OutputEventName, OutputOf } from '../../../generated/codex/types.js';
import { contracts } from './contracts.js';

export type * from '../../../generated/codex/types.js';
export { EVENT_NAMES, OUTPUT_EVENT_NAMES } from '../../../generated/codex/types.js';
export type { ValidationError, ValidationResult } from '../../kit/index.js';

/** Checks a payload against the event's input schema; `errors` carry JSON-pointer paths. */
export function validateInput<E extends EventName>(event: E, value: unknown): ValidationResult<InputOf<E>> {
  return contracts.validateInput(event, value) as ValidationResult<InputOf<E>>;
}

/**
 * Checks a hook's stdout JSON against the event's output schema, strict as Codex publishes it.
 * SessionEnd has no output contract (Codex ignores its stdout). At run time the engine reads
 * outputs as Codex's parser does: `null` for an optional field means absent, and any of the ten
 * output event names passes as `hookSpecificOutput.hookEventName`.
 */
export function validateOutput<E extends OutputEventName>(event: E, value: unknown): ValidationResult<OutputOf<E>> {
  return contracts.validateOutput(event, value) as ValidationResult<OutputOf<E>>;
}
