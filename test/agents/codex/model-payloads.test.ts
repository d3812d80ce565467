import { afterEach, describe, expect, it } from 'vitest';
import { INTERRUPT_SCRIPT } from './cases-model.js';
import { type CodexWorld, codexUnavailable, codexWorld } from './harness.js';
import { jsonHooks } from './layers.js';

const unavailable = codexUnavailable();
if (unavailable) console.log(`real-Codex payload suite skipped: ${unavailable}`);

const worlds: CodexWorld[] = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.dispose();
});

/** The keys of `hookctl fixture <event>`, in order. */
async function fixtureKeys(world: CodexWorld, event: string): Promise<string[]> {
  const result = await world.hookctl('fixture', event);
  expect(result.code, result.stderr).toBe(0);
  return Object.keys(JSON.parse(result.stdout) as Record<string, unknown>);
}

/**
 * What the pinned Codex writes to PreModelRequest, PostModelRequest and Interrupt hooks: the same keys
 * in the same order as `hookctl fixture`, and values hookctl's input schemas accept (`dry-run --payload`
 * refuses a payload its schema does not).
 */
describe.skipIf(unavailable !== null)('the payloads Codex sends to the model-request and interrupt hooks', () => {
  it('PreModelRequest and PostModelRequest around each model request, one request id for both', async () => {
    const world = codexWorld();
    worlds.push(world);
    world.put(
      'home/.codex/hooks.json',
      jsonHooks([
        { event: 'PreModelRequest', handlers: [{ command: world.hook('pre') }] },
        { event: 'PostModelRequest', handlers: [{ command: world.hook('post') }] },
      ]),
    );
    expect((await world.trustAll()).code).toBe(0);
    const run = await world.codex({ script: [{ exec: 'touch ran-1' }] });
    const pre = world.invocations('pre').map((entry) => entry.payload);
    const post = world.invocations('post').map((entry) => entry.payload);
    // Two model requests: the one that calls the tool and the one after its output.
    const sampling = run.requests.filter((request) => request.path.endsWith('/responses'));
    expect(pre).toHaveLength(sampling.length);
    expect(post).toHaveLength(sampling.length);
    expect(pre.map((payload) => payload.request_id)).toEqual(post.map((payload) => payload.request_id));
    expect(new Set(pre.map((payload) => payload.request_id)).size).toBe(sampling.length);
    for (const payload of pre) expect(Object.keys(payload)).toEqual(await fixtureKeys(world, 'PreModelRequest'));
    for (const payload of post) expect(Object.keys(payload)).toEqual(await fixtureKeys(world, 'PostModelRequest'));
    expect(pre[0]).toMatchObject({ kind: 'sampling', attempt_number: 1, cwd: world.project, model: 'scripted-model' });
    expect(post[0]).toMatchObject({ status: 'completed', error: null, response_id: 'resp_call_1' });
    expect(post[0]!.thread_id).toBe(post[0]!.session_id);
    for (const [event, payload] of [
      ...pre.map((p) => ['PreModelRequest', p] as const),
      ...post.map((p) => ['PostModelRequest', p] as const),
    ]) {
      const checked = await world.hookctlInput(JSON.stringify(payload), 'dry-run', event, '--payload', '-', '--json');
      expect(checked.code, checked.stderr).toBe(0);
    }
  }, 120_000);

  it('Interrupt once the turn is interrupted', async () => {
    const world = codexWorld();
    worlds.push(world);
    world.put('home/.codex/hooks.json', jsonHooks([{ event: 'Interrupt', handlers: [{ command: world.hook('interrupt') }] }]));
    expect((await world.trustAll()).code).toBe(0);
    await world.codex({ script: [{ exec: INTERRUPT_SCRIPT }] });
    const [payload, ...more] = world.invocations('interrupt').map((entry) => entry.payload);
    expect(more).toEqual([]);
    expect(Object.keys(payload!)).toEqual(await fixtureKeys(world, 'Interrupt'));
    expect(payload).toMatchObject({ hook_event_name: 'Interrupt', cwd: world.project, permission_mode: 'bypassPermissions' });
    const checked = await world.hookctlInput(JSON.stringify(payload), 'dry-run', 'Interrupt', '--payload', '-', '--json');
    expect(checked.code, checked.stderr).toBe(0);
  }, 120_000);
});
