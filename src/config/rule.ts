/**
 * The lint rule contract. It lives in config, beside the runner that executes rules when config loads
 * (analyse-files.ts), so config never imports lint; the rules themselves live in src/lint/rules/ (the
 * core rules, every dialect's) and in src/dialects/<id>/rules/ (the rules a dialect registers: DialectRules).
 */
import type { Severity } from '../kit/finding.js';
import { checkTemplates, type MessageDescriptor, type MessageMap } from '../kit/message.js';
import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec } from './config-spec.js';
import type { FileDeclarations } from './declarations.js';
import type { SourceNode } from './source-tree.js';

export interface RuleMeta<Messages extends MessageMap = MessageMap> {
  /** Stable id; part of the interface (output, docs, suppression). */
  id: string;
  severity: Severity;
  /** One line: what the rule catches. */
  description: string;
  /** The rule's page, relative to the package root. */
  docs: string;
  /**
   * Every text the rule can report, keyed by message id, with `{{name}}` placeholders. Message ids
   * are stable like rule ids (findings and SARIF carry them); the texts may improve.
   */
  messages: Messages;
}

/** One problem: which message, its data, where, and what it makes unusable. */
export type RuleReport<Messages extends MessageMap = MessageMap> = MessageDescriptor<Messages> & {
  pos: { line: number; column: number };
  /**
   * The declaration this problem makes unusable at run time (a file root, an event's list, a
   * matcher group or a handler). The loader skips everything inside it; lint only reports.
   */
  invalidates?: SourceNode;
  /**
   * Another severity than the rule's for this finding: lower where the agent makes the same mistake
   * harmless (an unknown event that one agent ignores and another refuses to load), higher where
   * the finding means the hook never does its job (a timeout that stops it at once).
   */
  severity?: Severity;
  /**
   * At most this severity when the runtime loads config, where lint's level is higher than what the
   * agent does about it (lint: an error, a guard that never guards; load: the agent skips the hook
   * silently, so the engine warns and runs the rest). Default: the rule's `loadSeverity`.
   */
  loadSeverity?: Severity;
};

/** An installed agent release older than the proven one, with the release that added each feature (`event:<Name>`, `key:<key>`). */
export interface InstalledAgent {
  readonly name: string;
  readonly version: string;
  readonly since: Readonly<Record<string, string>>;
}

/** A file with its declarations extracted once, shared by every rule and the normaliser. */
export interface CheckedFile {
  file: ConfigFile;
  declarations: FileDeclarations;
}

export interface RuleContext<Messages extends MessageMap = MessageMap> {
  spec: DialectConfigSpec;
  /** The file under check. */
  checked: CheckedFile;
  /** Every file being checked, in layer order (for rules that compare files, like both-representations). */
  all: readonly CheckedFile[];
  /** The directory hooks run in (the engine's project dir, the cwd): relative script paths resolve here. */
  projectDir: string;
  /**
   * A path as a message should name it: relative to the repository root when lint runs (the same
   * text from any cwd and on any machine), absolute when the runtime loads config.
   */
  showPath(path: string): string;
  /** The environment `hookctl lint` runs in (PATH: which programs this machine has); absent when the runtime loads config. */
  env?: Readonly<Record<string, string | undefined>>;
  /** `lint --effective` where the installed agent is older than the release hookctl is proven against. */
  installedAgent?: InstalledAgent;
  report(report: RuleReport<Messages>): void;
}

/**
 * One lint rule. The same rules run when the engine loads config (`atLoad`), so a check such as
 * "this regex does not compile" exists once and both lint and the runtime act on it.
 */
export interface Rule<Messages extends MessageMap = MessageMap> {
  meta: RuleMeta<Messages>;
  /** False for advice that needs the file system or is about speed, which lint gives but loading skips. */
  atLoad: boolean;
  /**
   * At most this severity for the rule's findings when the runtime loads config (see
   * `RuleReport.loadSeverity`): lint raises a mistake that makes a hook silently never run to an
   * error, while loading keeps the level that says what the agent does (it skips the hook).
   */
  loadSeverity?: Severity;
  check(context: RuleContext): void;
}

export interface RuleDefinition<Messages extends MessageMap> {
  id: string;
  severity: Severity;
  description: string;
  atLoad: boolean;
  loadSeverity?: Severity;
  messages: Messages;
  check(context: RuleContext<Messages>): void;
}

/**
 * Declares a rule (typescript-eslint's `createRule` is the model). The messages are read as literal
 * types, so inside `check` a report with an unknown `messageId`, a missing placeholder or, in an
 * object literal, an unused one does not compile; templates with a malformed placeholder throw here.
 */
export function createRule<const Messages extends MessageMap>(definition: RuleDefinition<Messages>): Rule<Messages> {
  const { id, severity, description, atLoad, loadSeverity, messages, check } = definition;
  checkTemplates(id, messages);
  // Sound: every report the typed check makes is one the untyped context accepts (a messageId and
  // data); TypeScript cannot see that for a generic message map, hence the cast through unknown.
  const meta = { id, severity, description, docs: `docs/rules/${id}.md`, messages };
  return { meta, atLoad, ...(loadSeverity === undefined ? {} : { loadSeverity }), check: check as unknown as Rule['check'] };
}

/**
 * The lint rules one dialect registers beside its config spec, as an ESLint plugin ships `rules`
 * beside `languages`: checks only its agent needs, with the data they read, in the dialect's folder
 * (src/dialects/<id>/rules/). The runner runs them after the core rules, and only for that dialect.
 */
export interface DialectRules {
  /** The rules that also run when config loads (`atLoad`), imported with the spec. */
  readonly atLoad: readonly Rule[];
  /** Every rule of the dialect, lint-only ones included; imported when lint runs, so a `run` never loads them. */
  all(): Promise<readonly Rule[]>;
  /**
   * Core rules whose check this dialect's own rules stand in for, because its agent does something
   * else there (codex runs an `async: true` hook synchronously where other agents refuse it: its
   * `async-runs-sync` replaces `async-not-allowed`). The runner skips their check for this dialect;
   * they stay listed (rule ids, --rule, the config file's levels), only finding nothing.
   */
  readonly replaces?: readonly string[];
}

/** A dialect's config spec with the rules it registers (DialectRules); core reads `rules` only through this type. */
export type RuledConfigSpec = DialectConfigSpec & { readonly rules?: DialectRules };
