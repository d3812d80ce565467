import type { ConfigFile } from '../config/config-file.js';
import type { DialectConfigSpec } from '../config/config-spec.js';
import type { FileDeclarations } from '../config/declarations.js';
import type { SourceNode } from '../config/source-tree.js';
import type { Severity } from '../kit/finding.js';

export interface RuleMeta {
  /** Stable id; part of the interface (output, docs, suppression). */
  id: string;
  severity: Severity;
  /** One line: what the rule catches. */
  description: string;
  /** The rule's page, relative to the package root. */
  docs: string;
}

export interface RuleReport {
  message: string;
  pos: { line: number; column: number };
  /**
   * The declaration this problem makes unusable at run time (a file root, an event's list, a
   * matcher group or a handler). The loader skips everything inside it; lint only reports.
   */
  invalidates?: SourceNode;
}

/** A file with its declarations extracted once, shared by every rule and the normaliser. */
export interface CheckedFile {
  file: ConfigFile;
  declarations: FileDeclarations;
}

export interface RuleContext {
  spec: DialectConfigSpec;
  /** The file under check. */
  checked: CheckedFile;
  /** Every file being checked, in layer order (for rules that compare files, like both-representations). */
  all: readonly CheckedFile[];
  /** The directory hooks run in (the engine's project dir, the cwd): relative script paths resolve here. */
  projectDir: string;
  report(report: RuleReport): void;
}

/**
 * One lint rule. The same rules run when the engine loads config (`atLoad`), so a check such as
 * "this regex does not compile" exists once and both lint and the runtime act on it.
 */
export interface Rule {
  meta: RuleMeta;
  /** False for advice that needs the file system or is about speed, which lint gives but loading skips. */
  atLoad: boolean;
  check(context: RuleContext): void;
}

export function ruleMeta(id: string, severity: Severity, description: string): RuleMeta {
  return { id, severity, description, docs: `docs/rules/${id}.md` };
}
