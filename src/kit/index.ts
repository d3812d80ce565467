/**
 * The contract a dialect is written against, and the shapes every layer passes around. Types only
 * (and a few small pure functions and constants: formatFinding, defineDialect, walkRepositoryFiles, the
 * concordance's CANONICAL_TOOLS and its row readers): importing the kit costs nothing at run time, and it
 * imports nothing outside itself, so any layer may depend on it.
 */
export type { AgentCase, AgentDisagreement, AgentDriver, AgentObservation, AgentProjectContext, AgentStuck } from './agent-driver.js';
export type { Contracts, ValidationError, ValidationResult } from './contracts.js';
export type { Dialect, LoadedConfig } from './dialect.js';
export { defineDialect } from './define-dialect.js';
export type { DialectDefinition } from './define-dialect.js';
export { formatFinding } from './finding.js';
export type { Finding, Severity } from './finding.js';
export type {
  CompiledCondition,
  ConditionVerdict,
  CompiledMatcher,
  HandlerRecord,
  HandlerSource,
  HandlerType,
  Launch,
  TrustStatus,
  UnrunnableReason,
} from './handler-record.js';
export type { BuiltinHook, InProcessHook } from './in-process.js';
export type { HookListing, ListedHook, ListedHookDetail, ListedSetting, SwitchedOff, SwitchedOffScope } from './listing.js';
export type { ConfigFormat, FileRole, LayerFile, ProjectWalk } from './layers.js';
export { walkRepositoryFiles } from './layers.js';
export type { LoadContext, SessionValues } from './load-context.js';
export { sessionValue, sessionValues } from './load-context.js';
export type {
  CanonicalTool,
  DialectCliFacts,
  DialectConcordance,
  DialectManifest,
  EventSpec,
  RepositoryFile,
  SessionFlag,
} from './manifest.js';
export { CANONICAL_TOOLS, exitTwoGuards, guardTools, movedUserConfigDir, toolNamesOf, userConfigDirVariable } from './manifest.js';
export type { AggregateEffect, Decision, Outcome, RunMode, RunReport, RunStatus, SkipReason, StandingSkipReason } from './outcome.js';
export type {
  AggregateOptions,
  ChainedRun,
  ChainedSchedule,
  DialectProtocol,
  DispatchContextInfo,
  DispatchPreparation,
  HandlerEffect,
  InterpretedRun,
  Interpretation,
  Schedule,
} from './protocol.js';
export type { RunResult } from './run-result.js';
export type {
  RecordedEvent,
  RecordedHookTrace,
  SessionLocationContext,
  SessionLocations,
  RecordPosition,
  SessionRecordParser,
  SessionRecordReader,
} from './session-records.js';
export type { DialectScaffolding, HookExample, RegisterEdit, RegistrationEntry } from './scaffold.js';
export type { ToolSample, ToolSamples } from './tool-samples.js';
export type { HandlerTrust, ProjectGate, ScriptHashes, TrustAuthority, TrustContext, TrustModel, TrustUnit } from './trust-authority.js';
