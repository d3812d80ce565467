import { analyseFiles, sortFindings } from '../config/analyse-files.js';
import type { ConfigFile } from '../config/config-file.js';
import type { ConfigFormat } from '../config/source-tree.js';
import type { Finding, LoadContext, Severity } from '../kit/index.js';
import type { InstalledAgent, Rule, RuledConfigSpec, RuleMeta } from './rule.js';
import { RULES } from './rules/index.js';
import { describeConfigFile, discoverConfig } from '../config/load-declaration.js';

export interface LintResult {
  /** Sorted by file, line, column. */
  findings: Finding[];
  /** Every rule that ran, the core's and the dialect's own (for reporters that describe rules, such as SARIF). */
  rules: RuleMeta[];
  /** Every file checked, findings or not, in the order checked (JSON lists them); absent when unknown. */
  files?: string[];
  /** Each checked file's format as read (a `.json` can be JSONC): where an inline ignore can be written. */
  formats?: ReadonlyMap<string, ConfigFormat>;
  /**
   * The rule levels the repository's settings or `--rule` changed (rule-settings.ts): the findings
   * already carry them; SARIF records them as configuration overrides. Absent: every rule as shipped.
   */
  levels?: ReadonlyMap<string, Severity | 'off'>;
}

export interface LintOptions {
  /**
   * The config rules of the dialect to lint: lint needs only these, never a dialect's payload
   * validators or runtime protocol (the registry's `loadConfigSpec`), with the rules it registers.
   */
  spec: RuledConfigSpec;
  context: LoadContext;
  /** Lint only these files (relative to the cwd or absolute) instead of every discovered layer. */
  files?: readonly string[];
  /**
   * The directory a named file's hooks run in, where its relative script paths resolve (the
   * project its config directory belongs to); default: the cwd. Discovered layers always use the
   * cwd: that is where the agent loading them runs.
   */
  projectDirOf?(path: string): string;
  /** How a path is written inside a message (lint: relative to the repository root); default: as is. */
  showPath?(path: string): string;
  /** The agent release installed where the hooks run, when older than the proven one (the agent-version-since rule). */
  installedAgent?: InstalledAgent;
}

/**
 * Lints a dialect's config with every rule: all discovered layers together (the stack an agent
 * started in the cwd loads), or the named files, each placed in the layer its path implies and
 * checked together with the other named files of that layer only. Files of different layers are
 * not loaded together by any one agent unless the cwd says so, and that is what discovery is for.
 */
export async function runLint(options: LintOptions): Promise<LintResult> {
  const { spec, context } = options;
  const showPath = options.showPath ?? ((path: string) => path);
  const findings: Finding[] = [];
  const lintSees = { env: context.env, ...(options.installedAgent === undefined ? {} : { installedAgent: options.installedAgent }) };
  const rules = await rulesFor(spec);
  let files: ConfigFile[];
  if (options.files === undefined) {
    files = await discoverConfig(spec, context);
    // Hooks run in the cwd (the engine's project dir), so relative script paths resolve there.
    findings.push(...analyseFiles(files, spec, rules, context.cwd, showPath, lintSees).findings);
  } else {
    files = (await Promise.all(options.files.map((path) => describeConfigFile(spec, path, context)))).flat();
    for (const layer of byLayer(files)) {
      const projectDir = options.projectDirOf?.(layer[0]!.parsed.path) ?? context.cwd;
      findings.push(...analyseFiles(layer, spec, rules, projectDir, showPath, lintSees).findings);
    }
  }
  const formats = new Map(files.map((file) => [file.parsed.path, file.parsed.format]));
  return { findings: sortFindings(findings), rules: rules.map((rule) => rule.meta), files: [...formats.keys()], formats };
}

/** The rules lint runs for a dialect: the core rules, then every rule the dialect registers (DialectRules). */
export async function rulesFor(spec: RuledConfigSpec): Promise<readonly Rule[]> {
  return spec.rules === undefined ? RULES : [...RULES, ...(await spec.rules.all())];
}

/** Files grouped by layer, in first-appearance order. */
function byLayer(files: readonly ConfigFile[]): ConfigFile[][] {
  const layers = new Map<string, ConfigFile[]>();
  for (const file of files) layers.set(file.layer, [...(layers.get(file.layer) ?? []), file]);
  return [...layers.values()];
}
