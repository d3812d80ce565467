import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, PayloadValidationError } from '../../src/index.js';
import { octoPayload, oiPayload } from '../helpers/payloads.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * Issue 11 item 12, SPEC 4.1: at run time a payload from an agent newer than hookctl (a new
 * `permission_mode`, `agent_id: null`) is still dispatched, with one warning per schema violation,
 * so no guard turns off for that call. `strictPayload`, `dry-run` and `test` keep rejecting.
 */
const DENY_OUTPUT = {
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'guarded' },
};
const DENY = `printf '%s' '${JSON.stringify(DENY_OUTPUT)}'`;

function oiProject() {
  const sandbox = makeTempProject();
  sandbox.write(
    'project/.openinterpreter/hooks.json',
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: DENY }] }] } }),
  );
  return sandbox;
}

const engineOf = (sandbox: ReturnType<typeof makeTempProject>, strictPayload = false) =>
  createEngine({
    dialect: 'openinterpreter',
    cwd: sandbox.project,
    home: sandbox.home,
    managedConfigPath: join(sandbox.root, 'none.toml'),
    bypassTrust: true,
    strictPayload,
  });

describe('runtime payload tolerance (SPEC 4.1)', () => {
  it('openinterpreter: a new permission_mode and agent_id: null still dispatch; the deny stands; one warning per violation', async () => {
    const sandbox = oiProject();
    const engine = await engineOf(sandbox);
    const payload = oiPayload('PreToolUse', sandbox.project, { permission_mode: 'autoEverything', agent_id: null });
    const outcome = await engine.dispatch('PreToolUse', payload as never);
    await engine.close();
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'guarded' });
    expect(outcome.warnings.filter((w) => w.startsWith('payload '))).toEqual([
      'payload /permission_mode: must be one of "default", "acceptEdits", "plan", "dontAsk", "bypassPermissions"',
      'payload /agent_id: must be string',
    ]);
  });

  it('octo: an unknown transport still dispatches the gate', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: "echo no >&2; exit 2"\n');
    const engine = await createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, env: {} });
    const outcome = await engine.dispatch(
      'PreToolUse',
      octoPayload('PreToolUse', sandbox.project, { transport: 'carrier-pigeon' }) as never,
    );
    await engine.close();
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'no' });
    expect(outcome.warnings).toEqual(['payload /transport: must be one of "cli", "web", "im"']);
  });

  it('a payload that is not an object, or whose matcher target is not a string, is refused', async () => {
    const sandbox = oiProject();
    const engine = await engineOf(sandbox);
    await expect(engine.dispatch('PreToolUse', [] as never)).rejects.toThrow(PayloadValidationError);
    await expect(engine.dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project, { tool_name: 42 }) as never)).rejects.toThrow(
      /\/tool_name/,
    );
    await expect(
      engine.dispatch('PreToolUse', { ...oiPayload('PreToolUse', sandbox.project), tool_name: undefined } as never),
    ).rejects.toThrow(PayloadValidationError);
    await engine.close();
  });

  it("strictPayload: true keeps rejecting with the validator's paths", async () => {
    const sandbox = oiProject();
    const engine = await engineOf(sandbox, true);
    const error = await engine
      .dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project, { permission_mode: 'autoEverything' }) as never)
      .catch((e: unknown) => e);
    await engine.close();
    expect(error).toBeInstanceOf(PayloadValidationError);
    expect((error as PayloadValidationError).errors.map((e) => e.path)).toEqual(['/permission_mode']);
  });
});

describe('the CLI: `run` tolerates, `dry-run` and `test` stay strict', () => {
  it('hookctl run dispatches the payload and carries the warning; dry-run refuses it', async () => {
    const sandbox = oiProject();
    const common = [
      '--cwd',
      sandbox.project,
      '--home',
      sandbox.home,
      '--managed',
      join(sandbox.root, 'none.toml'),
      '--dangerously-bypass-hook-trust',
    ];
    const payload = JSON.stringify(oiPayload('PreToolUse', sandbox.project, { permission_mode: 'autoEverything' }));
    const ran = await runCli(['run', 'PreToolUse', ...common], { input: payload });
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({
      decision: 'deny',
      warnings: expect.arrayContaining([expect.stringMatching(/^payload \/permission_mode: /)]),
    });
    sandbox.write('payload.json', payload);
    const dry = await runCli(['dry-run', 'PreToolUse', '--payload', join(sandbox.root, 'payload.json'), ...common]);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toContain('/permission_mode');
  });

  it("names another event's payload as such: run warns, dry-run refuses, both say which event it is", async () => {
    const sandbox = oiProject();
    const common = ['--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml')];
    const payload = JSON.stringify(oiPayload('PostToolUse', sandbox.project));
    const ran = await runCli(['run', 'PreToolUse', ...common, '--dangerously-bypass-hook-trust'], { input: payload });
    expect(ran.code).toBe(0);
    const said = 'payload /hook_event_name: is "PostToolUse": this is a PostToolUse payload, and these are the PreToolUse hooks';
    expect(JSON.parse(ran.stdout).warnings).toContain(`${said} (dispatch it as PostToolUse)`);
    sandbox.write('payload.json', payload);
    const dry = await runCli(['dry-run', 'PreToolUse', '--payload', join(sandbox.root, 'payload.json'), ...common]);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toContain('/hook_event_name: is "PostToolUse": this is a PostToolUse payload');
  });

  it('hookctl test fails a case whose payload the schema rejects', async () => {
    const sandbox = oiProject();
    sandbox.write('project/hooks-tests/p.json', JSON.stringify(oiPayload('PreToolUse', '.', { permission_mode: 'autoEverything' })));
    sandbox.write(
      'project/hooks-tests/p.case.json',
      JSON.stringify({ event: 'PreToolUse', payloadFile: 'p.json', expect: { decision: 'deny' } }),
    );
    const result = await runCli(['test', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml')]);
    expect(result.code).toBe(1);
    // Each schema error on a line of its own, not one line with a literal "\n" in it.
    expect(result.stdout).toContain('    error: invalid PreToolUse payload:\n      /permission_mode: must be one of');
    expect(result.stdout).not.toContain('\\n');
  });
});
