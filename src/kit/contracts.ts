export type ValidationResult<T = unknown> = { ok: true; value: T } | { ok: false; errors: ValidationError[] };

export interface ValidationError {
  /** JSON pointer into the validated value, `""` for the root. */
  path: string;
  message: string;
}

/** A dialect's precompiled payload and output validators, by event name. */
export interface Contracts {
  validateInput(event: string, value: unknown): ValidationResult;
  validateOutput(event: string, value: unknown): ValidationResult;
}
