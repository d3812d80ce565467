// The package export `hookctl/gemini`: the generated event contracts of the gemini dialect (types
// from schema/gemini/) and runtime validators typed by event.
import type { ValidationResult } from '../../kit/index.js';
import type { EventName, InputOf, OutputEventName, OutputOf } from '../../../generated/gemini/types.js';
import { contracts } from './contracts.js';

export type * from '../../../generated/gemini/types.js';
export { EVENT_NAMES, OUTPUT_EVENT_NAMES } from '../../../generated/gemini/types.js';
export type { ValidationError, ValidationResult } from '../../kit/index.js';

/** Checks a payload against the event's input schema; `errors` carry JSON-pointer paths. */
export function validateInput<E extends EventName>(event: E, value: unknown): ValidationResult<InputOf<E>> {
  return contracts.validateInput(event, value) as ValidationResult<InputOf<E>>;
}

/** Checks a hook's stdout JSON against the event's output schema. */
export function validateOutput<E extends OutputEventName>(event: E, value: unknown): ValidationResult<OutputOf<E>> {
  return contracts.validateOutput(event, value) as ValidationResult<OutputOf<E>>;
}
