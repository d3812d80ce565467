// The deliberate differences between hookctl's claude types and the Claude Agent SDK's. Each pattern
// (`*` matches anything) is quoted, with its reason, in docs/claude.md § Types and the Agent SDK;
// the parity test fails on a pattern that no longer matches anything, so the list cannot rot.
export interface AllowedDifference {
  pattern: string;
  reason: string;
}

export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [
  {
    pattern: '*.output: decision: missing in hookctl *',
    reason: 'the SDK has one output type for every event; hookctl closes each output, with `decision` only where Claude reads it',
  },
  {
    pattern: '*.output: reason: missing in hookctl *',
    reason: 'the SDK has one output type for every event; hookctl closes each output, with `reason` only where Claude reads it',
  },
  {
    pattern: 'PermissionRequest.*[type=setMode].mode: values not in the SDK: "manual"',
    reason: 'Claude Code accepts `manual` as an alias of `default` (2.1.200 or later); the SDK type does not list it',
  },
];

/** Whether a difference line matches an allow-list pattern. */
export function matches(pattern: string, line: string): boolean {
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
  return regex.test(line);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
