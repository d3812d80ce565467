import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { AgentDisagreement, AgentDriver, AgentStuck } from '../kit/agent-driver.js';
import type { Outcome, RunReport } from '../kit/outcome.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { NoCasesError } from '../errors.js';
import { matchExpected, type Mismatch } from './match-expected.js';
import { describeBroken, type HookPreflight } from './preflight.js';
import { type CaseDialects, findCaseFiles, type LoadedCase, loadCase, namedDialects } from './run-cases.js';

/**
 * `hookctl test --agent`: each case runs in the real agent (through the dialect's AgentDriver) and
 * in hookctl. The expectation is checked against what the agent did: hookctl's outcome for the case,
 * with every field the agent showed otherwise replaced by the agent's value. Fields an agent does
 * not show (run ids, exit codes, stdout) stay hookctl's; a field where the two differ is reported
 * as a disagreement, since it is a hookctl bug or an agent change and the user should know which.
 */
export type AgentCaseStatus = 'passed' | 'failed' | 'disagrees' | 'not-run' | 'error';

export interface AgentCaseResult {
  /** The case file, relative to the cases directory. */
  readonly name: string;
  readonly file: string;
  readonly event: string | null;
  readonly status: AgentCaseStatus;
  /** Where the agent's behaviour differs from the expectation. */
  readonly mismatches: readonly Mismatch[];
  readonly disagreements: readonly AgentDisagreement[];
  /** What the agent did, one line (`denied the call: "…"`). */
  readonly agentDid: string | null;
  /** Why the case did not run in the agent (not-run) or could not run at all (error), else null. */
  readonly reason: string | null;
  readonly agentExitCode: number | null;
  readonly agentStderr: string;
  readonly durationMs: number;
}

export interface AgentReport {
  readonly agent: string;
  readonly agentVersion: string;
  readonly agentBin: string;
  readonly results: AgentCaseResult[];
  readonly passed: number;
  readonly failed: number;
  readonly disagreements: number;
  readonly notRun: number;
  readonly errors: number;
  readonly durationMs: number;
}

/** Per agent session: generous, since a loaded machine makes one session take minutes. */
const DEFAULT_TIMEOUT_MS = 300_000;

/** hookctl's side of a case: by default the engine's dispatch; a test may give its own. */
export type Predictor = (event: string, payload: unknown) => Promise<Outcome>;

export interface RunAgentCasesOptions {
  readonly driver: AgentDriver;
  readonly agentBin: string;
  readonly predict: Predictor;
  /** A directory of `*.case.json` files, or case files. */
  readonly paths: readonly string[];
  /** Shown relative to this (default: the directory given, or the first file's). */
  readonly casesRoot?: string;
  readonly projectDir: string;
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly withUserSettings?: boolean;
  /** `--served`: the agent runs the hooks `hookctl serve --http` serves (AgentCase.served). */
  readonly served?: boolean;
  /** Cases in flight at once (default: the number of cores). */
  readonly jobs?: number;
  /** Per agent session (default 300 s). */
  readonly timeoutMs?: number;
  /** Called once per case as it finishes, in finishing order. */
  readonly onResult?: (result: AgentCaseResult) => void;
  /** Aborted (Ctrl-C): no further case starts; the caller ends the running agents' process groups. */
  readonly signal?: AbortSignal;
  /**
   * The hooks lint says cannot run as written (preflight.ts): a case whose session would run one —
   * a hook hookctl selects for the case, or any hook of an event every session fires
   * (`AgentDriver.sessionEvents`) — is an error naming the finding, and its agent is not started.
   */
  readonly preflight?: HookPreflight;
  /**
   * The agent's dialect id and the ids hookctl knows: a case naming other dialects only is not run
   * here, and one written for another dialect (the first of its `dialects`) is translated first.
   */
  readonly dialects?: { readonly self: string; readonly known: readonly string[]; readonly translate?: CaseDialects['translate'] };
}

/**
 * Sandboxes of cases still running. Each case removes its own; this is for an exit that does not
 * wait for that (a second Ctrl-C, the interrupt watchdog): 'exit' listeners run on every path.
 */
const liveSandboxes = new Set<string>();
let exitCleanupInstalled = false;

function newSandbox(): string {
  if (!exitCleanupInstalled) {
    exitCleanupInstalled = true;
    process.on('exit', () => {
      for (const dir of liveSandboxes) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'hookctl-agent-'));
  liveSandboxes.add(dir);
  return dir;
}

function removeSandbox(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  liveSandboxes.delete(dir);
}

export async function runAgentCases(options: RunAgentCasesOptions): Promise<AgentReport> {
  const started = Date.now();
  const { files, root } = await collect(options.paths, options.casesRoot);
  const agentVersion = await options.driver.version(options.agentBin);
  // hookctl's predictions first, one at a time: run beside the agents, the hooks would compete with
  // them for the CPU, and a hook's own timeout would then decide a case rather than its logic.
  const predicted: Predicted[] = [];
  for (const file of files) {
    if (options.signal?.aborted) break;
    predicted.push(await predict(options, file, relative(root, file) || file));
  }
  const results = await pool(predicted, Math.max(1, options.jobs ?? availableParallelism()), async (entry) => {
    const result = await runOne(options, entry);
    options.onResult?.(result);
    return result;
  });
  const count = (status: AgentCaseStatus): number => results.filter((r) => r.status === status).length;
  return {
    agent: options.driver.agent,
    agentVersion,
    agentBin: options.agentBin,
    results,
    passed: count('passed'),
    failed: count('failed'),
    disagreements: count('disagrees'),
    notRun: count('not-run'),
    errors: count('error'),
    durationMs: Date.now() - started,
  };
}

async function collect(paths: readonly string[], casesRoot: string | undefined): Promise<{ files: string[]; root: string }> {
  const files: string[] = [];
  for (const path of paths) {
    const full = resolve(path);
    if (path.endsWith('.case.json') && isFile(full)) files.push(full);
    else files.push(...(await findCaseFiles(full, path)));
  }
  if (files.length === 0) throw new NoCasesError(`no *.case.json files under ${paths.join(', ')}`);
  const first = resolve(paths[0] ?? '.');
  const root = casesRoot ?? (isFile(first) ? resolve(first, '..') : first);
  return { files: [...new Set(files)], root };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Runs `work` over `items` with at most `jobs` in flight; results keep the items' order. */
async function pool<T, R>(items: readonly T[], jobs: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

interface Predicted {
  readonly file: string;
  readonly name: string;
  readonly loaded: LoadedCase;
  readonly prediction: Outcome | Error | null;
  readonly predictionMs: number;
  /** Why the case is not for this agent (it names other dialects only), else null. */
  readonly notForAgent: string | null;
}

async function predict(options: RunAgentCasesOptions, file: string, name: string): Promise<Predicted> {
  const started = Date.now();
  const { loaded, notForAgent } = await forThisAgent(options, await loadCase(file, options.projectDir), name);
  let prediction: Outcome | Error | null = null;
  if (loaded.ok && notForAgent === null && options.driver.events.includes(loaded.testCase.event)) {
    try {
      prediction = await options.predict(loaded.testCase.event, loaded.payload);
    } catch (error) {
      prediction = error as Error;
    }
  }
  return { file, name, loaded, prediction, predictionMs: Date.now() - started, notForAgent };
}

/** The case as this agent's dialect runs it: not at all when it names other dialects only, translated when written for another. */
async function forThisAgent(
  options: RunAgentCasesOptions,
  loaded: LoadedCase,
  name: string,
): Promise<{ loaded: LoadedCase; notForAgent: string | null }> {
  const dialects = options.dialects;
  if (!loaded.ok || dialects === undefined) return { loaded, notForAgent: null };
  const named = namedDialects(loaded.testCase, name, dialects.known);
  if (named === null) return { loaded, notForAgent: null };
  if (!named.includes(dialects.self)) return { loaded, notForAgent: `the case is for ${named.join(', ')}, not ${dialects.self}` };
  const writtenIn = named[0]!;
  if (writtenIn === dialects.self) return { loaded, notForAgent: null };
  const { testCase, payload } = loaded;
  const translated = dialects.translate
    ? await dialects.translate(writtenIn, dialects.self, testCase.event, payload, { cwd: options.projectDir })
    : { error: 'no cross-agent table here' };
  if ('error' in translated)
    return {
      loaded: { ok: false, error: `written for ${writtenIn}, cannot run in ${dialects.self}: ${translated.error}` },
      notForAgent: null,
    };
  return { loaded: { ok: true, testCase: { ...testCase, event: translated.event }, payload: translated.payload }, notForAgent: null };
}

async function runOne(options: RunAgentCasesOptions, entry: Predicted): Promise<AgentCaseResult> {
  const { file, name, loaded } = entry;
  const started = Date.now() - entry.predictionMs;
  const blank = { name, file, mismatches: [], disagreements: [], agentDid: null, agentExitCode: null, agentStderr: '' };
  const done = (fields: Partial<AgentCaseResult> & Pick<AgentCaseResult, 'status' | 'event'>): AgentCaseResult => ({
    ...blank,
    reason: null,
    ...fields,
    durationMs: Date.now() - started,
  });
  if (!loaded.ok) return done({ status: 'error', event: null, reason: loaded.error });
  const { testCase, payload } = loaded;
  if (entry.notForAgent !== null) return done({ status: 'not-run', event: testCase.event, reason: entry.notForAgent });
  if (!options.driver.events.includes(testCase.event)) {
    const drivable = options.driver.events.join(', ');
    const why = `${options.driver.agent} cannot be made to fire ${testCase.event} from a case here (drivable: ${drivable})`;
    return done({ status: 'not-run', event: testCase.event, reason: why });
  }
  const prediction = entry.prediction;
  if (prediction === null || prediction instanceof Error) {
    return done({ status: 'error', event: testCase.event, reason: `hookctl could not predict the case: ${prediction?.message}` });
  }
  if (options.signal?.aborted) return done({ status: 'error', event: testCase.event, reason: 'interrupted before it ran' });
  const selected = prediction.runs.filter((run) => run.skipReason === null).map((run) => run.id);
  const broken = options.preflight?.among(selected, options.driver.sessionEvents ?? []) ?? [];
  if (broken.length > 0)
    return done({ status: 'error', event: testCase.event, reason: `${options.driver.agent} not started: ${describeBroken(broken)}` });
  const sandbox = newSandbox();
  try {
    const observation = await options.driver.run({
      bin: options.agentBin,
      event: testCase.event,
      payload: isPlainObject(payload) ? payload : {},
      prediction,
      projectDir: options.projectDir,
      home: options.home,
      env: options.env,
      withUserSettings: options.withUserSettings === true,
      sandbox,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(options.served === true ? { served: true } : {}),
    });
    const agent = { agentDid: observation.summary, agentExitCode: observation.exitCode, agentStderr: observation.stderrTail };
    if (observation.stuck !== undefined)
      return done({ status: 'error', event: testCase.event, reason: await explainStuck(options, observation.stuck), ...agent });
    if (observation.notDrivable !== null)
      return done({ status: 'not-run', event: testCase.event, reason: observation.notDrivable, ...agent });
    const mismatches = matchExpected(testCase.expect, agentOutcome(prediction, observation.disagreements));
    const status = mismatches.length > 0 ? 'failed' : observation.disagreements.length > 0 ? 'disagrees' : 'passed';
    return done({ status, event: testCase.event, mismatches, disagreements: observation.disagreements, ...agent });
  } catch (error) {
    return done({ status: 'error', event: testCase.event, reason: (error as Error).message });
  } finally {
    removeSandbox(sandbox);
  }
}

/**
 * Why a session did not end, in one paragraph. For a loop, hookctl runs the event's hooks on the last
 * payload the agent sent and names the ones that blocked, with their exit code and stderr tail.
 */
async function explainStuck(options: RunAgentCasesOptions, stuck: AgentStuck): Promise<string> {
  const agent = options.driver.agent;
  if (stuck.kind === 'hang') {
    const running = stuck.running.map((p) => `${JSON.stringify(p.command)} (running for ${(p.runningMs / 1000).toFixed(1)} s)`);
    return `${agent} did not finish within ${stuck.timeoutMs} ms; still running then: ${running.join('; ')}`;
  }
  const fired = `it fired ${stuck.times} times, the turn going on after each`;
  const head = `${agent} kept re-entering ${stuck.event}: ${fired}, and the run was ended`;
  const said = stuck.agentText === '' ? '' : `; what ${agent} gave the model the last time: ${JSON.stringify(stuck.agentText)}`;
  if (stuck.payload === null) return `${head}${said}`;
  let blockers: string[];
  try {
    const outcome = await options.predict(stuck.event, stuck.payload);
    blockers = outcome.runs.filter((run) => run.status === 'blocked').map(describeRun);
  } catch (error) {
    return `${head} (hookctl could not run its ${stuck.event} hooks to say which: ${(error as Error).message})${said}`;
  }
  if (blockers.length === 0) return `${head}; none of its ${stuck.event} hooks blocks that payload when hookctl runs them${said}`;
  return `${head}; ${blockers.join('; ')}`;
}

function describeRun(run: RunReport): string {
  const exit = run.exitCode !== null ? `exit ${run.exitCode}` : run.signal !== null ? `signal ${run.signal}` : 'no exit code';
  const tail = run.stderr.trimEnd().split('\n').slice(-STDERR_TAIL_LINES).join('\n');
  const where = run.file === null ? '' : ` (${run.file}${run.line === null ? '' : `:${run.line}`})`;
  return `hook ${run.id}${where} blocked it: ${exit}${tail === '' ? ', no stderr' : `, stderr: ${JSON.stringify(tail)}`}`;
}

const STDERR_TAIL_LINES = 5;

/** hookctl's outcome with each field the agent showed differently replaced by the agent's value. */
export function agentOutcome(prediction: Outcome, disagreements: readonly AgentDisagreement[]): Record<string, unknown> {
  const outcome: Record<string, unknown> = { ...prediction };
  for (const disagreement of disagreements) {
    if (!(disagreement.field in outcome)) continue;
    outcome[disagreement.field] = disagreement.agentValue;
    // A refused or allowed call moves `blocked` with the decision, as the outcome defines it.
    if (disagreement.field === 'decision') outcome.blocked = disagreement.agentValue === 'deny';
  }
  return outcome;
}
