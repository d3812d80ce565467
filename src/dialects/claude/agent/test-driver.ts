import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../../../contracts/package-root.js';
import type { AgentCase, AgentDisagreement, AgentDriver, AgentObservation, AgentProjectContext } from '../../../kit/agent-driver.js';
import { observePromptReached } from '../../../testing/agent-observations.js';
import { runJailedDriver } from '../../../testing/jailed-driver.js';
import type { Outcome } from '../../../kit/outcome.js';
import { agentVersion, intoCopy, laySandbox, type SandboxLayout, witnessed, writeWitness } from '../../../util/agent-sandbox.js';
import { isPlainObject } from '../../../util/is-plain-object.js';
import { readRegularFileSync, SIZE_CAPS } from '../../../util/regular-file.js';
import { HOOK_PATH } from '../../../serve/http-names.js';
import type { ModelScript, ScriptedTurn } from './model-server.js';
import { claudeProjectMcpServers, claudeRedirections, copiedSettingsFiles } from './redirections.js';
import type { SessionResult, SessionSpec } from './session.js';

/**
 * `hookctl test --agent claude`: one case is one `claude -p` session in a sandbox (a copy of the
 * project, a private HOME and CLAUDE_CONFIG_DIR) against the scripted model, whose script makes
 * Claude fire the case's event with the case's tool call, prompt or final message. A witness hook
 * of ours (in a `--settings` layer; it prints nothing) records the payloads Claude sent, so the
 * observation knows whether the event fired; what the model read tells the rest.
 */
export const claudeAgentDriver: AgentDriver = {
  agent: 'Claude Code',
  binName: 'claude',
  installHint: 'npm install -g @anthropic-ai/claude-code',
  events: [
    'PreToolUse',
    'PermissionRequest',
    'PostToolUse',
    'PostToolUseFailure',
    'Stop',
    'UserPromptSubmit',
    'SessionStart',
    'SessionEnd',
  ],
  sessionEvents: ['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd'],
  version,
  redirections: (context) => [
    ...claudeRedirections(copiedSettingsFiles(context.projectDir, userConfigDir(context))),
    ...claudeProjectMcpServers(context.projectDir),
  ],
  run: runClaudeCase,
};

const DONE = 'hookctl: scripted turn finished.';
const FIRST_STOP = 'hookctl: a first stop, so that the next one is a continuation.';

function userConfigDir(context: AgentProjectContext): string | null {
  if (!context.withUserSettings) return null;
  return context.env.CLAUDE_CONFIG_DIR ?? join(context.home, '.claude');
}

// Claude's own auto-updater stays off while it only prints its version.
function version(bin: string): Promise<string> {
  return agentVersion(bin, { DISABLE_AUTOUPDATER: '1' });
}

type Layout = SandboxLayout;

async function runClaudeCase(c: AgentCase): Promise<AgentObservation> {
  const layout = lay(c);
  const served = c.served === true ? servedEndpoint(layout) : undefined;
  if (served === null) return notServed(c);
  const continuation = c.event === 'Stop' && c.payload.stop_hook_active === true;
  const turns = scriptFor(c, layout, continuation);
  const settings = join(layout.tools, 'settings.json');
  writeFileSync(settings, JSON.stringify({ hooks: ourHooks(c.event, layout, continuation) }));
  const spec: SessionSpec = {
    claude: c.bin,
    cwd: layout.project,
    home: layout.home,
    configDir: join(c.sandbox, 'config'),
    prompt: c.event === 'UserPromptSubmit' && typeof c.payload.prompt === 'string' ? c.payload.prompt : 'Run the scripted step.',
    script: { conversations: [{ turns }] } satisfies ModelScript,
    // Claude asks PermissionRequest hooks only where it would ask the user: not under the bypass flag.
    args: ['--settings', settings, '--strict-mcp-config', ...(c.event === 'PermissionRequest' ? [] : ['--dangerously-skip-permissions'])],
    env: { TMPDIR: layout.tmp },
    timeoutMs: c.timeoutMs,
    ...(served === undefined ? {} : { served }),
  };
  const result = await runDriver(c.sandbox, spec, writtenPaths(c, layout));
  return observe(c, layout, result, turns.length);
}

/**
 * `--served`: the endpoint the copy's settings send hooks to (the http handler `scaffold --register
 * --http` writes, `http://127.0.0.1:<port>/hook`), served in the jail with a fresh secret; null when
 * the settings have none, so Claude would never reach the served hooks.
 */
function servedEndpoint(layout: Layout): { port: number; token: string } | null {
  // The copy is the repository's: its settings may be a link to /dev/zero or a FIFO, so only a capped regular file is read.
  const read = readRegularFileSync(join(layout.project, '.claude', 'settings.json'), SIZE_CAPS.configJson);
  if (!read.ok) return null;
  const port = SERVED_URL.exec(read.bytes.toString('utf8'))?.[1];
  return port === undefined ? null : { port: Number(port), token: randomBytes(24).toString('hex') };
}

const SERVED_URL = new RegExp(`"http://(?:127\\.0\\.0\\.1|localhost):(\\d{1,5})${HOOK_PATH}"`);

function notServed(c: AgentCase): AgentObservation {
  return {
    fired: false,
    summary: 'not run',
    disagreements: [],
    exitCode: null,
    stderrTail: '',
    notDrivable:
      `--served: .claude/settings.json has no http handler to http://127.0.0.1:<port>${HOOK_PATH}, so Claude Code never ` +
      `reaches the served hooks (add one with \`hookctl scaffold ${c.event} --register --http\`)`,
  };
}

/**
 * The shared sandbox, plus CLAUDE_CONFIG_DIR: the user's settings there when opted in, and the copy
 * marked as a project whose workspace trust dialog was accepted. That is unconditional: the author
 * asked to test this project's hooks, which `hookctl test` runs without review too, and Claude
 * in `-p` mode would otherwise skip the project's settings. Nothing here records the user's own trust.
 */
function lay(c: AgentCase): Layout {
  const layout = laySandbox(c.sandbox, c.projectDir, c.payload.cwd);
  const config = join(c.sandbox, 'config');
  mkdirSync(config, { recursive: true });
  // Both the copy and its enclosing repository, whichever of the two Claude keys the project by.
  const accepted = { hasTrustDialogAccepted: true };
  const trusted = { projects: { [layout.root]: accepted, [layout.project]: accepted } };
  writeFileSync(join(config, '.claude.json'), JSON.stringify(trusted));
  const user = userConfigDir(c);
  if (user !== null && existsSync(join(user, 'settings.json'))) copyFileSync(join(user, 'settings.json'), join(config, 'settings.json'));
  return layout;
}

function scriptFor(c: AgentCase, layout: Layout, continuation: boolean): ScriptedTurn[] {
  const message = typeof c.payload.last_assistant_message === 'string' ? c.payload.last_assistant_message : DONE;
  const prelude = moveTo(layout);
  if (c.event === 'Stop') return [...prelude, ...(continuation ? [{ text: FIRST_STOP }] : []), { text: message }];
  if (typeof c.payload.tool_name === 'string' && isPlainObject(c.payload.tool_input)) {
    const input = caseInput(c, layout);
    const call = { tools: [{ name: c.payload.tool_name, input, id: 'toolu_hookctl_case' }] };
    return [...prelude, ...readFirst(c.payload.tool_name, input, layout), call, { text: DONE }];
  }
  return [...prelude, { text: DONE }];
}

/** The case's tool input as the model sends it: moved into the copy, a file path made absolute. */
function caseInput(c: AgentCase, layout: Layout): Record<string, unknown> {
  const input = intoCopy(c.payload.tool_input, c.projectDir, layout.project) as Record<string, unknown>;
  // Claude's file tools take absolute paths; a case may hold one relative to its cwd.
  if (typeof input.file_path === 'string') input.file_path = resolve(layout.cwd, input.file_path);
  return input;
}

/** The file a case's edit writes outside the copy (a Write to `/etc/hosts`): it must not fail read-only. */
function writtenPaths(c: AgentCase, layout: Layout): string[] {
  if (typeof c.payload.tool_name !== 'string' || !isPlainObject(c.payload.tool_input)) return [];
  const path = caseInput(c, layout).file_path;
  return typeof path === 'string' ? [path] : [];
}

/**
 * Claude Code reads project settings from the directory it starts in and keeps the shell's working
 * directory across Bash calls, so a case whose cwd is a subdirectory starts at the project root and
 * changes into it first: the hooks then see that cwd, as in a real session.
 */
function moveTo(layout: Layout): ScriptedTurn[] {
  if (layout.cwd === layout.project) return [];
  return [
    { tools: [{ name: 'Bash', input: { command: `cd ${JSON.stringify(layout.cwd)}`, description: 'hookctl: move to the case cwd' } }] },
  ];
}

/** Claude refuses to edit a file it has not read in the session: the case's edit is preceded by a Read. */
function readFirst(tool: string, input: Record<string, unknown>, layout: Layout): ScriptedTurn[] {
  const path = input.file_path;
  if (!['Edit', 'MultiEdit', 'Write'].includes(tool) || typeof path !== 'string') return [];
  if (!existsSync(resolve(layout.cwd, path))) return [];
  return [{ tools: [{ name: 'Read', input: { file_path: resolve(layout.cwd, path) } }] }];
}

/** The witness on the case's event and PostToolUse, and for a continuation case a Stop hook that blocks once. */
function ourHooks(event: string, layout: Layout, continuation: boolean): Record<string, unknown> {
  const witness = [{ hooks: [{ type: 'command', command: writeWitness(layout) }] }];
  // PostToolUse also tells the input the call really ran with (a hook's updatedInput applied).
  const hooks: Record<string, unknown[]> = { [event]: witness, PostToolUse: witness };
  if (continuation) {
    const marker = join(layout.tools, 'stopped-once');
    const once = join(layout.tools, 'stop-once.sh');
    const block = JSON.stringify({ decision: 'block', reason: 'hookctl: go on once' });
    writeFileSync(once, `[ -e "${marker}" ] && exit 0\n: > "${marker}"\nprintf '%s' '${block}'\n`);
    hooks.Stop = [...(hooks.Stop ?? []), { hooks: [{ type: 'command', command: `sh ${once}` }] }];
  }
  return hooks;
}

function driverPath(): string {
  return join(packageRoot(), 'dist', 'src', 'dialects', 'claude', 'agent', 'driver.js');
}

/** driver.js (scripted model + Claude Code) jailed; session.ts builds Claude's own environment. */
function runDriver(sandbox: string, spec: SessionSpec, written: readonly string[]): Promise<SessionResult> {
  const timeoutMs = spec.timeoutMs ?? 90_000;
  const filesDir = join(sandbox, 'hookctl');
  return runJailedDriver({
    sandbox,
    filesDir,
    driver: driverPath(),
    spec,
    home: spec.home,
    timeoutMs,
    written,
    agent: 'Claude Code',
    read: sessionResult,
  });
}

function sessionResult(text: string | null): SessionResult | null {
  try {
    const value: unknown = text === null ? null : JSON.parse(text);
    return isPlainObject(value) && Array.isArray(value.requests) && Array.isArray(value.events)
      ? (value as unknown as SessionResult)
      : null;
  } catch {
    return null;
  }
}

/** What the model read: every text of every main-conversation request. */
function modelText(result: SessionResult): string {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (isPlainObject(value)) Object.values(value).forEach(walk);
  };
  for (const request of mainRequests(result)) walk(isPlainObject(request.body) ? request.body.messages : null);
  return texts.join('\n');
}

function mainRequests(result: SessionResult): SessionResult['requests'] {
  return result.requests.filter((r) => isPlainObject(r.body) && Array.isArray(r.body.toolNames) && r.body.toolNames.length > 0);
}

function toolResult(result: SessionResult): { text: string; isError: boolean } | null {
  for (const request of [...mainRequests(result)].reverse()) {
    const messages = isPlainObject(request.body) && Array.isArray(request.body.messages) ? request.body.messages : [];
    for (const message of messages) {
      if (!isPlainObject(message) || !Array.isArray(message.content)) continue;
      for (const block of message.content) {
        if (!isPlainObject(block) || block.type !== 'tool_result' || block.tool_use_id !== 'toolu_hookctl_case') continue;
        const text = Array.isArray(block.content)
          ? block.content.map((b) => (isPlainObject(b) && typeof b.text === 'string' ? b.text : '')).join('')
          : String(block.content ?? '');
        return { text, isError: block.is_error === true };
      }
    }
  }
  return null;
}

const quote = (text: string | null | undefined): string => (text === null || text === undefined ? 'no reason' : JSON.stringify(text));

/** hookctl's decision as Claude acts on it in `-p` mode: deny and ask both refuse the call. */
function predictedCall(prediction: Outcome): string {
  if (prediction.decision === 'deny') return `deny: ${quote(prediction.reason)}`;
  if (prediction.decision === 'ask') return `ask (refused in -p mode): ${quote(prediction.reason)}`;
  return prediction.decision === 'allow' ? 'allow: the call runs' : 'no decision: the call runs';
}

function observe(c: AgentCase, layout: Layout, result: SessionResult, turns: number): AgentObservation {
  // On a tool event only the case's own call counts (not the Read or cd before it).
  const fired = witnessed(layout, c.event).some((p) => !isToolEvent(c.event) || isCaseCall(p, c, layout));
  const seen = modelText(result).split(layout.project).join(c.projectDir);
  const base = { fired, exitCode: result.exitCode, stderrTail: tail(result.stderr) };
  if (result.timedOut && (result.stillRunning ?? []).length > 0) {
    const running = (result.stillRunning ?? []).map((p) => ({ ...p, command: p.command.split(layout.project).join(c.projectDir) }));
    return {
      ...base,
      summary: 'did not finish',
      disagreements: [],
      notDrivable: null,
      stuck: { kind: 'hang', timeoutMs: c.timeoutMs, running },
    };
  }
  if (result.timedOut)
    return { ...base, summary: 'timed out', disagreements: [], notDrivable: `Claude Code did not finish within ${c.timeoutMs} ms` };
  const disagreements: AgentDisagreement[] = [];
  let summary = fired ? `fired ${c.event}` : `did not fire ${c.event}`;
  const tool = toolResult(result);
  if (c.event === 'PreToolUse' && tool !== null) summary = observeCall(c.prediction, tool, seen, disagreements);
  if (c.event === 'PermissionRequest' && tool !== null && fired) summary = observePermission(c.prediction, tool, disagreements);
  const rewritten = c.event === 'PreToolUse' || c.event === 'PermissionRequest' ? checkInput(c, layout, disagreements) : null;
  if (rewritten !== null) summary = `ran the call rewritten to ${JSON.stringify(clip(rewritten))}`;
  else if (isToolEvent(c.event) && !fired) {
    const why = tool === null ? 'the model call never reached the tool' : `the tool answered ${JSON.stringify(clip(tool.text))}`;
    return { ...base, summary, disagreements, notDrivable: `Claude Code did not fire ${c.event} for this call here (${why})` };
  }
  if (c.event === 'Stop') summary = observeContinuation(c.prediction, mainRequests(result).length > turns, disagreements);
  if (c.event === 'UserPromptSubmit') summary = observePromptReached(c.prediction, mainRequests(result).length > 0, disagreements);
  checkFeedback(c.prediction, seen, disagreements);
  if (!fired && c.prediction.runs.some((run) => run.status !== 'skipped') && disagreements.length === 0)
    disagreements.push({ field: 'runs', agentDid: `ran no hook on ${c.event}`, hookctlPredicts: 'its hooks run', agentValue: [] });
  return { ...base, summary, disagreements, notDrivable: null };
}

/**
 * The case's own call, not the Read or cd before it: by its tool_use_id, or (PermissionRequest
 * payloads carry none) by its tool name and input.
 */
function isCaseCall(payload: Record<string, unknown>, c: AgentCase, layout: Layout): boolean {
  if (payload.tool_use_id === 'toolu_hookctl_case') return true;
  if (payload.tool_use_id !== undefined || payload.tool_name !== c.payload.tool_name) return false;
  return JSON.stringify(payload.tool_input) === JSON.stringify(caseInput(c, layout));
}

const isToolEvent = (event: string): boolean => ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest'].includes(event);

function observeCall(prediction: Outcome, tool: { text: string; isError: boolean }, seen: string, out: AgentDisagreement[]): string {
  const denial = /^PreToolUse:\S+ hook error: ([\s\S]*)$/.exec(tool.text);
  const asked = prediction.decision === 'ask' && tool.isError && prediction.reason !== null && tool.text === prediction.reason;
  const decision = denial !== null ? 'deny' : asked ? 'ask' : tool.isError && seen.includes(tool.text) && !ran(tool) ? 'refused' : null;
  const summary =
    decision === 'deny'
      ? `denied the call: ${quote(denial?.[1])}`
      : decision === 'ask'
        ? `refused the call (ask): ${quote(tool.text)}`
        : 'ran the call';
  const agentRefused = decision === 'deny' || decision === 'ask';
  const predictedRefusal = prediction.decision === 'deny' || prediction.decision === 'ask';
  if (agentRefused !== predictedRefusal || (agentRefused && decision !== prediction.decision)) {
    out.push({
      field: 'decision',
      agentDid: summary,
      hookctlPredicts: predictedCall(prediction),
      agentValue: decision === 'refused' ? null : decision,
    });
    const reason = denial !== null ? (denial[1] ?? null) : agentRefused ? tool.text : null;
    if (reason !== prediction.reason)
      out.push({
        field: 'reason',
        agentDid: `told the model ${quote(reason)}`,
        hookctlPredicts: quote(prediction.reason),
        agentValue: reason,
      });
  } else if (decision === 'deny' && denial !== null && !feedbackOf(prediction).some((text) => masked(text) === masked(tool.text))) {
    out.push({
      field: 'reason',
      agentDid: `told the model ${quote(tool.text)}`,
      hookctlPredicts: predictedCall(prediction),
      agentValue: denial[1],
    });
  }
  return summary;
}

/**
 * PermissionRequest: the hook's allow runs the call; a deny, or no decision (Claude would ask the
 * user, and `-p` mode has none), refuses it with the deny message or Claude's own text.
 */
function observePermission(prediction: Outcome, tool: { text: string; isError: boolean }, out: AgentDisagreement[]): string {
  const allowed = !tool.isError || ran(tool);
  const summary = allowed ? 'allowed the call: it ran' : `refused the call: ${quote(tool.text)}`;
  const predicted =
    prediction.decision === 'allow'
      ? 'allow: the call runs'
      : prediction.decision === 'deny'
        ? `deny: ${quote(prediction.reason)}`
        : 'no decision: Claude asks the user, refused in -p mode';
  if (allowed !== (prediction.decision === 'allow'))
    out.push({ field: 'decision', agentDid: summary, hookctlPredicts: predicted, agentValue: allowed ? 'allow' : 'deny' });
  else if (prediction.decision === 'deny' && prediction.reason !== null && !tool.text.includes(prediction.reason))
    out.push({ field: 'reason', agentDid: `told the model ${quote(tool.text)}`, hookctlPredicts: predicted, agentValue: tool.text });
  return summary;
}

/**
 * A call that ran: the input Claude ran it with (PostToolUse's tool_input) against hookctl's
 * updatedInput, or the case's own input when hookctl predicts no rewrite. Only the fields hookctl
 * names are compared: Claude may add defaults of its own.
 */
function checkInput(c: AgentCase, layout: Layout, out: AgentDisagreement[]): string | null {
  const post = witnessed(layout, 'PostToolUse').find((p) => p.tool_use_id === 'toolu_hookctl_case');
  if (post === undefined || !isPlainObject(post.tool_input)) return null;
  const ranWith = JSON.parse(JSON.stringify(post.tool_input).split(layout.project).join(c.projectDir)) as Record<string, unknown>;
  const original = JSON.parse(JSON.stringify(caseInput(c, layout)).split(layout.project).join(c.projectDir)) as Record<string, unknown>;
  const predicted = isPlainObject(c.prediction.updatedInput) ? c.prediction.updatedInput : original;
  const differs = (from: Record<string, unknown>): boolean =>
    Object.entries(from).some(([key, value]) => JSON.stringify(ranWith[key]) !== JSON.stringify(value));
  const shown = typeof ranWith.command === 'string' ? ranWith.command : JSON.stringify(ranWith);
  const rewritten = differs(original) ? shown : null;
  if (!differs(predicted) || out.length > 0) return rewritten;
  out.push({
    field: 'updatedInput',
    agentDid: `ran it with ${JSON.stringify(clip(JSON.stringify(ranWith)))}`,
    hookctlPredicts: `it runs with ${JSON.stringify(clip(JSON.stringify(predicted)))}`,
    agentValue: ranWith,
  });
  return rewritten;
}

/** A tool_result of an error the tool itself reported (a failing command), not a refusal. */
const ran = (tool: { text: string }): boolean => /^(Exit code|Error:)/.test(tool.text);

function observeContinuation(prediction: Outcome, continued: boolean, out: AgentDisagreement[]): string {
  const summary = continued ? 'went on after the final message (the stop was blocked)' : 'stopped';
  if (continued !== prediction.blocked)
    out.push({
      field: 'blocked',
      agentDid: summary,
      hookctlPredicts: prediction.blocked ? `the stop is blocked: ${quote(prediction.reason)}` : 'the agent stops',
      agentValue: continued,
    });
  return summary;
}

/** Every text hookctl says Claude puts in front of the model must be there. */
function checkFeedback(prediction: Outcome, seen: string, out: AgentDisagreement[]): void {
  if (out.length > 0) return;
  const visible = masked(seen);
  for (const text of feedbackOf(prediction)) {
    if (visible.includes(masked(text))) continue;
    // Only the texts that carry an outcome field stand for it; the others are dialectOutput.modelFeedback.
    const field = / hook additional context: /.test(text)
      ? 'additionalContext'
      : / hook (feedback:\n|error: )/.test(text)
        ? 'reason'
        : 'modelFeedback';
    out.push({
      field,
      agentDid: 'never showed the model that text',
      hookctlPredicts: `the model reads ${JSON.stringify(clip(text))}`,
      agentValue: null,
    });
  }
}

function feedbackOf(prediction: Outcome): string[] {
  const feedback = prediction.dialectOutput?.modelFeedback;
  return Array.isArray(feedback) ? feedback.filter((text): text is string => typeof text === 'string') : [];
}

/**
 * Texts compared with every number masked: hookctl ran the hooks once and the agent again, so a
 * hook that reports a duration or a process id says other numbers each time.
 */
export const masked = (text: string): string => text.replace(/\d+(\.\d+)?/g, '#');

const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

function tail(text: string): string {
  return text.trimEnd().split('\n').slice(-5).join('\n');
}
