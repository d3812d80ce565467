import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { packageRoot } from '../../../contracts/package-root.js';
import type { AgentCase, AgentDisagreement, AgentDriver, AgentObservation, AgentProjectContext } from '../../../kit/agent-driver.js';
import { releaseProcessGroup, signalProcessGroup, trackProcessGroup } from '../../../engine/process-groups.js';
import type { Outcome } from '../../../kit/outcome.js';
import { agentJail, agentVersion, laySandbox, type SandboxLayout, witnessed, writeWitness } from '../../../util/agent-sandbox.js';
import { isPlainObject } from '../../../util/is-plain-object.js';
import { INTERRUPT_COMMAND } from './interrupt.js';
import type { CodexJob, CodexRun } from './job.js';
import { codexRedirections, copiedCodexConfigs } from './redirections.js';
import { type ScriptedTurn, toolOutput } from './responses-server.js';
import { observePromptReached } from '../../../testing/agent-observations.js';

/**
 * `hookctl test --agent codex`: one case is one `codex exec` in a sandbox (a copy of the project, a
 * private HOME and CODEX_HOME whose config.toml trusts the copy) against the scripted Responses
 * model. The project's hooks are trusted there with `hookctl trust` (the author is testing them,
 * as `hookctl test` runs them without review). Witness hooks of ours in the user layer record the
 * payloads Codex sent: the case's event (did it fire) and PostToolUse (the command that really ran).
 */
export const codexAgentDriver: AgentDriver = {
  agent: 'Codex',
  binName: 'codex',
  installHint: 'npm install -g @openai/codex',
  // PreModelRequest and PostModelRequest fire around the scripted turn's model request (observe only);
  // Interrupt when the scripted tool call interrupts the turn (INTERRUPT_COMMAND).
  events: [
    'PreToolUse',
    'PermissionRequest',
    'PostToolUse',
    'Stop',
    'UserPromptSubmit',
    'SessionStart',
    'SessionEnd',
    'PreModelRequest',
    'PostModelRequest',
    'Interrupt',
  ],
  // Hooks of these run in every session (model requests included), whatever the case's event.
  sessionEvents: ['SessionStart', 'UserPromptSubmit', 'PreModelRequest', 'PostModelRequest', 'Stop', 'SessionEnd'],
  version: (bin) => agentVersion(bin),
  redirections: (context) => codexRedirections(copiedCodexConfigs(context.projectDir, userCodexHome(context))),
  run: runCodexCase,
};

const DONE = 'hookctl: scripted turn finished.';
/** Model requests past the script after which a case's session is ended as a loop (CodexJob.loopAfter). */
const LOOP_AFTER = 5;
const FIRST_STOP = 'hookctl: a first stop, so that the next one is a continuation.';
const BLOCKED_PREFIX = 'Command blocked by PreToolUse hook:';

function userCodexHome(context: AgentProjectContext): string | null {
  if (!context.withUserSettings) return null;
  return context.env.CODEX_HOME ?? join(context.home, '.codex');
}

/** The shared sandbox, with CODEX_HOME inside its HOME. */
interface Layout extends SandboxLayout {
  readonly codexHome: string;
}

async function runCodexCase(c: AgentCase): Promise<AgentObservation> {
  const layout = lay(c);
  const continuation = c.event === 'Stop' && c.payload.stop_hook_active === true;
  writeUserLayer(c, layout, continuation);
  await trustHooks(layout);
  const script = scriptFor(c, layout, continuation);
  const job: CodexJob = {
    codexBin: c.bin,
    codexHome: layout.codexHome,
    cwd: layout.cwd,
    prompt: c.event === 'UserPromptSubmit' && typeof c.payload.prompt === 'string' ? c.payload.prompt : 'Run the scripted step.',
    script,
    env: { HOME: layout.home, TMPDIR: layout.tmp },
    timeoutMs: c.timeoutMs,
    // A case's session goes on past its script at most once (its Stop hook blocking the final stop, as
    // the example's does once): five times means a hook blocks every stop, and it would never end.
    loopAfter: LOOP_AFTER,
    // Codex asks PermissionRequest hooks for an escalated command under on-request approvals only.
    ...(c.event === 'PermissionRequest' ? { bypass: false, args: ['--approve-for-me'] } : {}),
  };
  const run = await runDriver(c.sandbox, job);
  return observe(c, layout, run, script.length);
}

function lay(c: AgentCase): Layout {
  const layout = laySandbox(c.sandbox, c.projectDir, c.payload.cwd);
  const codexHome = join(layout.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  return { ...layout, codexHome };
}

/** CODEX_HOME: the copy trusted as a project, our witnesses (and the user's own layer when opted in). */
function writeUserLayer(c: AgentCase, layout: Layout, continuation: boolean): void {
  const user = userCodexHome(c);
  const read = (name: string): string => (user !== null && existsSync(join(user, name)) ? readFileSync(join(user, name), 'utf8') : '');
  // Codex keys project trust by the repository root (the copy's enclosing `git init`), as at the user's.
  const trust = `\n[projects.${JSON.stringify(layout.root)}]\ntrust_level = "trusted"\n`;
  writeFileSync(join(layout.codexHome, 'config.toml'), `${read('config.toml')}${trust}`);
  const own = read('hooks.json');
  const parsed = own === '' ? {} : (JSON.parse(own) as { hooks?: Record<string, unknown[]> });
  const hooks: Record<string, unknown[]> = { ...(parsed.hooks ?? {}) };
  const witness = writeWitness(layout);
  const add = (event: string, command: string): void => {
    hooks[event] = [...(hooks[event] ?? []), { hooks: [{ type: 'command', command }] }];
  };
  add(c.event, witness);
  if (c.event !== 'PostToolUse') add('PostToolUse', witness);
  // Every Stop payload, so a turn that keeps going (a Stop hook blocking every attempt) can be replayed to name the hook.
  if (c.event !== 'Stop') add('Stop', witness);
  if (continuation) {
    const marker = join(layout.tools, 'stopped-once');
    const once = join(layout.tools, 'stop-once.sh');
    const block = JSON.stringify({ decision: 'block', reason: 'hookctl: go on once' });
    writeFileSync(once, `cat > /dev/null\n[ -e "${marker}" ] && exit 0\n: > "${marker}"\nprintf '%s' '${block}'\n`);
    add('Stop', `sh ${once}`);
  }
  writeFileSync(join(layout.codexHome, 'hooks.json'), JSON.stringify({ ...parsed, hooks }, null, 2));
}

/** `hookctl trust --yes` in the sandbox: every hook Codex will see there may run. */
function trustHooks(layout: Layout): Promise<void> {
  const bin = join(packageRoot(), 'bin', 'hookctl.js');
  const args = [bin, 'trust', '--yes', '--dialect', 'codex', '--cwd', layout.cwd, '--home', layout.home];
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: layout.home, CODEX_HOME: layout.codexHome };
  return new Promise((resolvePromise, reject) => {
    execFile(process.execPath, args, { env, timeout: 60_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`hookctl trust in the sandbox failed: ${stderr.trim().slice(-400)}`));
      else resolvePromise();
    });
  });
}

function scriptFor(c: AgentCase, layout: Layout, continuation: boolean): ScriptedTurn[] {
  const message = typeof c.payload.last_assistant_message === 'string' ? c.payload.last_assistant_message : DONE;
  if (c.event === 'Stop') return continuation ? [{ message: FIRST_STOP }, { message }] : [{ message }];
  if (c.event === 'Interrupt') return [{ exec: INTERRUPT_COMMAND }];
  const input = isPlainObject(c.payload.tool_input) ? c.payload.tool_input : {};
  const command = typeof input.command === 'string' ? input.command.split(c.projectDir).join(layout.project) : null;
  if (command !== null && c.payload.tool_name === 'apply_patch') {
    seedPatchTargets(command, layout.cwd);
    return [{ applyPatch: command }, { message: DONE }];
  }
  if (command !== null) return [{ exec: command, escalated: c.event === 'PermissionRequest' }, { message: DONE }];
  return [{ message: DONE }];
}

/**
 * A case's patch updates files the copy may not have: each `*** Update File:` target that is
 * missing is written with the lines the patch removes or keeps, so the patch applies and Codex
 * fires PostToolUse as it would in the author's checkout.
 */
function seedPatchTargets(patch: string, cwd: string): void {
  const sections = patch.split(/^\*\*\* (?=Update File: )/m).slice(1);
  for (const section of sections) {
    const [head = '', ...body] = section.split('\n');
    const target = resolve(cwd, head.replace(/^Update File: /, '').trim());
    if (existsSync(target) || !target.startsWith(cwd)) continue;
    const lines = body.filter((line) => /^[- ]/.test(line)).map((line) => line.slice(1));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `${lines.join('\n')}\n`);
  }
}

function driverPath(): string {
  return join(packageRoot(), 'dist', 'src', 'dialects', 'codex', 'agent', 'driver.js');
}

/** driver.js (scripted server + codex exec) jailed, with nothing of the caller's environment but PATH. */
function runDriver(sandbox: string, job: CodexJob): Promise<CodexRun> {
  const [command, ...args] = agentJail().wrap([process.execPath, driverPath()], sandbox);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: join(sandbox, 'home') };
  return new Promise((resolvePromise, reject) => {
    // Its own process group, tracked: Ctrl-C on hookctl ends the driver, the agent and its hooks.
    const child = spawn(command as string, args, { stdio: ['pipe', 'pipe', 'pipe'], env, detached: true });
    const group = child.pid;
    if (group !== undefined) trackProcessGroup(group);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      // A hook could write to the driver's stdout too (same uid): bounded like a payload.
      if (stdout.length < 64 * 1024 * 1024) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
    });
    // `codex exec` has its own timeout; this one ends a driver that hangs around it.
    const guard = setTimeout(() => group !== undefined && signalProcessGroup(group, 'SIGKILL'), (job.timeoutMs ?? 60_000) + 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      if (group !== undefined) releaseProcessGroup(group);
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        const parsed = JSON.parse(line) as CodexRun & { driverError?: string };
        if (parsed.driverError !== undefined) reject(new Error(`the Codex driver failed: ${parsed.driverError}`));
        else resolvePromise(parsed);
      } catch {
        reject(new Error(`the Codex driver printed no result (exit ${code}): ${stderr.trim().slice(-400)}`));
      }
    });
    child.stdin.end(JSON.stringify(job));
  });
}

const quote = (text: string | null | undefined): string => (text === null || text === undefined ? 'no reason' : JSON.stringify(text));

function observe(c: AgentCase, layout: Layout, run: CodexRun, turns: number): AgentObservation {
  const fired = witnessed(layout, c.event).length > 0;
  const responses = run.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/responses'));
  const seen = JSON.stringify(responses.map((request) => request.body))
    .split(layout.project)
    .join(c.projectDir);
  const base = { fired, exitCode: run.exitCode, stderrTail: run.stderr.trimEnd().split('\n').slice(-5).join('\n') };
  if (run.looped) {
    const stops = witnessed(layout, 'Stop');
    const last = stops.at(-1);
    const payload =
      last === undefined ? null : (JSON.parse(JSON.stringify(last).split(layout.project).join(c.projectDir)) as Record<string, unknown>);
    const times = stops.length > 0 ? stops.length : run.looped.continuations;
    const stuck = { kind: 'loop' as const, event: 'Stop', times, payload, agentText: clip(run.looped.lastInput) };
    return { ...base, summary: `fired Stop ${times} times, the turn going on after each`, disagreements: [], notDrivable: null, stuck };
  }
  if (run.timedOut && (run.stillRunning ?? []).length > 0) {
    const running = (run.stillRunning ?? []).map((p) => ({ ...p, command: p.command.split(layout.project).join(c.projectDir) }));
    const stuck = { kind: 'hang' as const, timeoutMs: c.timeoutMs, running };
    return { ...base, summary: 'did not finish', disagreements: [], notDrivable: null, stuck };
  }
  if (run.timedOut)
    return { ...base, summary: 'timed out', disagreements: [], notDrivable: `Codex did not finish within ${c.timeoutMs} ms` };
  const out: AgentDisagreement[] = [];
  let summary = fired ? `fired ${c.event}` : `did not fire ${c.event}`;
  if (c.event === 'PreToolUse') summary = observeCall(c, layout, toolOutput(run.requests, 1), out);
  else if (c.event === 'PermissionRequest' && !fired) {
    const why = clip(toolOutput(run.requests, 1) ?? 'no tool output');
    return { ...base, summary, disagreements: out, notDrivable: `Codex did not fire PermissionRequest for this call here (${why})` };
  } else if (c.event === 'PermissionRequest') summary = observePermission(c, layout, seen, out);
  else if (c.event === 'PostToolUse' && !fired) {
    return {
      ...base,
      summary,
      disagreements: out,
      notDrivable: `Codex did not fire PostToolUse for this call here (${clip(toolOutput(run.requests, 1) ?? 'no tool output')})`,
    };
  } else if (c.event === 'Stop') summary = observeContinuation(c.prediction, responses.length > turns, out);
  else if (c.event === 'UserPromptSubmit')
    summary = observePromptReached(
      { blocked: c.prediction.blocked || c.prediction.stop, reason: c.prediction.reason },
      responses.length > 0,
      out,
    );
  checkTexts(c.prediction, seen, out);
  if (!fired && c.prediction.runs.some((r) => r.status !== 'skipped') && out.length === 0)
    out.push({ field: 'runs', agentDid: `ran no hook on ${c.event}`, hookctlPredicts: 'its hooks run', agentValue: [] });
  return { ...base, summary, disagreements: out, notDrivable: null };
}

function observeCall(c: AgentCase, layout: Layout, output: string | null, out: AgentDisagreement[]): string {
  const prediction = c.prediction;
  const denied = output?.startsWith(BLOCKED_PREFIX) === true;
  const reason = denied ? (output ?? '').slice(BLOCKED_PREFIX.length).trim() : null;
  const post = witnessed(layout, 'PostToolUse')[0];
  const executed = isPlainObject(post?.tool_input) && typeof post.tool_input.command === 'string' ? post.tool_input.command : null;
  const asked = isPlainObject(c.payload.tool_input) ? c.payload.tool_input.command : undefined;
  const rewritten = executed !== null && typeof asked === 'string' && executed !== asked.split(c.projectDir).join(layout.project);
  const summary = denied
    ? `denied the call: ${quote(reason)}`
    : rewritten
      ? `ran the call rewritten to ${JSON.stringify(executed)}`
      : 'ran the call';
  const predictedDeny = prediction.decision === 'deny';
  if (denied !== predictedDeny) {
    const predicted = predictedDeny ? `deny: ${quote(prediction.reason)}` : `${prediction.decision ?? 'no decision'}: the call runs`;
    out.push({
      field: 'decision',
      agentDid: summary,
      hookctlPredicts: predicted,
      agentValue: denied ? 'deny' : rewritten ? 'allow' : null,
    });
    if (reason !== prediction.reason)
      out.push({
        field: 'reason',
        agentDid: `told the model ${quote(reason)}`,
        hookctlPredicts: quote(prediction.reason),
        agentValue: reason,
      });
  } else if (denied && prediction.reason !== null && !(reason ?? '').includes(prediction.reason)) {
    out.push({
      field: 'reason',
      agentDid: `told the model ${quote(reason)}`,
      hookctlPredicts: `the reason ${quote(prediction.reason)}`,
      agentValue: reason,
    });
  } else if (!denied) {
    const predictedCommand = isPlainObject(prediction.updatedInput) ? prediction.updatedInput.command : asked;
    const ranCommand = executed === null ? null : executed.split(layout.project).join(c.projectDir);
    if (ranCommand !== null && ranCommand !== predictedCommand) {
      out.push({
        field: 'updatedInput',
        agentDid: `ran ${JSON.stringify(ranCommand)}`,
        hookctlPredicts: `it runs ${JSON.stringify(predictedCommand)}`,
        agentValue: { ...(isPlainObject(c.payload.tool_input) ? c.payload.tool_input : {}), command: ranCommand },
      });
    }
  }
  return summary;
}

/**
 * PermissionRequest: the hook's allow runs the escalated command (PostToolUse then sees it), its
 * deny refuses it with the message shown to the model. With no decision Codex's own approval
 * review decides, which is not the hooks' outcome: nothing is compared then.
 */
function observePermission(c: AgentCase, layout: Layout, seen: string, out: AgentDisagreement[]): string {
  const prediction = c.prediction;
  const ran = witnessed(layout, 'PostToolUse').length > 0;
  const summary = ran ? 'allowed the call: it ran' : 'refused the call';
  if (prediction.decision === null) return `${summary} (no hook decision: Codex's own approval review decided)`;
  const predicted = prediction.decision === 'allow' ? 'allow: the call runs' : `deny: ${quote(prediction.reason)}`;
  if (ran !== (prediction.decision === 'allow'))
    out.push({ field: 'decision', agentDid: summary, hookctlPredicts: predicted, agentValue: ran ? 'allow' : 'deny' });
  else if (!ran && prediction.reason !== null && !masked(seen).includes(masked(JSON.stringify(prediction.reason).slice(1, -1))))
    out.push({ field: 'reason', agentDid: 'never showed the model that reason', hookctlPredicts: predicted, agentValue: null });
  return summary;
}

function observeContinuation(prediction: Outcome, continued: boolean, out: AgentDisagreement[]): string {
  const summary = continued ? 'went on after the final message (the stop was blocked)' : 'stopped';
  const blocked = prediction.blocked && !prediction.stop;
  if (continued !== blocked)
    out.push({
      field: 'blocked',
      agentDid: summary,
      hookctlPredicts: blocked ? `the stop is blocked: ${quote(prediction.reason)}` : 'the agent stops',
      agentValue: continued,
    });
  return summary;
}

/** hookctl's context text, and a continuation's reason, must reach the model. */
function checkTexts(prediction: Outcome, text: string, out: AgentDisagreement[]): void {
  const seen = masked(text);
  if (out.length > 0) return;
  // Numbers masked: hookctl and the agent each ran the hooks, and a duration differs between runs.
  const escaped = (text: string): string => masked(JSON.stringify(text).slice(1, -1));
  const context = prediction.additionalContext;
  if (context !== null && context !== '' && !seen.includes(escaped(context)))
    out.push({
      field: 'additionalContext',
      agentDid: 'never showed the model that context',
      hookctlPredicts: `the model reads ${quote(clip(context))}`,
      agentValue: null,
    });
  if (prediction.event === 'Stop' && prediction.blocked && prediction.reason !== null && !seen.includes(escaped(prediction.reason)))
    out.push({
      field: 'reason',
      agentDid: 'never showed the model that reason',
      hookctlPredicts: `the model reads ${quote(clip(prediction.reason))}`,
      agentValue: null,
    });
}

const masked = (text: string): string => text.replace(/\d+(\.\d+)?/g, '#');

const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
