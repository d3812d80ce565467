import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contracts } from '../../../src/dialects/claude/contracts.js';
import { ConfigLoadError } from '../../../src/errors.js';
import { loadDialect } from '../../../src/index.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { CASES, type Case } from './cases.js';
import { cleanup, hookctlSays, managedUnavailable, type Observed, runCase, SDK_CLAUDE_BIN, unavailable } from './harness.js';
import { substituteRootDeep } from '../case-sandbox.js';

/**
 * Claude Code itself as the oracle (issue 20): each case runs the pinned binary once against the
 * scripted model, checks what Claude did against `want`, then dispatches the payload the hook
 * really received through hookctl and checks that hookctl says the same.
 */
const why = unavailable();
if (why !== null) console.log(`real-Claude conformance suite not run: ${why}`);
const noManaged = why === null && CASES.some((c) => c.given.managed || c.given.firstParty) ? managedUnavailable() : null;
if (noManaged !== null) console.log(`real-Claude managed-settings cases not run: ${noManaged}`);
const noSdk = existsSync(SDK_CLAUDE_BIN) ? null : `the Agent SDK's own binary is not installed (${SDK_CLAUDE_BIN})`;
if (why === null && noSdk !== null) console.log(`real-Claude cases of the SDK's binary not run: ${noSdk}`);

function continued(observed: Observed, c: Case): boolean {
  const turns = c.given.script.conversations.find((conv) => conv.when === undefined)?.turns.length ?? 0;
  return observed.mainRequests().length > turns;
}

function checkClaude(c: Case, o: Observed): void {
  const want = substituteRootDeep(c.want, o.root);
  if (want.toolRan !== undefined) expect(existsSync(join(o.root, 'ran.txt')), 'the marker command ran').toBe(want.toolRan);
  if (want.toolResult !== undefined) expect(o.toolResult()).toEqual(want.toolResult);
  const seen = o.lastRequestText();
  for (const text of want.feedback ?? []) expect(seen, 'text the model sees').toContain(text);
  for (const text of want.unseen ?? []) expect(seen).not.toContain(text);
  for (const text of want.seen ?? []) expect(seen, 'text the model sees').toContain(text);
  for (const [name, count] of Object.entries(want.calls ?? {})) expect(o.calls(name).length, `calls of ${name}`).toBe(count);
  if (want.continues !== undefined) expect(continued(o, c), 'Claude continued past the script').toBe(want.continues);
  if (want.result !== undefined) expect(o.result()?.result).toBe(want.result);
  if (want.requests !== undefined) expect(o.mainRequests().length, 'model requests').toBe(want.requests);
  const printed = `${JSON.stringify(o.session.events)}\n${o.session.stderr}`;
  for (const text of want.printed ?? []) expect(printed, 'what Claude printed').toContain(text);
  for (const [name, cwd] of Object.entries(want.cwdOf ?? {})) expect(o.calls(name)[0]?.payload.cwd, `cwd of ${name}`).toBe(cwd);
  if (want.refusesStart !== undefined) {
    expect(printed, 'Claude refused to start').toContain(want.refusesStart);
    expect(o.mainRequests(), 'no model request').toEqual([]);
  }
}

function checkHookctl(c: Case, o: Observed, outcome: Outcome, payload: Record<string, unknown>): void {
  const want = substituteRootDeep({ ...c.want, ...c.hookctlDiffers?.want }, o.root);
  // The payload Claude really sent fits hookctl's input schema (open enums included).
  const validation = contracts.validateInput(c.event, payload);
  expect(validation.ok ? [] : validation.errors, 'the real payload against schema/claude').toEqual([]);
  if (want.decision !== undefined) expect(outcome.decision).toBe(want.decision);
  if (want.blocked !== undefined) expect(outcome.blocked, 'hookctl blocked').toBe(want.blocked);
  if (want.stop !== undefined) expect(outcome.stop, 'hookctl stop').toBe(want.stop);
  if (want.continues !== undefined) expect(outcome.dialectOutput?.continues === true, 'hookctl continues').toBe(want.continues);
  if (want.feedback !== undefined) expect(outcome.dialectOutput?.modelFeedback ?? []).toEqual(expect.arrayContaining([...want.feedback]));
  if (want.updatedToolOutput !== undefined) expect(outcome.dialectOutput?.updatedToolOutput ?? null).toEqual(want.updatedToolOutput);
  if (want.updatedInput !== undefined) expect(outcome.updatedInput).toEqual(want.updatedInput);
  if (want.additionalContext !== undefined) expect(outcome.additionalContext).toBe(want.additionalContext);
  if (want.systemMessages !== undefined) expect(outcome.systemMessages).toEqual(want.systemMessages);
  if (want.runStatus !== undefined) expect(outcome.runs[0]?.status, 'hookctl run status').toBe(want.runStatus);
  if (want.matcherTarget !== undefined) expect(outcome.matcherTarget, 'hookctl matcher target').toBe(want.matcherTarget);
  if (want.dialectOutput !== undefined) expect(outcome.dialectOutput ?? {}).toMatchObject(want.dialectOutput);
  for (const name of Object.keys(want.calls ?? {})) {
    const ran = outcome.runs.filter((run) => run.command.endsWith(`/hooks/${name}.sh`) && run.status !== 'skipped');
    // Claude ran it on this event iff hookctl does (a deduplicated copy is one run in both).
    const calls = o.calls(name).filter((call) => call.payload.hook_event_name === c.event);
    expect(ran.length > 0, `hookctl runs ${name}`).toBe(calls.length > 0);
  }
}

/**
 * The first payload any hook of the case received for the event; when none ran (a matcher or a
 * switch left them out), hookctl's own fixture for the event with the scripted Bash call, so that
 * hookctl is still asked and must leave them out too.
 */
async function payloadFor(c: Case, o: Observed): Promise<Record<string, unknown>> {
  for (const name of Object.keys(c.given.hooks ?? {})) {
    const call = o.calls(name).find((candidate) => candidate.payload.hook_event_name === c.event);
    if (call) return call.payload;
  }
  const dialect = await loadDialect('claude');
  const payload = dialect.fixture(c.event, { cwd: join(o.root, 'project') });
  const first = c.given.script.conversations.find((conv) => conv.when === undefined)?.turns[0]?.tools?.[0];
  if (first !== undefined && 'tool_input' in payload)
    Object.assign(payload, { tool_name: first.name, tool_input: substituteRootDeep(first.input, o.root) });
  return payload;
}

describe.skipIf(why !== null)('Claude Code 2.1.332 against hookctl (real binary, scripted model)', () => {
  if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);
  for (const c of CASES) {
    const overlay = c.given.managed !== undefined || c.given.firstParty === true;
    const skip = (overlay && noManaged !== null) || (c.given.sdkBinary === true && noSdk !== null);
    const run = skip ? it.skip : it.concurrent;
    run(`${c.event}: ${c.name}`, { timeout: 600_000, retry: c.retry?.times ?? 0 }, async () => {
      const observed = await runCase(c.given);
      expect(observed.session.timedOut, observed.session.stderr).toBe(false);
      checkClaude(c, observed);
      if (c.want.refusesStart !== undefined) {
        // Claude ran nothing: hookctl's load refuses too (a fatal finding), so no dry-run runs a hook.
        const options = substituteRootDeep(c.hookctl ?? {}, observed.root);
        const refused = hookctlSays(observed, c.event, await payloadFor(c, observed), options, c.given.firstParty);
        await expect(refused).rejects.toBeInstanceOf(ConfigLoadError);
      }
      if (c.want.fires === false) {
        for (const name of Object.keys(c.given.hooks ?? {})) expect(observed.calls(name)).toEqual([]);
        return;
      }
      const payload = await payloadFor(c, observed);
      const options = substituteRootDeep(c.hookctl ?? {}, observed.root);
      checkHookctl(c, observed, await hookctlSays(observed, c.event, payload, options, c.given.firstParty), payload);
    });
  }
});
