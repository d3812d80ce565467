/**
 * hookctl's public API: the engine an agent embeds, its outcome types and the errors it can throw.
 * Per-dialect event types and validators are in `hookctl/openinterpreter` and `hookctl/octo`.
 */
export { createEngine, BYPASS_TRUST_WARNING, HOOKS_DISABLED_WARNING } from './engine/engine.js';
export type { Engine, EngineOptions } from './engine/engine.js';
export type { EngineHandler } from './engine/engine-handler.js';
export type { DispatchOptions, RunStartInfo } from './engine/dispatch.js';
export type { Outcome, RunReport, RunStatus, SkipReason, RunMode, Decision } from './engine/outcome.js';
export type { HandlerRecord, HandlerSource, TrustStatus } from './config/handler-record.js';
export type { SwitchedOff, SwitchedOffScope } from './config/features-switch.js';
export type { Dialect, EventSpec, HandlerTrust, InProcessHook, ValidationResult, ValidationError } from './dialects/dialect.js';
export type { Finding, Severity } from './lint/finding.js';
export { DIALECT_IDS, loadDialect } from './dialects/registry.js';
export type { DialectId } from './dialects/registry.js';
export { runCases } from './testing/run-cases.js';
export type { CaseResult, CasesReport, HookCase } from './testing/run-cases.js';
export * from './errors.js';
