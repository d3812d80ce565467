import { checkField } from '../../config/check-field.js';
import type { ConfigFile } from '../../config/config-file.js';
import type { DialectConfigSpec } from '../../config/config-spec.js';
import type { FileDeclarations } from '../../config/declarations.js';
import { setField } from '../../config/field-value.js';
import { fieldsOfType, requiredFields } from '../../config/handler-type.js';
import { getEntry, type SourceNode, type SourceObject, type SourcePosition } from '../../config/source-tree.js';
import type { Finding } from '../../kit/index.js';
import { FILE_REJECTING_EVENTS, holdsGuardKey, hooksListHoldsObjects, isSingleMatcher } from './guard-shapes.js';
import { REMOTE_SETTINGS_FILE } from './remote-settings.js';

/**
 * Managed settings as Claude Code 2.1.332 reads them (issue 36; the binary's policy-settings reader,
 * proven by test/agents/claude's "managed:" cases). A managed document is repaired value by value,
 * except where it holds a guard entry Claude cannot load (a PreToolUse, PermissionRequest or
 * PreSkillShellCommand entry it rejects, such an event whose value is not a list, a `hooks` list
 * holding objects, a single matcher group in place of `hooks`): then no hook of that document runs
 * (its `hooks` fails validation whole), while its other settings apply. When no managed document is
 * left holding any policy, Claude refuses to start ("Unable to read managed policy settings"), and
 * so it does, whatever else holds policy, for a managed settings file that is not a JSON object.
 */

/** A guard entry Claude cannot load in a managed document: where, and what it is in a few words. */
export interface UnloadableGuard {
  pos: SourcePosition;
  what: string;
}

/** Keys that never count as policy: they only steer how the managed sources compose. */
const NOT_POLICY: ReadonlySet<string> = new Set(['managedSourcesBehavior', 'wslInheritsWindowsSettings']);

/** The binary's "holds nothing": null, or objects whose values are all such (`{}`, `{"env": {}}`). */
function empty(node: SourceNode): boolean {
  if (node.kind === 'scalar') return node.value === null;
  return node.kind === 'object' && node.entries.every(({ value }) => empty(value));
}

/** True for a managed settings document, cached server-managed settings included. */
export function isManagedDocument(file: ConfigFile): boolean {
  return file.source === 'managed' && file.role === 'managed-requirements';
}

/** True for the cached server-managed settings: a copy Claude reads quietly, never a reason to refuse to start. */
const isRemoteCopy = (file: ConfigFile) => file.parsed.path.endsWith(`/${REMOTE_SETTINGS_FILE}`);

/**
 * A file-based managed document Claude refuses to start with whatever else is set: text that is
 * not a JSON object ("could not be parsed as a JSON object; none of its settings are in effect").
 * An empty file reads as `{}`.
 */
export function notAnObject(file: ConfigFile): boolean {
  if (!isManagedDocument(file) || isRemoteCopy(file) || file.parsed.text.trim() === '') return false;
  return file.parsed.root?.kind !== 'object';
}

/** The first guard entry of this managed document that Claude cannot load, or null. */
export function unloadableGuard(file: ConfigFile, declarations: FileDeclarations, spec: DialectConfigSpec): UnloadableGuard | null {
  const root = file.parsed.root;
  const hooks = declarations.hooks?.value;
  if (root?.kind !== 'object' || hooks === undefined) return null;
  if (hooksListHoldsObjects(hooks)) return { pos: hooks.pos, what: '"hooks" is a list holding objects, not an object of event names' };
  if (isSingleMatcher(hooks)) return { pos: hooks.pos, what: '"hooks" is a single matcher group, not an object of event names' };
  for (const event of declarations.events) {
    if (!FILE_REJECTING_EVENTS.has(event.name)) continue;
    const at = brokenGuardEvent(event.value, spec, file.parsed.format, file.parsed.text);
    if (at !== null) return { pos: at, what: `it cannot load this ${event.name} entry` };
  }
  return null;
}

/** Where a guard event's value holds something Claude's settings schema rejects, or null. */
function brokenGuardEvent(value: SourceNode, spec: DialectConfigSpec, format: ConfigFile['parsed']['format'], text: string) {
  if (value.kind === 'scalar' && value.value === null) return null;
  if (value.kind !== 'array') return value.pos;
  for (const group of value.items) {
    if (group.kind !== 'object' || holdsGuardKey(group)) return group.pos;
    const handlers = getEntry(group, 'hooks')?.value;
    if (handlers?.kind !== 'array') return group.pos;
    for (const [key, type] of Object.entries(spec.groupFields)) {
      const entry = setField(group, key);
      if (entry !== undefined && checkField(key, entry.value, type, format, text) !== null) return entry.value.pos;
    }
    for (const handler of handlers.items) {
      if (handler.kind !== 'object' || brokenHandler(handler, spec, format, text)) return handler.pos;
    }
  }
  return null;
}

/** A handler the binary's handler schema rejects: no string `type`, an unknown one, a field of the wrong type, a required field missing. */
function brokenHandler(handler: SourceObject, spec: DialectConfigSpec, format: ConfigFile['parsed']['format'], text: string): boolean {
  const typeNode = getEntry(handler, 'type')?.value;
  const type = typeNode?.kind === 'scalar' && typeof typeNode.value === 'string' ? typeNode.value : undefined;
  if (type === undefined || !(spec.handlerTypes?.supported ?? []).includes(type)) return true;
  for (const key of fieldsOfType(spec, type)) {
    const field = spec.handlerFields[key];
    const entry = getEntry(handler, key);
    if (field === undefined || field.extension === true || entry === undefined) continue;
    if (checkField(key, entry.value, field, format, text) !== null) return true;
  }
  return requiredFields(spec, type).some((key) => setField(handler, key) === undefined);
}

/**
 * Whether a managed document still holds policy once Claude has dropped what it cannot load: any
 * setting but the two composition keys with a value that is not empty; its `hooks` only when Claude
 * loaded them. (A setting of the wrong type Claude drops counts here too: hookctl does not know
 * every setting's type.)
 */
function holdsPolicy(file: ConfigFile, hooksLoaded: boolean): boolean {
  const root = file.parsed.root;
  if (root?.kind !== 'object') return false;
  return root.entries.some(({ key, value }) => !NOT_POLICY.has(key) && (key !== 'hooks' || hooksLoaded) && !empty(value));
}

/** What Claude makes of one managed document: a reason it refuses to start, or a guard it cannot load (the document's hooks off). */
export type ManagedVerdict =
  | { kind: 'refuses'; pos: SourcePosition; what: string }
  | { kind: 'hooks-off'; pos: SourcePosition; what: string; hooks: SourceNode }
  | null;

/**
 * The verdict on `file` among every managed document of the session (`all`, in the layer order):
 * not a JSON object — Claude will not start; a guard it cannot load — Claude runs none of the
 * document's hooks, and will not start when no managed document still holds policy.
 */
export function managedVerdict(
  file: ConfigFile,
  all: readonly { file: ConfigFile; declarations: FileDeclarations }[],
  spec: DialectConfigSpec,
): ManagedVerdict {
  if (!isManagedDocument(file)) return null;
  if (notAnObject(file))
    return {
      kind: 'refuses',
      pos: { line: 1, column: 1, offset: 0 },
      what: 'it is not a JSON object, so none of its settings are in effect',
    };
  const mine = all.find((item) => item.file === file);
  const guard = mine === undefined ? null : unloadableGuard(file, mine.declarations, spec);
  const hooks = mine?.declarations.hooks?.value;
  if (guard === null || hooks === undefined) return null;
  const survives = all.some(
    (item) => isManagedDocument(item.file) && holdsPolicy(item.file, unloadableGuard(item.file, item.declarations, spec) === null),
  );
  return survives ? { kind: 'hooks-off', ...guard, hooks } : { kind: 'refuses', ...guard };
}

/** The rule whose findings say Claude will not start (rules/managed-policy-unreadable.ts). */
export const MANAGED_POLICY_RULE = 'managed-policy-unreadable';
/** Its message that says so: such a finding stops hookctl's load, as Claude stops. */
export const REFUSES_START = 'refusesStart';

/**
 * The load's findings with those that mean Claude will not start marked fatal: `dry-run`, `run`,
 * `test`, `list` and the engine then refuse to load, listing them, where Claude runs nothing at all.
 */
export function withManagedRefusals(findings: readonly Finding[]): Finding[] {
  return findings.map((finding) =>
    finding.ruleId === MANAGED_POLICY_RULE && finding.messageId === REFUSES_START ? { ...finding, fatal: true } : finding,
  );
}
