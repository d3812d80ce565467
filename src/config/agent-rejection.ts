import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec } from './config-spec.js';
import type { FileDeclarations } from './declarations.js';
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
  return spec.wholeFileRejection === true && (file.role === 'hooks-file' || file.role === 'inline-config');
}

/** The clause a finding starts with when the agent drops the file for it (or, per the spec, will not start). */
export function wholeFileClause(file: ConfigFile, spec?: DialectConfigSpec): string {
  if (file.role === 'hooks-file') return 'the agent ignores this whole file';
  if (file.role === 'inline-config' && spec?.inlineConfigRefusal !== undefined) return spec.inlineConfigRefusal;
  return 'the agent ignores every hook in this file';
}
