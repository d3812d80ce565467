import type { ErrorObject } from 'ajv';
import { outputValidators } from '../../../generated/claude/validators.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * How claude reads a hook's stdout (SPEC-dialects 8.5.1, 8.4): text whose first non-whitespace
 * character is `{` and that parses as a JSON object is JSON output; anything else (invalid JSON,
 * an array, a quoted string) is plain text. JSON output is checked against the event's closed
 * output schema and read leniently: an unknown key is dropped with a warning (§11.3), any other
 * violation fails the output. Async hooks are more lenient still: Claude drops each field of the
 * wrong type instead of failing the output (cc hooks §Run hooks in the background).
 */
export type ReadOutput =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'json'; output: Record<string, unknown>; warnings: string[] }
  | { kind: 'invalid'; error: string; warnings: string[] };

type Validator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

export function readOutput(event: string, stdout: string, lenientTypes: boolean): ReadOutput {
  const trimmed = stdout.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!trimmed.startsWith('{')) return { kind: 'text', text: stdout };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    // cc hooks §Exit code 0: "If it isn't valid JSON, Claude Code treats it as plain text."
    return { kind: 'text', text: stdout };
  }
  if (!isPlainObject(value)) return { kind: 'text', text: stdout };
  return checkOutput(event, value, lenientTypes);
}

/** Validates and, where the rules allow, repairs a JSON output; see the module comment. */
export function checkOutput(event: string, given: Record<string, unknown>, lenientTypes: boolean): ReadOutput {
  const validator = (outputValidators as unknown as Record<string, Validator>)[event];
  const { value, warning } = reasonlessBlock(event, given);
  if (validator === undefined || validator(value)) return { kind: 'json', output: value, warnings: warning === null ? [] : [warning] };
  const errors = [...(validator.errors ?? [])];
  const output = structuredClone(value);
  const warnings: string[] = warning === null ? [] : [warning];
  const fatal: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword === 'additionalProperties') {
      const key = String((error.params as { additionalProperty: string }).additionalProperty);
      warnings.push(`unknown key ${error.instancePath}/${key} in the ${event} output is ignored`);
      remove(output, [...segments(error.instancePath), key]);
    } else if (lenientTypes && error.instancePath !== '') {
      warnings.push(`${error.instancePath} ${error.message ?? 'is invalid'}; the async hook's field is ignored`);
      remove(output, segments(error.instancePath));
    } else fatal.push(error);
  }
  if (fatal.length > 0) return { kind: 'invalid', error: describe(fatal[0]!), warnings };
  // Removing a field can leave an object that still fails (a required key dropped): check again.
  if (!validator(output)) {
    if (!lenientTypes) return { kind: 'invalid', error: describe(validator.errors?.[0]), warnings };
    return { kind: 'json', output: {}, warnings: [...warnings, `the async hook's output does not fit the ${event} schema; ignored`] };
  }
  return { kind: 'json', output, warnings };
}

/**
 * Claude Code 2.1.328 continues a Stop/SubagentStop `{"decision": "block"}` that gives no reason,
 * feeding the model "Blocked by hook" (test/agents/claude); the schema's reason requirement is the
 * docs' wording. hookctl reads it as Claude does and keeps a warning, since the model learns nothing.
 */
function reasonlessBlock(event: string, value: Record<string, unknown>): { value: Record<string, unknown>; warning: string | null } {
  if ((event !== 'Stop' && event !== 'SubagentStop') || value.decision !== 'block' || value.reason !== undefined)
    return { value, warning: null };
  return {
    value: { ...value, reason: 'Blocked by hook' },
    warning: `decision "block" without a reason: Claude continues with "Blocked by hook", which tells the model nothing`,
  };
}

function segments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function remove(root: Record<string, unknown>, path: readonly string[]): void {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node) && !Array.isArray(node)) return;
    node = (node as Record<string, unknown>)[key];
  }
  const last = path[path.length - 1];
  if (last !== undefined && (isPlainObject(node) || Array.isArray(node))) delete (node as Record<string, unknown>)[last];
}

/** One validation error in words: `/hookSpecificOutput/permissionDecision must be one of "allow", "deny", "ask", "defer"`. */
function describe(error: ErrorObject | undefined): string {
  if (error === undefined) return 'does not match the output schema';
  const where = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `${where} must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (error.keyword === 'const') return `${where} must be ${JSON.stringify(params.allowedValue)}`;
  if (error.keyword === 'required')
    return `${where === '/' ? '' : `${where} `}is missing the required "${String(params.missingProperty)}"`.trim();
  return `${where} ${error.message ?? 'is invalid'}`;
}
