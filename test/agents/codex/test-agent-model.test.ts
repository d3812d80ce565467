import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CODEX_BIN, type CodexWorld, codexUnavailable, codexWorld } from './harness.js';
import { jsonHooks } from './layers.js';

const unavailable = codexUnavailable();
if (unavailable) console.log(`real-Codex test --agent suite skipped: ${unavailable}`);

const worlds: CodexWorld[] = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.dispose();
});

/**
 * `hookctl test --agent codex` drives PreModelRequest, PostModelRequest and Interrupt cases in the
 * pinned Codex: its scripted turn makes one model request, around which the first two fire; for an
 * Interrupt case the scripted tool call interrupts the turn. A hook that tries to stop the
 * request (exit 2 with `continue: false`) is predicted and seen to change nothing; an expectation that
 * it blocks fails as the case's own mistake, not as a disagreement with the agent.
 */
describe.skipIf(unavailable !== null)('hookctl test --agent codex: the model-request and interrupt events', () => {
  it('cases pass in Codex, and a wrong expectation fails', async () => {
    const world = codexWorld();
    worlds.push(world);
    world.put(
      'project/.codex/hooks.json',
      jsonHooks([
        { event: 'PreModelRequest', handlers: [{ command: world.hook('pre', { stdout: { continue: false }, exit: 2, stderr: 'no' }) }] },
        { event: 'PostModelRequest', handlers: [{ command: world.hook('post') }] },
        { event: 'Interrupt', handlers: [{ command: world.hook('interrupt', { stdout: { systemMessage: 'interrupted' } }) }] },
      ]),
    );
    const tests = join(world.project, 'hooks-tests');
    mkdirSync(tests);
    for (const event of ['PreModelRequest', 'PostModelRequest', 'Interrupt']) {
      const fixture = await world.hookctl('fixture', event);
      expect(fixture.code, fixture.stderr).toBe(0);
      writeFileSync(join(tests, `${event}.json`), fixture.stdout);
    }
    const kase = (event: string, expectation: Record<string, unknown>) =>
      JSON.stringify({ event, payloadFile: `${event}.json`, expect: expectation });
    writeFileSync(join(tests, 'pre.case.json'), kase('PreModelRequest', { blocked: false, stop: false }));
    writeFileSync(join(tests, 'post.case.json'), kase('PostModelRequest', { blocked: false, stop: false }));
    writeFileSync(join(tests, 'interrupt.case.json'), kase('Interrupt', { blocked: false, systemMessages: ['interrupted'] }));
    writeFileSync(join(tests, 'wrong.case.json'), kase('PreModelRequest', { blocked: true }));
    const result = await world.hookctl('test', '--agent', 'codex', tests, '--agent-bin', CODEX_BIN, '--json');
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as {
      failed: number;
      results: { name: string; status: string; agent?: { summary?: string } }[];
    };
    const status = Object.fromEntries(report.results.map((entry) => [entry.name, entry.status]));
    expect(status).toEqual({
      'interrupt.case.json': 'passed',
      'post.case.json': 'passed',
      'pre.case.json': 'passed',
      'wrong.case.json': 'failed',
    });
    expect(JSON.stringify(report.results)).toContain('fired PreModelRequest');
    expect(JSON.stringify(report.results)).toContain('fired Interrupt');
  }, 300_000);
});
