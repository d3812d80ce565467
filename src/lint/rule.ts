/**
 * Rules import their contract from here. It is defined in src/config/rule.ts, beside the runner that
 * applies the rules when config loads, so config needs nothing from lint (imports point down only).
 */
export * from '../config/rule.js';
