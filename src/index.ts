/**
 * hookctl's public API: the engine an agent embeds, its outcome types and the errors it can throw.
 * Per-dialect event types and validators are in `hookctl/openinterpreter` and `hookctl/octo`.
 */
export { createEngine } from './create-engine.js';
export type { EngineOptions } from './create-engine.js';
export { BYPASS_TRUST_WARNING, HOOKS_DISABLED_WARNING } from './engine/engine.js';
export type { Engine, EngineSettings } from './engine/engine.js';
export type { EngineHandler } from './engine/engine-handler.js';
export type { AsyncRunResult, DispatchOptions, RunStartInfo } from './engine/dispatch.js';
export type { Outcome, RunReport, RunStatus, SkipReason, RunMode, Decision } from './kit/outcome.js';
export type { HandlerRecord, HandlerSource, TrustStatus } from './kit/handler-record.js';
export type {
  Dialect,
  DialectManifest,
  EventSpec,
  HandlerTrust,
  InProcessHook,
  SwitchedOff,
  SwitchedOffScope,
  ValidationResult,
  ValidationError,
} from './kit/index.js';
export type { Finding, Severity } from './kit/finding.js';
export { DIALECT_IDS, loadDialect } from './dialects/registry.js';
export type { DialectId } from './dialects/registry.js';
export { runCases } from './testing/run-cases.js';
export type { CaseResult, CasesReport, HookCase } from './testing/run-cases.js';
export * from './errors.js';
