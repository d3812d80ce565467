import { afterAll, describe, expect, it } from 'vitest';
import { toolOutput } from '../../../src/dialects/codex/agent/index.js';
import { EVENT_CASES } from './cases.js';
import { codexUnavailable, codexWorld } from './harness.js';
import { LAYERS } from './layers.js';
import { runCase } from './oracle.js';

const unavailable = codexUnavailable();
if (unavailable) console.log(`real-Codex suite skipped: ${unavailable}`);
const started = Date.now();
afterAll(() => console.log(`real-Codex event cases: ${Date.now() - started} ms`));

/** Cases where openinterpreter deliberately differs from the Codex binary (docs/conformance.md). */
const OPENINTERPRETER_DIFFERS = new Set(['PostToolUse continue:false replaces the output with the stop reason and the turn goes on']);

const only = process.env.CODEX_CASES ? new RegExp(process.env.CODEX_CASES) : null;
const layers = process.env.CODEX_LAYERS ? LAYERS.filter((layer) => process.env.CODEX_LAYERS?.split(',').includes(layer)) : LAYERS;

describe.skipIf(unavailable !== null).concurrent.each(layers)('%s', (layer) => {
  for (const c of EVENT_CASES) {
    if (only && !only.test(c.name)) continue;
    it(c.name, async () => {
      const world = codexWorld();
      try {
        const result = await runCase(world, layer, c);
        const detail = JSON.stringify({
          tool: toolOutput(result.run.requests, 1),
          events: result.run.events,
          stderr: result.run.stderr.slice(-1500),
          outcome: result.outcomes[0] ?? null,
        }).slice(0, 6000);
        expect(result.observed, `Codex did not do what the case says\n${detail}`).toMatchObject(c.expect);
        expect(result.predicted, `hookctl disagrees with Codex\n${detail}`).toEqual(result.observed);
        if (result.openInterpreter !== null) {
          // SPEC 2.9: openinterpreter's PostToolUse continue:false stops (the seed is silent; Codex goes on).
          const expected = OPENINTERPRETER_DIFFERS.has(c.name) ? { ...result.observed, turnWentOn: false } : result.observed;
          expect(result.openInterpreter, `the openinterpreter dialect disagrees with Codex\n${detail}`).toEqual(expected);
        }
      } finally {
        world.dispose();
      }
    }, 120_000);
  }
});
