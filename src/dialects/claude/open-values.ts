import { isPlainObject } from '../../util/is-plain-object.js';
import { NOTIFICATION_TYPES } from './events.js';

/**
 * The open enums of the claude inputs (schema/claude/events/*.input.json `anyOf: [{enum}, {type:
 * "string"}]`): the values Claude Code 2.1.332 sends. The Agent SDK types these fields as strings,
 * and a newer Claude adds values (a permission mode, an effort level, a notification type), so a
 * value not listed here is accepted — a real payload is never refused for it — with a warning.
 * test/dialects/claude/open-values.test.ts keeps these lists equal to the schemas'.
 */
export const OPEN_VALUES = {
  permission_mode: ['default', 'plan', 'acceptEdits', 'auto', 'dontAsk', 'bypassPermissions'],
  'effort.level': ['low', 'medium', 'high', 'xhigh', 'max'],
  notification_type: NOTIFICATION_TYPES,
} as const satisfies Record<string, readonly string[]>;

/** A warning per open-enum field of the payload whose value hookctl does not list. */
export function openValueWarnings(payload: Readonly<Record<string, unknown>>): string[] {
  const values: [keyof typeof OPEN_VALUES, unknown][] = [
    ['permission_mode', payload.permission_mode],
    ['effort.level', isPlainObject(payload.effort) ? payload.effort.level : undefined],
    ['notification_type', payload.notification_type],
  ];
  const warnings: string[] = [];
  for (const [field, value] of values) {
    const known: readonly string[] = OPEN_VALUES[field];
    if (typeof value !== 'string' || known.includes(value)) continue;
    warnings.push(
      `payload /${field.replace('.', '/')}: ${JSON.stringify(value)} is not a value hookctl knows (${known.join(', ')}); ` +
        'accepted as a newer Claude Code may send it',
    );
  }
  return warnings;
}
