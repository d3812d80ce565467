import { UsageError } from '../errors.js';
import type { HandlerRecord, HandlerTrust, TrustAuthority, TrustContext } from '../kit/index.js';

/** Whether the agent trusts the folder it runs in, and the words that say where that was decided. */
export interface WorkspaceDecision {
  trusted: boolean;
  /** Shown with each hook's trust (`accepted for /repo in ~/.claude.json`), else null. */
  detail: string | null;
}

/** What a dialect whose agent trusts folders, not hooks, supplies. */
export interface WorkspaceTrustOptions {
  /**
   * The sentence `hookctl trust`, `untrust`, `enable` and `disable` print instead of acting: why the
   * agent has no per-hook trust and how its hooks are trusted or turned off instead.
   */
  notApplicable: string;
  /** Decides the folder's trust the agent's way (read-only: hookctl never records it). */
  decide(context: TrustContext): Promise<WorkspaceDecision>;
  /** The files (and markers) the decision reads, so a long-lived engine re-decides when one changes. */
  watchPaths?(context: TrustContext): Promise<string[]>;
  /**
   * Handlers the folder's trust does not hold back. Default: managed and built-in hooks. Gemini
   * holds back every settings hook, user hooks included, so a dialect may narrow this further.
   */
  exempt?(handler: HandlerRecord): boolean;
}

const MANAGED_OR_BUILTIN = (handler: HandlerRecord) => handler.source === 'managed' || handler.source === 'builtin';

/**
 * A trust authority for an agent with no per-hook trust or switch (claude, gemini): every hook the
 * folder's trust covers is `workspace-trusted` or, held back, `workspace-untrusted` with that gate
 * (the trust bypass lifts it, SPEC 2.7); managed hooks are `managed`. The operations behind
 * `hookctl trust/untrust/enable/disable` refuse with `notApplicable` and write nothing. The folder's
 * trust is read only when some hook needs it, and not at all under `workspaceTrust: 'assume'`.
 */
export function workspaceTrustAuthority(options: WorkspaceTrustOptions): TrustAuthority {
  const exempt = options.exempt ?? MANAGED_OR_BUILTIN;
  const refuse = async (): Promise<never> => {
    throw new UsageError(options.notApplicable);
  };
  return {
    async evaluate(handlers: readonly HandlerRecord[], context: TrustContext): Promise<HandlerTrust[]> {
      const needs = handlers.some((handler) => !exempt(handler));
      const workspace = needs && context.workspaceTrust !== 'assume' ? await options.decide(context) : null;
      const trusted = workspace === null || workspace.trusted;
      const detail = workspace?.detail ?? null;
      return handlers.map((handler): HandlerTrust => {
        if (handler.source === 'managed') return { status: 'managed', enabled: true, hash: null, detail: null };
        if (trusted || exempt(handler)) return { status: 'workspace-trusted', enabled: true, hash: null, detail };
        return { status: 'workspace-untrusted', enabled: true, hash: null, detail, gate: 'workspace-untrusted' };
      });
    },
    ...(options.watchPaths ? { watchPaths: (_handlers, context) => options.watchPaths!(context) } : {}),
    notApplicable: options.notApplicable,
    units: refuse,
    trust: refuse,
    untrust: refuse,
    setEnabled: refuse,
  };
}
