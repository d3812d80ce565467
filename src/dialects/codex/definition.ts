import type { HandlerRecord } from '../../kit/index.js';
import { canonicalJson, sha256, snakeCaseEvent } from '../../trust/hash.js';
import { CODEX_EVENTS } from './events.js';

/** The fields of a handler that make up its identity (SPEC 2.7); `id` is deliberately not one of them. */
export interface HookDefinition {
  event_name: string;
  hooks: [HandlerIdentity];
  matcher?: string;
}

export interface HandlerIdentity {
  type: 'command';
  command: string;
  /** Whole seconds, normalised (the default 600 is written out). */
  timeout: number;
  async: boolean;
  statusMessage?: string;
  /** Only when set to something other than the default 2500 (discovery.rs normalises the default away). */
  additionalContextLimit?: number;
  onFailure?: 'abort';
}

/** Codex: codex-rs/hooks/src/output_spill.rs DEFAULT_HOOK_OUTPUT_TOKEN_LIMIT. */
const DEFAULT_CONTEXT_LIMIT = 2500;

const EVENTS_WITHOUT_MATCHER = new Set<string>(CODEX_EVENTS.filter((event) => event.matcherField === null).map((event) => event.name));

/** The Codex-compatible identity object of a handler (SPEC 2.7). */
export function hookDefinition(handler: HandlerRecord): HookDefinition {
  const identity: HandlerIdentity = {
    type: 'command',
    // Before plugin-variable substitution, so trust does not depend on where the home dir is
    // (Codex: codex-rs/hooks/src/engine/discovery.rs hashes before substituting).
    command: handler.declaredCommand ?? handler.command,
    timeout: handler.timeoutMs / 1000,
    // As written: Codex hashes `async: true` of a SessionEnd hook it runs synchronously (discovery.rs).
    async: handler.declaredAsync ?? handler.async,
  };
  if (handler.statusMessage !== null) identity.statusMessage = handler.statusMessage;
  const limit = handler.additionalContextLimit;
  if (limit !== undefined && limit !== DEFAULT_CONTEXT_LIMIT) identity.additionalContextLimit = limit;
  if (handler.onFailure === 'abort') identity.onFailure = 'abort';
  const definition: HookDefinition = { event_name: snakeCaseEvent(handler.event), hooks: [identity] };
  if (handler.matcher.source !== null && !EVENTS_WITHOUT_MATCHER.has(handler.event)) {
    definition.matcher = handler.matcher.source;
  }
  return definition;
}

/** The identity hash of a handler's exact definition (SPEC 2.7). */
export function definitionHash(handler: HandlerRecord): string {
  return sha256(canonicalJson(hookDefinition(handler)));
}
