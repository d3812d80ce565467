import type { Rule } from '../config/rule.js';
import { DIALECT_IDS, loadDialectRules, type DialectId } from './registry.js';

/** One lint rule and who registers it: null for a core rule (src/lint/rules/), else its dialect. */
export interface RuleEntry {
  rule: Rule;
  dialect: DialectId | null;
}

/**
 * Every lint rule hookctl has: the core rules in their order, then each dialect's own, in registry
 * order. What a rule id may name (`--rule`, the settings file, inline ignores) and what SARIF
 * describes, whichever dialects' files a run lints. Imported on demand: it loads every rule.
 */
export async function ruleCatalogue(): Promise<RuleEntry[]> {
  const { RULES } = await import('../lint/rules/index.js');
  const own = await Promise.all(DIALECT_IDS.map(async (dialect) => (await loadDialectRules(dialect)).map((rule) => ({ rule, dialect }))));
  return [...RULES.map((rule) => ({ rule, dialect: null })), ...own.flat()];
}

/** Every lint rule, core and dialect ones (ruleCatalogue without the owners). */
export async function everyRule(): Promise<Rule[]> {
  return (await ruleCatalogue()).map((entry) => entry.rule);
}
