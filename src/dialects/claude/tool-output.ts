import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * Whether Claude applies a PostToolUse `updatedToolOutput` for a tool: it replaces the tool's own
 * result object, so it must have that object's shape. Claude Code 2.1.328 ignores a Bash rewrite
 * given as a plain string and applies `{stdout, stderr, interrupted, isImage}` (test/agents/claude);
 * tools not listed here are passed through unchecked.
 */
const SHAPES: Readonly<Record<string, { readonly fields: readonly string[]; readonly example: string }>> = {
  Bash: { fields: ['stdout'], example: '{"stdout": "…", "stderr": "", "interrupted": false, "isImage": false}' },
};

/** Null when Claude applies the rewrite, else why it ignores it (one line). */
export function toolOutputProblem(tool: string | null, value: unknown): string | null {
  const shape = tool === null ? undefined : SHAPES[tool];
  if (shape === undefined) return null;
  const missing = isPlainObject(value) ? shape.fields.filter((field) => typeof value[field] !== 'string') : shape.fields;
  if (missing.length === 0) return null;
  return `Claude ignores this ${tool} updatedToolOutput: it must be the tool's result object, ${shape.example}`;
}
