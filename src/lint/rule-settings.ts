import { join } from 'node:path';
import { UsageError } from '../errors.js';
import type { Finding, Severity } from '../kit/finding.js';
import { didYouMean } from '../util/did-you-mean.js';
import { readRegularFileSync, SIZE_CAPS } from '../util/regular-file.js';
import type { LintResult } from './run-lint.js';

/** A rule's effective level: off, or the severity its findings are reported with. */
export type RuleLevel = Severity | 'off';

/** What a user may write for a level: ESLint's `warn` beside hookctl's own severity names. */
const LEVELS: Readonly<Record<string, RuleLevel>> = { off: 'off', info: 'info', warn: 'warning', warning: 'warning', error: 'error' };
const LEVEL_NAMES = '"off", "info", "warn" or "error"';

/** The file of rule settings at the repository root; package.json's "hookctl" key is the alternative. */
export const SETTINGS_FILE = 'hookctl.config.json';

export interface RuleSettings {
  /** Rule id → level, in the order written (the command line's after the file's). */
  levels: Map<string, RuleLevel>;
  /** Where the file settings came from (`hookctl.config.json`, `package.json "hookctl"`), for messages; null without one. */
  source: string | null;
}

/**
 * The repository's rule settings: `hookctl.config.json` at `root`, else the `"hookctl"` key of
 * root's package.json; both at once is refused (which one wins would be a guess). Every problem is
 * a UsageError naming the file: a settings file that silently does nothing hides a typo.
 */
export function readRuleSettings(root: string, ruleIds: readonly string[]): RuleSettings {
  const own = readJson(join(root, SETTINGS_FILE), SETTINGS_FILE);
  const pkg = readJson(join(root, 'package.json'), 'package.json');
  const fromPackage = isObject(pkg) && Object.hasOwn(pkg, 'hookctl') ? pkg.hookctl : undefined;
  if (own !== undefined && fromPackage !== undefined) {
    throw new UsageError(`${SETTINGS_FILE} and package.json "hookctl" both set lint rules; keep one of them`);
  }
  if (own !== undefined) return { levels: settingsOf(own, SETTINGS_FILE, ruleIds), source: SETTINGS_FILE };
  if (fromPackage !== undefined)
    return { levels: settingsOf(fromPackage, 'package.json "hookctl"', ruleIds), source: 'package.json "hookctl"' };
  return { levels: new Map(), source: null };
}

/** `--rule id=level`, checked like a settings file entry; commander calls it once per occurrence. */
export function parseRuleOption(value: string, ruleIds: readonly string[]): [string, RuleLevel] {
  const match = /^([^=\s]+)=(\S+)$/.exec(value.trim());
  if (match === null) throw new UsageError(`--rule ${value}: expected <rule-id>=<level>, for example --rule cwd-relative-script=off`);
  return [checkedId(match[1]!, '--rule', ruleIds), checkedLevel(match[2]!, `--rule ${match[1]}`)];
}

/**
 * The findings with the settings applied: a rule set to `off` reports nothing, any other level
 * replaces the severity of all its findings (so --max-warnings, the exit status, SARIF and
 * annotations follow it). A finding the agent treats as fatal (octo) keeps that mark: settings
 * change what lint reports, never what the runtime refuses.
 */
export function applyRuleSettings(result: LintResult, levels: ReadonlyMap<string, RuleLevel>): LintResult {
  if (levels.size === 0) return result;
  const findings: Finding[] = [];
  for (const finding of result.findings) {
    const level = levels.get(finding.ruleId);
    if (level === 'off') continue;
    findings.push(level === undefined ? finding : { ...finding, severity: level });
  }
  return { ...result, findings, levels: new Map(levels) };
}

function settingsOf(value: unknown, where: string, ruleIds: readonly string[]): Map<string, RuleLevel> {
  if (!isObject(value)) throw new UsageError(`${where}: expected an object like { "rules": { "<rule-id>": "off" } }`);
  for (const key of Object.keys(value)) {
    if (key === 'rules' || key === '$schema') continue;
    const near = didYouMean(key, ['rules']);
    throw new UsageError(`${where}: unknown key "${key}"${near === null ? '' : `; did you mean "${near}"?`} (the only setting is "rules")`);
  }
  const rules = value.rules ?? {};
  if (!isObject(rules)) throw new UsageError(`${where}: "rules" must be an object of rule ids to ${LEVEL_NAMES}`);
  const levels = new Map<string, RuleLevel>();
  for (const [id, level] of Object.entries(rules)) {
    levels.set(checkedId(id, `${where} "rules"`, ruleIds), checkedLevel(level, `${where} "rules"."${id}"`));
  }
  return levels;
}

function checkedId(id: string, where: string, ruleIds: readonly string[]): string {
  if (ruleIds.includes(id)) return id;
  const near = didYouMean(id, ruleIds);
  const hint = near === null ? '; `hookctl lint --help` and docs/rules/README.md list the rules' : `; did you mean "${near}"?`;
  throw new UsageError(`${where}: unknown rule "${id}"${hint}`);
}

function checkedLevel(level: unknown, where: string): RuleLevel {
  if (typeof level === 'string' && Object.hasOwn(LEVELS, level)) return LEVELS[level]!;
  throw new UsageError(`${where}: ${JSON.stringify(level) ?? String(level)} is not a level; use ${LEVEL_NAMES}`);
}

/** The file parsed, undefined when it does not exist; unreadable or invalid JSON is a UsageError. */
function readJson(path: string, name: string): unknown {
  const read = readRegularFileSync(path, SIZE_CAPS.configJson);
  if (!read.ok) {
    if (read.missing) return undefined;
    throw new UsageError(`${name}: cannot read it (${read.reason})`);
  }
  try {
    return JSON.parse(read.bytes.toString('utf8')) as unknown;
  } catch (error) {
    throw new UsageError(`${name}: not valid JSON (${(error as Error).message})`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
