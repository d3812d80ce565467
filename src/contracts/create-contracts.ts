import type { ErrorObject } from 'ajv';
import type { Contracts, ValidationResult } from '../kit/index.js';
import { formatValidationErrors } from './format-errors.js';
import { requireKnownEvent } from './known-event.js';

/** The shape of a generated ajv standalone validator. */
export interface PrecompiledValidator {
  (data: unknown): boolean;
  errors?: readonly ErrorObject[] | null;
}

export interface ContractValidators {
  dialect: string;
  /** Every event of the dialect → its input validator. */
  inputValidators: Readonly<Record<string, PrecompiledValidator>>;
  /** Events whose hooks answer with structured stdout → their output validator. */
  outputValidators: Readonly<Record<string, PrecompiledValidator>>;
}

/**
 * A dialect's `Contracts` over its generated validators. An event the dialect does not know throws
 * `UnknownEventError` (a caller bug or a typo, with a suggestion); an event without structured output
 * answers `ok: false` for any output, since no JSON output is meaningful there.
 */
export function createContracts({ dialect, inputValidators, outputValidators }: ContractValidators): Contracts {
  const events = Object.keys(inputValidators);
  const lookup = (event: string): void => requireKnownEvent(dialect, event, events);
  return {
    validateInput(event, value) {
      lookup(event);
      return run(inputValidators[event]!, value);
    },
    validateOutput(event, value) {
      lookup(event);
      const validator = outputValidators[event];
      if (!validator) {
        return {
          ok: false,
          errors: [{ path: '', message: `${dialect} ${event} hooks have no JSON output contract (stdout is not interpreted as JSON)` }],
        };
      }
      return run(validator, value);
    },
  };
}

function run(validate: PrecompiledValidator, value: unknown): ValidationResult {
  if (validate(value)) return { ok: true, value };
  return { ok: false, errors: formatValidationErrors(validate.errors) };
}
