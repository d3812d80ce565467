import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/index.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { CASES, type Case } from './cases.js';
import { cleanup, hookctlSays, type Observed, runCase, subDeep, unavailable } from './harness.js';

/**
 * Gemini CLI itself as the oracle (issue 28 §3): each case runs the pinned binary once against the
 * scripted model, checks what Gemini did against `want`, then dispatches the payload the hook
 * really received through hookctl and checks that hookctl says the same.
 */
const why = unavailable();
if (why !== null) console.log(`real-Gemini-CLI conformance suite not run: ${why}`);

function checkGemini(c: Case, o: Observed): void {
  const want = subDeep(c.want, o.root);
  const where = `sandbox ${o.root}`;
  if (want.toolRan !== undefined) expect(existsSync(join(o.root, 'ran.txt')), `the marker command ran (${where})`).toBe(want.toolRan);
  if (want.file !== undefined) {
    const path = join(o.root, want.file.path);
    expect(existsSync(path) ? readFileSync(path, 'utf8') : null, `content of ${want.file.path}`).toBe(want.file.content);
  }
  const seen = o.lastRequestText();
  for (const text of want.feedback ?? []) expect(seen, `text the model sees (${where})`).toContain(text);
  for (const text of want.modelSees ?? []) expect(seen, `text the model sees (${where})`).toContain(text);
  for (const text of want.unseen ?? []) expect(seen).not.toContain(text);
  for (const [name, count] of Object.entries(want.calls ?? {})) expect(o.calls(name).length, `calls of ${name} (${where})`).toBe(count);
  if (want.modelRequests !== undefined) expect(o.mainRequests().length, `main model requests (${where})`).toBe(want.modelRequests);
  if (want.response !== undefined) expect(o.response(), `final response (${where})`).toBe(want.response);
  const env = Object.values(c.given.hooks ?? {}).length > 0 ? o.envs(Object.keys(c.given.hooks ?? {})[0] as string)[0] : undefined;
  for (const [key, value] of Object.entries(want.hookEnv?.has ?? {})) expect(env?.[key], `hook environment ${key}`).toBe(value);
  for (const key of want.hookEnv?.lacks ?? []) expect(env ?? {}, 'hook environment').not.toHaveProperty(key);
  if (want.toolConfigMode !== undefined) {
    const config = o.mainRequests().at(-1)?.body.toolConfig as { functionCallingConfig?: { mode?: string } } | undefined;
    expect(config?.functionCallingConfig?.mode, `toolConfig of the last request (${where})`).toBe(want.toolConfigMode);
  }
  const printed = `${o.session.stdout}\n${o.session.stderr}`;
  for (const text of want.printed ?? []) expect(printed, `printed by Gemini (${where})`).toContain(text);
  const warnings = Array.isArray(o.session.output?.warnings) ? o.session.output.warnings : [];
  for (const text of want.warnings ?? []) expect(warnings, `warnings (${where})`).toContain(text);
  if (want.exitCode !== undefined) expect(o.session.exitCode, `gemini exit code (${where})`).toBe(want.exitCode);
}

function checkHookctl(c: Case, o: Observed, outcome: Outcome): void {
  const want = subDeep(c.want, o.root);
  if (want.decision !== undefined) expect(outcome.decision, 'hookctl decision').toBe(want.decision);
  if (want.blocked !== undefined) expect(outcome.blocked, 'hookctl blocked').toBe(want.blocked);
  if (want.stop !== undefined) expect(outcome.stop, 'hookctl stop').toBe(want.stop);
  if (want.reason !== undefined) expect(outcome.reason, 'hookctl reason').toBe(want.reason);
  if (want.stopReason !== undefined) expect(outcome.stopReason, 'hookctl stopReason').toBe(want.stopReason);
  if (want.systemMessage !== undefined) expect(outcome.systemMessages, 'hookctl systemMessages').toContain(want.systemMessage);
  if (want.additionalContext !== undefined) expect(outcome.additionalContext, 'hookctl additionalContext').toBe(want.additionalContext);
  if (want.updatedInput !== undefined) expect(outcome.updatedInput, 'hookctl updatedInput').toEqual(want.updatedInput);
  const merged = (outcome.dialectOutput?.output ?? null) as { hookSpecificOutput?: Record<string, unknown> } | null;
  if (want.toolConfigMode !== undefined) {
    const config = merged?.hookSpecificOutput?.toolConfig as { mode?: string } | undefined;
    expect(config?.mode, 'hookctl toolConfig mode').toBe(want.toolConfigMode);
  }
  if (want.llmResponseText !== undefined) {
    const response = merged?.hookSpecificOutput?.llm_response as { candidates?: { content?: { parts?: unknown[] } }[] } | undefined;
    expect(response?.candidates?.[0]?.content?.parts?.join(''), 'hookctl llm_response text').toBe(want.llmResponseText);
  }
  if (want.llmRequestText !== undefined) {
    const request = merged?.hookSpecificOutput?.llm_request as { messages?: { content?: unknown }[] } | undefined;
    expect(request?.messages?.map((m) => m.content).join('\n'), 'hookctl llm_request messages').toBe(want.llmRequestText);
  }
  // What the model saw from the hooks is what hookctl reports as the reason or the context.
  for (const text of want.feedback ?? []) expect(`${outcome.reason ?? ''}\n${outcome.additionalContext ?? ''}`).toContain(text);
  for (const name of Object.keys(c.given.hooks ?? {})) {
    const ran = outcome.runs.filter((run) => run.command.endsWith(`/hooks/${name}.sh`) && run.status !== 'skipped');
    // Gemini ran it on this event iff hookctl does (a deduplicated copy is one run in both).
    const calls = o.calls(name).filter((payload) => payload.hook_event_name === c.event);
    expect(ran.length > 0, `hookctl runs ${name}`).toBe(calls.length > 0);
    if (ran.length > 0) checkEnv(o, name, c.event);
  }
}

/** Gemini's own hook variables and the case's CASE_* variables, as the hook saw them. */
const COMPARED_ENV = /^(GEMINI_(PROJECT_DIR|PLANS_DIR|CWD|SESSION_ID)|CLAUDE_PROJECT_DIR|CASE_\w+)$/;

/**
 * The environment hookctl gave the hook matches the one Gemini gave it: the same compared names,
 * the same values (the session id is the payload's own in both, so equal too).
 */
function checkEnv(o: Observed, name: string, event: string): void {
  const pick = (env: Record<string, string> | null | undefined) =>
    Object.fromEntries(Object.entries(env ?? {}).filter(([key]) => COMPARED_ENV.test(key)));
  const index = o.calls(name).findIndex((payload) => payload.hook_event_name === event);
  const gemini = o.envs(name)[index];
  expect(pick(o.hookctlEnv(name)), `environment of ${name}`).toEqual(pick(gemini));
}

/**
 * The first payload any hook of the case received for the event; when none ran (a matcher, a
 * switch or trust left them out), hookctl's own fixture for the event with the scripted tool call,
 * so that hookctl is still asked and must leave them out too.
 */
async function payloadFor(c: Case, o: Observed): Promise<Record<string, unknown>> {
  for (const name of Object.keys(c.given.hooks ?? {})) {
    const call = o.calls(name).find((payload) => payload.hook_event_name === c.event);
    if (call) return call;
  }
  const dialect = await loadDialect('gemini');
  const payload = dialect.fixture(c.event, { cwd: join(o.root, 'project') });
  const first = c.given.turns[0]?.tools?.[0];
  if (first !== undefined && 'tool_input' in payload)
    Object.assign(payload, { tool_name: first.name, tool_input: subDeep(first.args, o.root) });
  return payload;
}

describe('the Gemini CLI section of docs/conformance.md', () => {
  it('states the case count and names every event the cases compare', () => {
    const docs = readFileSync(join(import.meta.dirname, '../../../docs/conformance.md'), 'utf8');
    const section = docs.slice(docs.indexOf('### Gemini CLI (the binary)'));
    expect(section).toContain(`${CASES.length} cases`);
    for (const event of new Set(CASES.map((c) => c.event))) expect(section).toContain(event);
  });
});

describe.skipIf(why !== null)('Gemini CLI 0.61.0 against hookctl (real binary, scripted model)', () => {
  if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);
  for (const c of CASES) {
    it.concurrent(`${c.event}: ${c.name}`, { timeout: 600_000 }, async () => {
      const observed = await runCase(c.given);
      expect(observed.session.timedOut, observed.session.stderr).toBe(c.want.hangs === true);
      checkGemini(c, observed);
      if (c.want.fires === false) for (const name of Object.keys(c.given.hooks ?? {})) expect(observed.calls(name)).toEqual([]);
      const payload = await payloadFor(c, observed);
      checkHookctl(c, observed, await hookctlSays(observed, c.given, c.event, payload));
    });
  }
});
