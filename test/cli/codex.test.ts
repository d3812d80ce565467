import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODEX_EVENTS } from '../../src/dialects/codex/events.js';
import { provenAgentText } from '../../src/dialects/shared/agent-versions.js';
import { validateInput } from '../../src/dialects/codex/public.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/** `--dialect codex` through the real binary (issue 15): every command, against real files and hooks. */
function codexProject(hooks: unknown = {}) {
  const box = makeTempProject();
  box.write('project/.codex/hooks.json', JSON.stringify({ hooks }, null, 2));
  box.write('home/.codex/config.toml', `[projects.${JSON.stringify(box.project)}]\ntrust_level = "trusted"\n`);
  const common = ['--cwd', box.project, '--home', box.home, '--managed', join(box.root, 'etc/requirements.toml')];
  const hookctl = (...args: string[]) => runCli([...args, ...common], { env: { CODEX_HOME: undefined } });
  return { box, hookctl };
}
const deny = (reason: string) =>
  `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}'`;
const rewrite = (command: string) =>
  `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow",` +
  `"updatedInput":{"command":"${command}"}}}'`;

describe('hookctl --dialect codex', () => {
  it('is detected from the project .codex/ without --dialect', async () => {
    const { hookctl } = codexProject({ Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    const listed = JSON.parse((await hookctl('list', '--json')).stdout) as { dialect: string };
    expect(listed.dialect).toBe('codex');
  });

  it.each(CODEX_EVENTS.map((event) => event.name))('fixture %s prints a payload the codex input schema accepts', async (event) => {
    const result = await runCli(['fixture', event, '--dialect', 'codex', '--cwd', '/work']);
    expect(result.code).toBe(0);
    const payload = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(validateInput(event as 'Stop', payload)).toMatchObject({ ok: true });
    // Codex 0.171.0 writes a model request's own fields first (test/agents/codex/model-payloads.test.ts).
    const first = event === 'PreModelRequest' || event === 'PostModelRequest' ? 'kind' : 'session_id';
    expect(Object.keys(payload).slice(0, 1)).toEqual([first]);
  });

  it('schema prints the input schema; SessionEnd has no output schema, said in one line', async () => {
    const input = await runCli(['schema', 'SessionEnd', '--dialect', 'codex']);
    expect(JSON.parse(input.stdout)).toMatchObject({ title: 'SessionEndInput' });
    const output = await runCli(['schema', 'SessionEnd', '--output', '--dialect', 'codex']);
    expect(output).toMatchObject({ code: 2, stdout: '' });
    expect(output.stderr).toBe(
      'hookctl: codex SessionEnd hooks have no JSON output contract (stdout is not interpreted as JSON), so there is no output schema\n',
    );
  });

  it("dry-run runs the hooks in Codex's way and prints the verdict", async () => {
    const { hookctl } = codexProject({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: deny('no rm -rf') }] }] });
    const result = await hookctl('dry-run', 'PreToolUse', '--dangerously-bypass-hook-trust');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`PreToolUse (codex, proven against ${provenAgentText('codex')}) — matcher target: Bash`);
    expect(result.stdout).toContain('verdict: deny — no rm -rf');
    expect(result.stderr).toContain(
      '`--dangerously-bypass-hook-trust` is enabled. Enabled hooks may run without review for this invocation.',
    );
  });

  it('--rewrite-order configured makes the last configured rewrite win (completion order is the default)', async () => {
    const { hookctl } = codexProject({
      PreToolUse: [
        {
          hooks: [
            { type: 'command', command: `sleep 0.4; ${rewrite('slow')}` },
            { type: 'command', command: rewrite('fast') },
          ],
        },
      ],
    });
    const byCompletion = JSON.parse((await hookctl('dry-run', 'PreToolUse', '--json', '--dangerously-bypass-hook-trust')).stdout) as {
      updatedInput: unknown;
    };
    expect(byCompletion.updatedInput).toEqual({ command: 'slow' });
    const configured = JSON.parse(
      (await hookctl('dry-run', 'PreToolUse', '--json', '--dangerously-bypass-hook-trust', '--rewrite-order', 'configured')).stdout,
    ) as { updatedInput: unknown };
    expect(configured.updatedInput).toEqual({ command: 'fast' });
  });

  it("run reads the payload on stdin and prints the outcome, with each run's additionalContextLimit", async () => {
    const context = `printf '%s' '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"read the README"}}'`;
    const { box } = codexProject({ SessionStart: [{ hooks: [{ type: 'command', command: context, additionalContextLimit: 100 }] }] });
    const payload = JSON.stringify({
      session_id: 's',
      transcript_path: null,
      cwd: box.project,
      hook_event_name: 'SessionStart',
      model: 'm',
      permission_mode: 'default',
      source: 'startup',
    });
    const result = await runCli(
      ['run', 'SessionStart', '--dialect', 'codex', '--cwd', box.project, '--home', box.home, '--dangerously-bypass-hook-trust'],
      { input: payload, env: { CODEX_HOME: undefined } },
    );
    const outcome = JSON.parse(result.stdout) as { additionalContext: string; dialectOutput: unknown; runs: { id: string }[] };
    expect(outcome.additionalContext).toBe('read the README');
    expect(outcome.dialectOutput).toEqual({ additionalContextLimit: { [outcome.runs[0]!.id]: 100 } });
  });

  it('--config adds a session layer: its hooks are listed with source session and run', async () => {
    const { hookctl } = codexProject();
    const flag = 'hooks.Stop=[{ hooks = [{ type = "command", command = "echo from the flag" }] }]';
    const listed = JSON.parse((await hookctl('list', '--json', '--config', flag)).stdout) as { hooks: { id: string; source: string }[] };
    expect(listed.hooks.map((hook) => [hook.id, hook.source])).toEqual([['/<session-flags>/config.toml:stop:0:0', 'session']]);
  });

  it("list shows an untrusted project's hooks as untrusted-project, with Codex's reason, and lint says why they never run", async () => {
    const box = makeTempProject();
    box.write('project/.codex/hooks.json', JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
    const common = ['--dialect', 'codex', '--cwd', box.project, '--home', box.home, '--managed', join(box.root, 'none.toml')];
    const reason =
      `To load project-local config, hooks, and exec policies, add ${box.project} as a trusted project in ` +
      `${box.home}/.codex/config.toml.`;
    const listed = await runCli(['list', ...common], { env: { CODEX_HOME: undefined } });
    expect(listed.stdout).toContain(`— Stop, sync, timeout 600s — untrusted-project (${reason})`);
    const json = JSON.parse((await runCli(['list', '--json', ...common], { env: { CODEX_HOME: undefined } })).stdout) as {
      hooks: { skipReason: string; skipDetail: string }[];
    };
    expect(json.hooks).toEqual([expect.objectContaining({ skipReason: 'workspace-untrusted', skipDetail: reason })]);
    const linted = await runCli(['lint', '--effective', '--format', 'json', ...common], { env: { CODEX_HOME: undefined } });
    expect(linted.code).toBe(0);
    expect((JSON.parse(linted.stdout) as { findings: unknown[] }).findings).toEqual([
      expect.objectContaining({
        ruleId: 'untrusted-project',
        severity: 'info',
        message: `these hooks never run: the agent loads no config from this project. ${reason}`,
      }),
    ]);
    // dry-run names the command that trusts the project, and prints the load finding as a note, not "warning: …: info:".
    const dry = await runCli(['dry-run', 'Stop', ...common], { env: { CODEX_HOME: undefined } });
    expect(dry.stdout).toContain('      review and trust the project with `hookctl trust --yes --project` (it writes [projects.');
    expect(dry.stdout).toMatch(/^note: .*\.codex\/hooks\.json:1:\d+: these hooks never run: /m);
    expect(dry.stdout).not.toContain(': info: ');
  });

  it("scaffold --register adds to .codex/hooks.json without an id, and test runs the project's cases", async () => {
    const { box, hookctl } = codexProject();
    // A real repository: the scaffold finds its script from the git root, wherever the session cd's.
    expect(spawnSync('git', ['init', '-q'], { cwd: box.project }).status).toBe(0);
    expect((await hookctl('scaffold', 'PreToolUse', '--lang', 'sh', '--matcher', 'Bash', '--register')).code).toBe(0);
    const config = JSON.parse(readFileSync(join(box.project, '.codex/hooks.json'), 'utf8')) as unknown;
    const command = 'sh "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.codex/hooks/pre-tool-use.sh';
    expect(config).toEqual({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } });
    const payload = JSON.parse((await hookctl('fixture', 'PreToolUse')).stdout) as unknown;
    box.write(
      'project/hooks-tests/noop.case.json',
      JSON.stringify({ event: 'PreToolUse', payload, expect: { decision: null, runs: [{ status: 'completed' }] } }),
    );
    const tested = await hookctl('test');
    expect(tested.stdout).toContain('1 passed, 0 failed');
  });
});
