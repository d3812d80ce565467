// What `hookctl/claude` exports beyond the generated event contracts (public.ts re-exports this
// module): the built-in tools' input schemas, typed by tool name, and their validator.
import { toolInputValidators } from '../../../generated/claude/tool-validators.js';
import type { PrecompiledValidator } from '../../contracts/create-contracts.js';
import { formatValidationErrors } from '../../contracts/format-errors.js';
import type { ValidationResult } from '../../kit/index.js';
import { CLAUDE_TOOL_INPUTS, type ClaudeToolName } from './tool-inputs.js';

export { CLAUDE_TOOL_INPUTS, type ClaudeToolName, type ToolInputEntry } from './tool-inputs.js';

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
