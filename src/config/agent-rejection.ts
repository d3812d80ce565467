import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec, RejectionLevel } from './config-spec.js';
import type { FileDeclarations } from './declarations.js';
import type { RejectionUnit } from './load-declaration.js';
import type { SourceNode } from './source-tree.js';

/**
 * Where a dialect's agent reads a file's hooks all at once (SPEC 2.2; Codex deserialises
 * `hooks.json` and a config file's `[hooks]` table into strict serde types), one bad value drops
 * every hook of the file. These helpers say which node that is and how a finding words it.
 */

/** The node whose invalidation drops every hook of the file: a hooks file's root, else its `hooks` value. */
export function fileHooksNode(file: ConfigFile, declarations: FileDeclarations): SourceNode | undefined {
  return file.role === 'hooks-file' ? (file.parsed.root ?? undefined) : declarations.hooks?.value;
}

/**
 * True when a problem of this file makes the agent drop all of its hooks. Not the managed
 * requirements file: an agent refuses to start with a broken one (fail closed), and dropping every
 * managed hook would fail open, so there a problem skips only what it invalidates.
 */
export function rejectsWholeFile(spec: DialectConfigSpec, file: ConfigFile): boolean {
  return rejectsFiles(spec) && (file.role === 'hooks-file' || file.role === 'inline-config');
}

/** How much one bad value drops (LoadPolicy.rejection). */
export function rejectionUnit(spec: DialectConfigSpec): RejectionUnit {
  return spec.policy.rejection;
}

/** True when the agent deserialises a file's hooks all at once, so one bad value can drop every hook of the file. */
export function rejectsFiles(spec: DialectConfigSpec): boolean {
  return rejectionUnit(spec) !== 'entry';
}

/** What a handler without its required `command` costs where the agent rejects files: the file, or only that event's hooks. */
export function missingCommandScope(spec: DialectConfigSpec): 'file' | 'event' {
  return rejectionUnit(spec) === 'event' ? 'event' : 'file';
}

/** What the runtime does with an error finding (LoadPolicy.onError). */
export function onErrorOf(spec: DialectConfigSpec): 'skip' | 'refuse' {
  return spec.policy.onError;
}

/** The clause a finding starts with when the agent drops the file for it (or, per the spec, will not start). */
export function wholeFileClause(file: ConfigFile, spec?: DialectConfigSpec): string {
  if (file.role === 'hooks-file') return 'the agent ignores this whole file';
  const refusal = spec?.policy?.refusal;
  if (file.role === 'inline-config' && refusal !== undefined) return refusal;
  return 'the agent ignores every hook in this file';
}

/** What one rejected value costs under the dialect's policy `granularity`: the node it drops and the clause that says so. */
export interface Rejection {
  invalidates: SourceNode;
  clause: string;
}

/**
 * Where the dialect declares a finer policy `granularity` than the whole file (claude), what a
 * value the agent rejects at `level` in `event` costs: the entry itself (`node`, a handler or a
 * matcher group), the event's hooks of this file, every hook of the file, or the whole file, its
 * settings too. Undefined where the dialect declares none (the caller keeps its whole-file rule).
 */
export function rejectionOf(
  spec: DialectConfigSpec,
  file: ConfigFile,
  declarations: FileDeclarations,
  where: { level: RejectionLevel; node: SourceNode; event?: { name: string; value: SourceNode } },
): Rejection | undefined {
  const granularity = spec.policy.granularity;
  const root = file.parsed.root;
  if (granularity === undefined || root === null) return undefined;
  const { level, node, event } = where;
  const guarded = event !== undefined && granularity.fileEvents.has(event.name);
  const value = level === 'hooks' ? (declarations.hooks?.value ?? node) : node;
  const unit = guarded ? 'file' : (granularity.costOf?.(level, value) ?? granularity[level]);
  const { agent } = granularity;
  if (unit === 'file') {
    // A settings file carries more than hooks; a hooks file only hooks.
    const whole = file.role === 'inline-config' ? 'this whole file, its settings too' : 'this whole file';
    const why = guarded ? ` (a ${event.name} entry it cannot load may be what guards them)` : '';
    return { invalidates: root, clause: `${agent} skips ${whole}${why}` };
  }
  if (unit === 'hooks')
    return { invalidates: fileHooksNode(file, declarations) ?? root, clause: `${agent} ignores every hook in this file` };
  if (unit === 'event' && event !== undefined)
    return { invalidates: event.value, clause: `${agent} ignores every ${event.name} hook in this file` };
  const what = level === 'group' ? 'matcher group' : 'hook';
  return { invalidates: node, clause: `${agent} ignores this ${event === undefined ? '' : `${event.name} `}${what} alone` };
}
