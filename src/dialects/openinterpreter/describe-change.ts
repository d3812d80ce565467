import type { HookDefinition } from '../codex/definition.js';

/** The fields of a hook definition a person recognises, in review order. */
const FIELDS = ['event', 'matcher', 'command', 'timeout', 'async', 'statusMessage', 'onFailure'] as const;
type Field = (typeof FIELDS)[number];

function fieldValue(definition: HookDefinition, field: Field): unknown {
  if (field === 'event') return definition.event_name;
  if (field === 'matcher') return definition.matcher;
  return definition.hooks[0][field];
}

/** Names of the fields that differ between a trusted definition and the current one. */
export function changedFields(trusted: HookDefinition, current: HookDefinition): Field[] {
  return FIELDS.filter((field) => JSON.stringify(fieldValue(trusted, field)) !== JSON.stringify(fieldValue(current, field)));
}

/** Review lines showing each changed field as `field: old → new` (`(none)` for an absent one). */
export function describeChange(trusted: HookDefinition, current: HookDefinition): string[] {
  return changedFields(trusted, current).map(
    (field) => `${field}: ${show(fieldValue(trusted, field), field)} → ${show(fieldValue(current, field), field)}`,
  );
}

function show(value: unknown, field: Field): string {
  if (value === undefined) return '(none)';
  if (field === 'timeout') return `${String(value)}s`;
  return JSON.stringify(value);
}
