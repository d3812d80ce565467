import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodexRun, RecordedRequest, ScriptedTurn } from '../../../src/dialects/codex/agent/index.js';
import type { Outcome } from '../../../src/index.js';
import { isCompactionRequest, toolOutput } from '../../../src/dialects/codex/agent/index.js';
import type { CodexWorld, HookBehaviour } from './harness.js';
import { type Group, type Handler, type LayerName, placeHooks } from './layers.js';

/** What a case's hook did in Codex, as far as the model and the file system show it. */
export interface Observed {
  /** The case hook ran (it recorded a payload). */
  fired: boolean;
  /** The scripted command (`touch ran-1`) or patch took effect. */
  toolRan: boolean;
  /** The model was called at least once. */
  modelCalled: boolean;
  /** The model was called again after the first tool call: the turn went on. */
  turnWentOn: boolean;
  /** The hook's context text reached the model. */
  contextSeen: boolean;
  /** The hook's feedback / reason text reached the model. */
  reasonSeen: boolean;
}

export interface EventCase {
  readonly name: string;
  readonly event: string;
  readonly matcher?: string;
  readonly behaviour?: HookBehaviour;
  readonly handler?: Omit<Handler, 'command'>;
  /** Default: one `exec_command` that creates `ran-1`. */
  readonly script?: readonly ScriptedTurn[];
  /** What a subagent the script spawns does (default: it says `done`). */
  readonly subagentScript?: readonly ScriptedTurn[];
  /** Tokens each model response reports (with a low `model_auto_compact_token_limit`: compaction). */
  readonly usageTokens?: number;
  readonly bypass?: boolean;
  readonly args?: readonly string[];
  /** What Codex must be seen to do (the case is about this). */
  readonly expect: Partial<Observed>;
  /** Text markers the hook's output carries. */
  readonly context?: string;
  readonly reason?: string;
  /** The layers this case runs in (default: every layer). */
  readonly layers?: readonly LayerName[];
  /**
   * What Codex decides by a race, left out when hookctl's prediction is compared: `codex exec` ends
   * the session right after the last Stop, so a background (async) Stop hook may or may not have
   * started by then; neither is a verdict either side gives.
   */
  readonly racy?: readonly (keyof Observed)[];
}

export const DEFAULT_SCRIPT: readonly ScriptedTurn[] = [{ exec: 'touch ran-1' }];

/**
 * Codex is ended after this long: a hang fails the case fast (a plain run takes 3–8 s; a subagent or
 * compaction run about twice that), leaving room for a loaded machine within the case's 120 s.
 */
const CODEX_TIMEOUT_MS = 60_000;

/** A hook that only records its payload: hookctl is asked about every payload it saw. */
const WITNESS = 'witness';

export interface CaseResult {
  readonly observed: Observed;
  readonly predicted: Observed;
  /** The openinterpreter dialect's prediction from the same hooks (user hooks.json layer only), else null. */
  readonly openInterpreter: Observed | null;
  readonly run: CodexRun;
  readonly outcomes: Outcome[];
}

/**
 * Runs one case in Codex and in hookctl: Codex runs the case hook and a witness (same event, every
 * tool); hookctl is then given each payload the witness recorded (`hookctl dry-run <event> --payload -`,
 * with the same `-c` flags) and its outcome is turned into the same observables.
 */
export async function runCase(world: CodexWorld, layer: LayerName, c: EventCase): Promise<CaseResult> {
  const groups: Group[] = [
    { event: c.event, matcher: c.matcher, handlers: [{ command: world.hook('case', c.behaviour), ...c.handler }] },
    { event: c.event, handlers: [{ command: world.hook(WITNESS) }] },
  ];
  const flags = placeHooks(world, layer, groups);
  const trusted = await world.trustAll(...configFlags(flags));
  if (trusted.code !== 0) throw new Error(`hookctl trust failed: ${trusted.stderr}`);
  const run = await world.codex({
    script: c.script ?? DEFAULT_SCRIPT,
    subagentScript: c.subagentScript,
    usageTokens: c.usageTokens,
    bypass: c.bypass,
    args: [...flags, ...(c.args ?? [])],
    timeoutMs: CODEX_TIMEOUT_MS,
  });
  if (run.timedOut) throw new Error(`codex exec did not finish within ${CODEX_TIMEOUT_MS} ms: ${run.stderr.slice(-800)}`);
  const observed = observe(world, run, c);
  const seen = world.invocations(WITNESS).map((entry) => entry.payload);
  // The first payload decides (a `once` hook answers it; later ones are the agent going on).
  const first = seen[0];
  const outcomes: Outcome[] = [];
  if (first !== undefined) {
    world.resetOnce();
    const result = await world.hookctlInput(JSON.stringify(first), 'dry-run', c.event, '--payload', '-', '--json', ...configFlags(flags));
    if (!result.stdout.trim()) throw new Error(`hookctl dry-run printed nothing (exit ${result.code}): ${result.stderr}`);
    outcomes.push(JSON.parse(result.stdout) as Outcome);
  }
  // openinterpreter has ten events: not SessionEnd (SPEC 2.1) nor the ones Codex added after it.
  const shared = layer === 'user-json' && first !== undefined && !CODEX_ONLY_EVENTS.has(c.event);
  const openInterpreter = shared ? await predictOpenInterpreter(world, c, first) : null;
  return { observed, predicted: predict(c, outcomes[0]), openInterpreter, run, outcomes };
}

/**
 * openinterpreter runs the Codex hooks engine: the same hooks.json in `~/.openinterpreter/`, trusted
 * with `hookctl trust`, and the payload Codex sent, give its verdict.
 */
async function predictOpenInterpreter(world: CodexWorld, c: EventCase, payload: Record<string, unknown>): Promise<Observed> {
  world.put('home/.openinterpreter/hooks.json', readFileSync(join(world.codexHome, 'hooks.json'), 'utf8'));
  const trusted = await world.hookctlAs('openinterpreter', '', 'trust', '--yes');
  if (trusted.code !== 0) throw new Error(`hookctl trust (openinterpreter) failed: ${trusted.stderr}`);
  world.resetOnce();
  const result = await world.hookctlAs('openinterpreter', JSON.stringify(payload), 'dry-run', c.event, '--payload', '-', '--json');
  if (!result.stdout.trim()) throw new Error(`hookctl dry-run (openinterpreter) printed nothing (exit ${result.code}): ${result.stderr}`);
  return predict(c, JSON.parse(result.stdout) as Outcome);
}

/** Codex events openinterpreter does not have. */
const CODEX_ONLY_EVENTS: ReadonlySet<string> = new Set(['SessionEnd', 'PreModelRequest', 'PostModelRequest', 'Interrupt']);

/** `-c k=v` for codex is `--config k=v` for hookctl. */
const configFlags = (flags: readonly string[]): string[] => flags.map((flag) => (flag === '-c' ? '--config' : flag));

function observe(world: CodexWorld, run: CodexRun, c: EventCase): Observed {
  const all = run.requests.filter((request) => request.path.endsWith('/responses'));
  const text = JSON.stringify(all.map((request) => request.body));
  // A compaction request is Codex summarising, not the turn going on: only sampling requests count.
  const responses = all.filter((request) => !isCompaction(request));
  const output = toolOutput(run.requests, 1) ?? '';
  return {
    fired: world.invocations('case').length > 0,
    toolRan: existsSync(join(world.project, 'ran-1')),
    modelCalled: responses.length > 0,
    turnWentOn: responses.length > 1,
    contextSeen: c.context !== undefined && text.includes(c.context),
    reasonSeen: c.reason !== undefined && (text.includes(c.reason) || output.includes(c.reason)),
  };
}

const isCompaction = (request: RecordedRequest): boolean => isCompactionRequest(request.body);

const has = (text: string | null | undefined, marker: string | undefined): boolean =>
  marker !== undefined && typeof text === 'string' && text.includes(marker);

/**
 * What Codex should show if hookctl's outcome for the first payload is right. Fields an event does not
 * decide keep the plain run's value (the tool runs, the model is called).
 */
export function predict(c: EventCase, outcome: Outcome | undefined): Observed {
  const plain: Observed = { fired: false, toolRan: true, modelCalled: true, turnWentOn: true, contextSeen: false, reasonSeen: false };
  if (outcome === undefined) return plain;
  const fired = outcome.runs.some((run) => run.command.includes('/hooks/case.sh') && run.skipReason === null);
  const context = has(outcome.additionalContext, c.context);
  const reason = has(outcome.reason, c.reason) || has(outcome.stopReason, c.reason);
  const base = { ...plain, fired, contextSeen: context };
  switch (c.event) {
    case 'PreToolUse':
      return { ...base, toolRan: outcome.decision !== 'deny', reasonSeen: outcome.decision === 'deny' && reason };
    case 'PermissionRequest':
      return { ...base, toolRan: outcome.decision === 'allow', reasonSeen: outcome.decision === 'deny' && reason };
    case 'PostToolUse':
      // Codex: continue:false replaces the tool output with the reason; the turn stops only when stop is true.
      // The outcome's reason is the feedback that replaces the tool output (a block or continue:false).
      return { ...base, reasonSeen: has(outcome.reason, c.reason), turnWentOn: !outcome.stop };
    case 'UserPromptSubmit': {
      const goesOn = !outcome.blocked && !outcome.stop;
      return { ...base, modelCalled: goesOn, turnWentOn: goesOn, toolRan: goesOn, contextSeen: goesOn && context };
    }
    case 'Stop':
    case 'SubagentStop':
      return { ...base, reasonSeen: outcome.blocked && !outcome.stop && reason };
    case 'SubagentStart':
      // The subagent's command (its script) runs unless the start stopped it; its context reaches it.
      return { ...base, toolRan: !outcome.stop };
    case 'PreCompact':
    case 'PostCompact':
      // A stop aborts the turn (TurnAborted): no sampling request after the compaction.
      return { ...base, turnWentOn: !outcome.stop };
    case 'SessionStart':
      return {
        ...base,
        modelCalled: !outcome.stop,
        turnWentOn: !outcome.stop,
        toolRan: !outcome.stop,
        contextSeen: !outcome.stop && context,
      };
    case 'Interrupt':
      // The case's script interrupted the turn (its command never finished); the hook changes nothing.
      return { ...base, toolRan: false, turnWentOn: false };
    default:
      // SessionEnd, PreModelRequest, PostModelRequest: observe only.
      return base;
  }
}
