import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/index.js';
import { CASES, type Case, EVENT_CASES } from './cases.js';
import { cleanup, hookctlSays, type Observed, runCase, subDeep, unavailable, warm } from './harness.js';

/**
 * GitHub Copilot CLI itself as the oracle (issue 42): each case runs the pinned binary once against
 * the scripted model, checks what Copilot did against `want`, then dispatches the payload the hook
 * really received through hookctl and checks that hookctl says the same.
 */
const why = unavailable();
if (why !== null) console.log(`real-Copilot-CLI conformance suite not run: ${why}`);

function checkCopilot(c: Case, o: Observed): void {
  const want = subDeep(c.want, o.root);
  const where = `sandbox ${o.root}`;
  const marker = join(o.root, 'ran.txt');
  expect(existsSync(marker) ? readFileSync(marker, 'utf8') : null, `the marker command (${where})`).toBe(want.ran);
  const seen = o.lastRequestText();
  if (want.modelSees !== undefined) expect(seen, `text the model sees (${where})`).toContain(JSON.stringify(want.modelSees).slice(1, -1));
  for (const text of want.unseen ?? []) expect(seen).not.toContain(text);
  for (const [name, count] of Object.entries(want.calls ?? {})) expect(o.calls(name).length, `calls of ${name} (${where})`).toBe(count);
  expect(o.session.exitCode, `copilot's exit code (${where}): ${o.session.stderr}`).toBe(want.exitCode ?? 0);
  if (want.stderrHas !== undefined) expect(o.session.stderr, `copilot's stderr (${where})`).toContain(want.stderrHas);
  if (want.mainRequests !== undefined)
    expect(o.session.requests.filter((r) => r.main).length, `model requests (${where})`).toBe(want.mainRequests);
}

async function payloadFor(c: Case, o: Observed): Promise<Record<string, unknown>> {
  const call = o.calls(c.payloadFrom)[0];
  if (call) return call;
  return (await loadDialect('copilot')).fixture(c.event, { cwd: join(o.root, 'project') });
}

describe.skipIf(why !== null)('GitHub Copilot CLI 1.0.102 against hookctl (real binary, scripted model)', () => {
  beforeAll(warm, 180_000);
  if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);
  for (const c of [...CASES, ...EVENT_CASES]) {
    it.concurrent(`${c.event}: ${c.name}`, { timeout: 600_000 }, async () => {
      const observed = await runCase(c.given);
      expect(observed.session.timedOut, observed.session.stderr).toBe(false);
      checkCopilot(c, observed);
      const outcome = await hookctlSays(observed.root, c.event, await payloadFor(c, observed));
      const want = subDeep(c.want, observed.root);
      expect(outcome.blocked, 'hookctl blocked').toBe(want.blocked);
      if (want.reason !== undefined) expect(outcome.reason, 'hookctl reason').toBe(want.reason);
      if (want.additionalContext !== undefined) expect(outcome.additionalContext, 'hookctl additionalContext').toBe(want.additionalContext);
      if (want.dialectOutput !== undefined) expect(outcome.dialectOutput, 'hookctl dialectOutput').toEqual(want.dialectOutput);
      if (want.updatedInput !== undefined) {
        expect(outcome.updatedInput, 'hookctl updatedInput').toEqual(want.updatedInput);
        expect(observed.firstToolCallArgs(), 'the call as the model sees it afterwards').toEqual(want.updatedInput);
      }
    });
  }
});
