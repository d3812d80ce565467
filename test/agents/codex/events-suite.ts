import { afterAll, describe, expect, it } from 'vitest';
import { toolOutput } from '../../../src/dialects/codex/agent/index.js';
import { EVENT_CASES } from './cases.js';
import { codexUnavailable, codexWorld } from './harness.js';
import type { LayerName } from './layers.js';
import { runCase, type EventCase, type Observed } from './oracle.js';

/** Cases where openinterpreter deliberately differs from the Codex binary (docs/conformance.md). */
const OPENINTERPRETER_DIFFERS = new Set(['PostToolUse continue:false replaces the output with the stop reason and the turn goes on']);

/**
 * Every event case in each of these layers (CODEX_CASES / CODEX_LAYERS narrow them). The layers are
 * split over two test files so that the two vitest workers share the 180 Codex runs.
 */
export function eventSuite(of: readonly LayerName[]): void {
  const unavailable = codexUnavailable();
  if (unavailable) console.log(`real-Codex suite skipped: ${unavailable}`);
  const started = Date.now();
  afterAll(() => console.log(`real-Codex event cases (${of.join(', ')}): ${Date.now() - started} ms`));
  const only = process.env.CODEX_CASES ? new RegExp(process.env.CODEX_CASES) : null;
  const wanted = process.env.CODEX_LAYERS?.split(',');
  const layers = wanted === undefined ? of : of.filter((layer) => wanted.includes(layer));
  if (layers.length === 0) {
    describe.skip('no layer of this file selected (CODEX_LAYERS)', () => it('none', () => undefined));
    return;
  }
  describe.skipIf(unavailable !== null).concurrent.each(layers)('%s', (layer) => {
    eventCases(layer, only);
  });
}

function eventCases(layer: LayerName, only: RegExp | null): void {
  for (const c of EVENT_CASES) {
    if ((only && !only.test(c.name)) || (c.layers !== undefined && !c.layers.includes(layer))) continue;
    it(c.name, async () => {
      const world = codexWorld();
      try {
        const result = await runCase(world, layer, c);
        // CODEX_SHOW=1 prints what Codex did, for writing a new case's `expect`.
        if (process.env.CODEX_SHOW) console.log(c.name, layer, JSON.stringify(result.observed), result.run.stderr.slice(-400));
        const detail = JSON.stringify({
          tool: toolOutput(result.run.requests, 1),
          events: result.run.events,
          stderr: result.run.stderr.slice(-1500),
          outcome: result.outcomes[0] ?? null,
        }).slice(0, 6000);
        expect(result.observed, `Codex did not do what the case says\n${detail}`).toMatchObject(c.expect);
        const settled = withoutRaces(c);
        expect(settled(result.predicted), `hookctl disagrees with Codex\n${detail}`).toEqual(settled(result.observed));
        if (result.openInterpreter !== null) {
          // SPEC 2.9: openinterpreter's PostToolUse continue:false stops (the seed is silent; Codex goes on).
          const expected = OPENINTERPRETER_DIFFERS.has(c.name) ? { ...result.observed, turnWentOn: false } : result.observed;
          expect(settled(result.openInterpreter), `the openinterpreter dialect disagrees with Codex\n${detail}`).toEqual(settled(expected));
        }
      } finally {
        world.dispose();
      }
    }, 120_000);
  }
}

/** The observation without what the case marks as decided by a race in Codex (EventCase.racy). */
function withoutRaces(c: EventCase): (observed: Observed) => Partial<Observed> {
  return (observed) => Object.fromEntries(Object.entries(observed).filter(([key]) => !c.racy?.includes(key as keyof Observed)));
}
