import type { DialectConfigSpec, FieldType } from './config-spec.js';
import { scalarField, setField } from './field-value.js';
import type { SourceEntry, SourceObject, SourcePosition } from './source-tree.js';

/** A handler's command as written: its text and where that value sits. */
export interface HandlerCommand {
  /** The field it is written in (`command`, copilot's `bash`). */
  field: string;
  text: string;
  pos: SourcePosition;
}

/** The handler fields that hold `what` (FieldType.holds), in declaration order. */
function fieldsHolding(spec: DialectConfigSpec, what: NonNullable<FieldType['holds']>): string[] {
  return Object.entries(spec.handlerFields).flatMap(([name, type]) => (type.holds === what ? [name] : []));
}

/** The field a POSIX shell runs: the one the dialect marks `holds: 'shell-command'`, else `command`. */
export function commandFieldOf(spec: DialectConfigSpec): string {
  return fieldsHolding(spec, 'shell-command')[0] ?? 'command';
}

/**
 * The handler's shell command (SPEC 2.2), wherever the dialect writes it (`holds: 'shell-command'`):
 * null when the field is unset or not a string. One accessor, so every rule that reads a command
 * reads the one the agent runs (copilot runs `bash` and ignores a `command`).
 */
export function handlerCommand(spec: DialectConfigSpec, handler: SourceObject): HandlerCommand | null {
  const field = commandFieldOf(spec);
  const entry = setField(handler, field);
  if (entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'string') return null;
  return { field, text: entry.value.value, pos: entry.value.pos };
}

/** Every command field the handler sets, the shell's first, then other shells' (copilot `powershell`), as entries. */
export function commandEntries(spec: DialectConfigSpec, handler: SourceObject): { field: string; entry: SourceEntry | undefined }[] {
  return [commandFieldOf(spec), ...fieldsHolding(spec, 'other-shell-command')].map((field) => ({ field, entry: setField(handler, field) }));
}

/** The directory the handler's command starts in, relative to the project, when the dialect has such a field and it is set. */
export function handlerCwd(spec: DialectConfigSpec, handler: SourceObject): string | null {
  const field = fieldsHolding(spec, 'working-dir')[0];
  return field === undefined ? null : (scalarField(handler, field, 'string') ?? null);
}
