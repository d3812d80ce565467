import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPEN_VALUES } from '../../../src/dialects/claude/open-values.js';
import { validateInput } from '../../../src/dialects/claude/public.js';

const dir = new URL('../../../schema/claude/events/', import.meta.url);

/** Every open enum of the claude input schemas: field path → the listed values, per file. */
function schemaOpenEnums(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.input.json'))) {
    const schema = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    const visit = (node: Record<string, unknown>, path: string) => {
      const alternatives = node.anyOf as Record<string, unknown>[] | undefined;
      if (Array.isArray(alternatives) && Array.isArray(alternatives[0]?.enum) && alternatives[1]?.type === 'string')
        found.set(path, new Set([...(found.get(path) ?? []), JSON.stringify(alternatives[0]!.enum)]));
      for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, Record<string, unknown>>))
        visit(child, path === '' ? key : `${path}.${key}`);
    };
    visit(schema, '');
  }
  return new Map([...found].map(([path, lists]) => [path, lists]));
}

describe('claude open enums on input', () => {
  it('lists, in src, exactly the values of the schemas', () => {
    const enums = schemaOpenEnums();
    expect([...enums.keys()].sort()).toEqual(Object.keys(OPEN_VALUES).sort());
    for (const [path, lists] of enums) expect([...lists], path).toEqual([JSON.stringify(OPEN_VALUES[path as keyof typeof OPEN_VALUES])]);
  });

  it('accepts a permission mode, effort level and notification type from a newer Claude Code', () => {
    const base = { session_id: 's', transcript_path: '/t', cwd: '/', tool_name: 'Bash', tool_input: {}, tool_use_id: 'u' };
    expect(
      validateInput('PreToolUse', { ...base, hook_event_name: 'PreToolUse', permission_mode: 'turbo', effort: { level: 'ultra' } }).ok,
    ).toBe(true);
    expect(
      validateInput('Notification', { ...base, hook_event_name: 'Notification', message: 'm', notification_type: 'new_kind' }).ok,
    ).toBe(true);
    // Still a string: a number is refused.
    expect(validateInput('PreToolUse', { ...base, hook_event_name: 'PreToolUse', permission_mode: 3 }).ok).toBe(false);
  });
});
