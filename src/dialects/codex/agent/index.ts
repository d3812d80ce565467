/** The real Codex CLI as an oracle: a scripted Responses API model and a namespaced `codex exec` driver. */
export { INTERRUPT_COMMAND } from './interrupt.js';
export { SCRIPTED_MODEL, scriptedModelCatalog } from './model-catalog.js';
export {
  COMPACTION_SUMMARY,
  isCompactionRequest,
  outputItem,
  type RecordedRequest,
  type ScriptedResponsesServer,
  type ScriptedServerOptions,
  type ScriptedTurn,
  SPAWNED_AGENT,
  startScriptedResponsesServer,
  toolOutput,
} from './responses-server.js';
export { type CodexAgentResult, type CodexJob, type CodexRun, runCodexAgent } from './run-agent.js';
export {
  type CodexAppServer,
  type CodexConfigEdit,
  type CodexHookMetadata,
  type CodexHooksList,
  openCodexAppServer,
} from './app-server.js';
