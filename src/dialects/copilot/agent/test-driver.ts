import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../../contracts/package-root.js';
import { runJailedDriver } from '../../../testing/jailed-driver.js';
import type { AgentCase, AgentDisagreement, AgentDriver, AgentObservation, AgentProjectContext } from '../../../kit/agent-driver.js';
import { laySandbox, readFromJail, type SandboxLayout } from '../../../util/agent-sandbox.js';
import { isPlainObject } from '../../../util/is-plain-object.js';
import { readRegularFileSync, SIZE_CAPS } from '../../../util/regular-file.js';
import { COPILOT_EVENTS } from '../events.js';
import { checkTexts, conversation, observeGate, observePermission, observePost, observePrompt, observeStop } from './observe.js';
import { packageCache, versionUnpacking } from './package-cache.js';
import { copilotRedirections } from './redirections.js';
import { otherName, SCENARIOS, sessionFor, writtenPaths } from './script.js';
import type { CopilotSession, CopilotSessionResult } from './session.js';

/**
 * `hookctl test --agent copilot`: one case is one `copilot -p … --allow-all-tools --trust-folder
 * --no-auto-update` in a sandbox (a copy of the project, a private HOME and COPILOT_HOME) against a
 * scripted Chat Completions model on the jail's 127.0.0.1, whose turns make Copilot fire the case's
 * event (script.ts). Witness hooks of ours, in a user-layer file that runs first and prints nothing,
 * record each payload Copilot sent for the case's event and for agentStop (a session that would not
 * end); what the model was sent tells the rest (observe.ts). The runtime Copilot unpacks on its
 * first run is shared, read-only in the jail (package-cache.ts).
 */
export const copilotAgentDriver: AgentDriver = {
  agent: 'GitHub Copilot CLI',
  binName: 'copilot',
  installHint: 'npm install -g @github/copilot',
  events: COPILOT_EVENTS.map((event) => event.name).filter((name) => SCENARIOS[name] !== undefined),
  // Hooks of these run in every `copilot -p` session, whatever the case's event.
  sessionEvents: [
    'sessionStart',
    'SessionStart',
    'userPromptSubmitted',
    'UserPromptSubmit',
    'userPromptTransformed',
    'agentStop',
    'Stop',
    'sessionEnd',
    'SessionEnd',
  ],
  version: versionUnpacking,
  redirections: (context) => copilotRedirections(context.projectDir),
  run: runCopilotCase,
};

/** Model steps past the script after which a session is ended as a loop (a stop hook that always blocks). */
const LOOP_AFTER = 5;
const WITNESS_FILE = '~~hookctl-witness.json';

interface Layout extends SandboxLayout {
  readonly copilotHome: string;
}

async function runCopilotCase(c: AgentCase): Promise<AgentObservation> {
  if (c.served === true)
    return notRun('GitHub Copilot CLI takes no served hooks (`--served` is for agents with http hooks hookctl serves)');
  const layout = lay(c);
  const continuation = SCENARIOS[c.event] === 'stop' && c.payload.stop_hook_active === true;
  const session = sessionFor(c, layout.project, continuation);
  if (session.notDrivable !== null) return notRun(session.notDrivable);
  writeUserLayer(c, layout, continuation);
  // Read before the run: afterwards the copy is the agent's and its hooks', and untrusted.
  const alsoRegistered = otherRegistered(c.event, layout);
  const spec: CopilotSession = {
    copilot: c.bin,
    cwd: layout.project,
    home: layout.home,
    copilotHome: layout.copilotHome,
    cacheHome: join(c.sandbox, 'cache'),
    pkgCache: packageCache(),
    tmp: layout.tmp,
    prompt: session.prompt,
    turns: session.turns,
    env: session.env,
    timeoutMs: c.timeoutMs,
    loopAfter: LOOP_AFTER,
  };
  const result = await runDriver(c.sandbox, layout, spec, writtenPaths(c, layout.project));
  return observe(c, layout, result, session.turns.length, alsoRegistered);
}

function notRun(why: string): AgentObservation {
  return { fired: false, summary: 'not run', disagreements: [], exitCode: null, stderrTail: '', notDrivable: why };
}

/**
 * The shared sandbox, with COPILOT_HOME inside its HOME. The copy's own `.github/hooks` is what
 * Copilot reads from the session directory; the repository hooks load because the session is run
 * with `--trust-folder` (the author is testing them, as `hookctl test` runs them without review).
 */
function lay(c: AgentCase): Layout {
  const layout = laySandbox(c.sandbox, c.projectDir, c.payload.cwd);
  const copilotHome = join(layout.home, '.copilot');
  mkdirSync(join(copilotHome, 'hooks'), { recursive: true });
  mkdirSync(join(c.sandbox, 'cache'), { recursive: true });
  return { ...layout, copilotHome };
}

function userHooksDir(context: AgentProjectContext): string | null {
  if (!context.withUserSettings) return null;
  return join(context.env.COPILOT_HOME ?? join(context.home, '.copilot'), 'hooks');
}

/**
 * The user layer: the user's own hook files when opted in (regular files only, each capped), and
 * our witness file, named to sort first: Copilot runs a directory's files in descending name order
 * and the first deny stops the rest, so the witness sees every payload before any deny.
 */
function writeUserLayer(c: AgentCase, layout: Layout, continuation: boolean): void {
  const hooksDir = join(layout.copilotHome, 'hooks');
  const user = userHooksDir(c);
  for (const name of user === null ? [] : listJson(user)) {
    const read = readRegularFileSync(join(user as string, name), SIZE_CAPS.configJson);
    if (read.ok && name !== WITNESS_FILE) writeFileSync(join(hooksDir, name), read.bytes);
  }
  const witness = join(layout.tools, 'witness.sh');
  writeFileSync(witness, `cat > "${layout.dumps}/$1.$(date +%s%N).$$.json"\n`);
  const hook = (event: string) => ({ type: 'command', bash: `sh ${witness} ${event}`, timeoutSec: 30 });
  const hooks: Record<string, unknown[]> = {};
  for (const event of new Set([c.event, 'agentStop'])) hooks[event] = [hook(event)];
  if (continuation) {
    const marker = join(layout.tools, 'stopped-once');
    const once = join(layout.tools, 'stop-once.sh');
    const block = JSON.stringify({ decision: 'block', reason: 'hookctl: go on once' });
    writeFileSync(once, `cat > /dev/null\n[ -e "${marker}" ] && exit 0\n: > "${marker}"\nprintf '%s' '${block}'\n`);
    hooks[c.event] = [...(hooks[c.event] ?? []), { type: 'command', bash: `sh ${once}` }];
  }
  writeFileSync(join(hooksDir, WITNESS_FILE), JSON.stringify({ version: 1, hooks }, null, 2));
}

function listJson(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
}

/** The payloads the witness recorded for `event`, in the order they came (read as untrusted: the sandbox is the agent's). */
function witnessed(layout: Layout, event: string): Record<string, unknown>[] {
  const sandbox = join(layout.tools, '..');
  return listJson(layout.dumps)
    .filter((file) => file.startsWith(`${event}.`))
    .sort()
    .flatMap((file) => {
      const text = readFromJail(sandbox, join(layout.dumps, file));
      try {
        const value: unknown = text === null ? null : JSON.parse(text);
        return isPlainObject(value) ? [value] : [];
      } catch {
        return [];
      }
    });
}

function driverPath(): string {
  return join(packageRoot(), 'dist', 'src', 'dialects', 'copilot', 'agent', 'driver.js');
}

/** driver.js (scripted model + copilot) jailed, with nothing of the caller's environment but PATH. */
function runDriver(sandbox: string, layout: Layout, spec: CopilotSession, written: readonly string[]): Promise<CopilotSessionResult> {
  const run = { sandbox, filesDir: layout.tools, driver: driverPath(), spec, home: layout.home, timeoutMs: spec.timeoutMs, written };
  return runJailedDriver({ ...run, agent: 'GitHub Copilot CLI', read: sessionResult });
}

function sessionResult(text: string | null): CopilotSessionResult | null {
  try {
    const value: unknown = text === null ? null : JSON.parse(text);
    return isPlainObject(value) && Array.isArray(value.requests) && typeof value.stderr === 'string'
      ? (value as unknown as CopilotSessionResult)
      : null;
  } catch {
    return null;
  }
}

const TOOL_EVENTS = new Set(['postToolUse', 'PostToolUse', 'postToolUseFailure', 'PostToolUseFailure']);

function observe(
  c: AgentCase,
  layout: Layout,
  result: CopilotSessionResult,
  turns: number,
  alsoRegistered: string | null,
): AgentObservation {
  const fired = witnessed(layout, c.event).length > 0;
  const talk = conversation(result.requests, layout.project, c.projectDir);
  const back = (text: string): string => text.split(layout.project).join(c.projectDir);
  const base = { fired, exitCode: result.exitCode, stderrTail: back(result.stderr.trimEnd().split('\n').slice(-5).join('\n')) };
  if (result.looped) {
    const stopEvent = SCENARIOS[c.event] === 'stop' ? c.event : 'agentStop';
    const stops = witnessed(layout, stopEvent);
    const last = stops.at(-1);
    const payload = last === undefined ? null : (JSON.parse(back(JSON.stringify(last))) as Record<string, unknown>);
    const agentText = talk.lastPrompt.length > 200 ? `…${talk.lastPrompt.slice(-200)}` : talk.lastPrompt;
    const stuck = { kind: 'loop' as const, event: stopEvent, times: Math.max(stops.length, LOOP_AFTER), payload, agentText };
    return {
      ...base,
      summary: `fired ${stopEvent} ${stuck.times} times, the turn going on after each`,
      disagreements: [],
      notDrivable: null,
      stuck,
    };
  }
  if (result.timedOut && result.stillRunning.length > 0) {
    const running = result.stillRunning.map((p) => ({ ...p, command: back(p.command) }));
    return {
      ...base,
      summary: 'did not finish',
      disagreements: [],
      notDrivable: null,
      stuck: { kind: 'hang', timeoutMs: c.timeoutMs, running },
    };
  }
  if (result.timedOut)
    return { ...base, summary: 'timed out', disagreements: [], notDrivable: `GitHub Copilot CLI did not finish within ${c.timeoutMs} ms` };
  // Not one hook of ours ran and the model was never asked: Copilot did not start (a broken install, say).
  if (talk.steps.length === 0 && listJson(layout.dumps).length === 0)
    throw new Error(`GitHub Copilot CLI ended (exit ${result.exitCode}) before any hook or model call: ${base.stderrTail}`);
  const out: AgentDisagreement[] = [];
  let summary = fired ? `fired ${c.event}` : `did not fire ${c.event}`;
  const tool = SCENARIOS[c.event] === 'tool';
  if (tool && talk.caseResult === null)
    return {
      ...base,
      summary,
      disagreements: [],
      notDrivable: 'GitHub Copilot CLI never ran the call the case names (the model got no result for it)',
    };
  if (TOOL_EVENTS.has(c.event) && !fired) {
    const why = `the tool answered ${JSON.stringify((talk.caseResult ?? '').slice(0, 200))}`;
    return { ...base, summary, disagreements: [], notDrivable: `GitHub Copilot CLI did not fire ${c.event} for this call here (${why})` };
  }
  if (c.event === 'preToolUse' || c.event === 'PreToolUse') summary = observeGate(c, talk, out);
  else if (c.event === 'permissionRequest' || c.event === 'PermissionRequest') summary = observePermission(c, talk, out);
  else if (c.event === 'postToolUse' || c.event === 'PostToolUse') summary = observePost(c, talk, out);
  else if (c.event === 'userPromptSubmitted' || c.event === 'UserPromptSubmit') summary = observePrompt(c.prediction, talk, out);
  else if (c.event === 'agentStop' || c.event === 'Stop') summary = observeStop(c.prediction, talk.steps.length > turns, out);
  checkTexts(c.prediction, talk.text, out);
  if (!fired && c.prediction.runs.some((run) => run.status !== 'skipped') && out.length === 0)
    out.push({ field: 'runs', agentDid: `ran no hook on ${c.event}`, hookctlPredicts: 'its hooks run', agentValue: [] });
  return { ...base, summary, disagreements: withOtherName(c.event, alsoRegistered, out), notDrivable: null };
}

/**
 * Where the copy (or the copied user layer) registers the action's other name too, Copilot ran
 * those hooks on the same action: each disagreement says so, since hookctl's prediction is for the
 * case's own name and the other one is a case of its own.
 */
function withOtherName(event: string, other: string | null, out: AgentDisagreement[]): AgentDisagreement[] {
  if (out.length === 0 || other === null) return out;
  const note =
    ` (for ${event} alone; ${other} hooks are registered too and Copilot runs them on the same action: ` + `test them in a ${other} case)`;
  return out.map((d) => ({ ...d, hookctlPredicts: `${d.hookctlPredicts}${note}` }));
}

/** The action's other name when a hooks file of the copy or the copied user layer registers it, else null. */
function otherRegistered(event: string, layout: Layout): string | null {
  const other = otherName(event);
  if (other === null) return null;
  const dirs = [join(layout.project, '.github', 'hooks'), join(layout.copilotHome, 'hooks')];
  return dirs.some((dir) => registers(dir, other)) ? other : null;
}

/** A hooks file of `dir` (not ours) registers `event`; files are read as untrusted, capped. */
function registers(dir: string, event: string): boolean {
  return listJson(dir)
    .filter((name) => name !== WITNESS_FILE)
    .some((name) => {
      const read = readRegularFileSync(join(dir, name), SIZE_CAPS.configJson);
      if (!read.ok) return false;
      try {
        const value: unknown = JSON.parse(read.bytes.toString('utf8'));
        return isPlainObject(value) && isPlainObject(value.hooks) && Object.hasOwn(value.hooks, event);
      } catch {
        return false;
      }
    });
}
