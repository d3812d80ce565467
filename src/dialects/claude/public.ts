// The package export `hookctl/claude`: the generated event contracts of the claude dialect (types
// from schema/claude/) and runtime validators typed by event.
import type { ValidationResult } from '../../kit/index.js';
import type { EventName, InputOf, OutputEventName, OutputOf } from '../../../generated/claude/types.js';
import { toolInputValidators } from '../../../generated/claude/tool-validators.js';
import type { PrecompiledValidator } from '../../contracts/create-contracts.js';
import { formatValidationErrors } from '../../contracts/format-errors.js';
import { contracts } from './contracts.js';
import { CLAUDE_TOOL_INPUTS, type ClaudeToolName } from './tool-inputs.js';

export type * from '../../../generated/claude/types.js';
export { EVENT_NAMES, OUTPUT_EVENT_NAMES } from '../../../generated/claude/types.js';
export type { ValidationError, ValidationResult } from '../../kit/index.js';
export { CLAUDE_TOOL_INPUTS, type ClaudeToolName, type ToolInputEntry } from './tool-inputs.js';

/** Checks a payload against the event's input schema; `errors` carry JSON-pointer paths. */
export function validateInput<E extends EventName>(event: E, value: unknown): ValidationResult<InputOf<E>> {
  return contracts.validateInput(event, value) as ValidationResult<InputOf<E>>;
}

/** Checks a hook's stdout JSON against the event's output schema. */
export function validateOutput<E extends OutputEventName>(event: E, value: unknown): ValidationResult<OutputOf<E>> {
  return contracts.validateOutput(event, value) as ValidationResult<OutputOf<E>>;
}

/**
 * Checks a built-in tool's `tool_input` (e.g. from a PreToolUse payload whose `tool_name` is `Bash`) against the
 * tool's schema, which follows the Claude Agent SDK's type. Unknown fields are allowed, as in event inputs.
 */
export function validateToolInput(tool: ClaudeToolName, value: unknown): ValidationResult<unknown> {
  const entry = CLAUDE_TOOL_INPUTS[tool];
  if (entry === undefined) throw new TypeError(`${String(tool)} is not a built-in Claude tool with an input schema`);
  const validate = (toolInputValidators as unknown as Readonly<Record<string, PrecompiledValidator>>)[entry.type]!;
  if (validate(value)) return { ok: true, value };
  return { ok: false, errors: formatValidationErrors(validate.errors) };
}
