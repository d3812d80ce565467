import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * Issue 44: `hookctl test` and `test --agent` check the hooks a case runs with lint's script rules
 * first. A Codex project whose Stop hook names a script that is not there (as a copied example's did):
 * python3 exits 2, which "blocks" the stop, so a case expecting a block would pass by accident, and
 * in the agent every session would go on forever.
 */
const ANCHOR = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"';
const command = (script: string): string => `python3 ${ANCHOR}/.codex/hooks/${script}`;
// One handler per line: the finding's line says which.
const HOOKS = [
  '{',
  '  "hooks": {',
  `    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": ${JSON.stringify(command('guard.py'))} }] }],`,
  `    "Stop": [{ "hooks": [{ "type": "command", "command": ${JSON.stringify(command('require_tests.py'))} }] }]`,
  '  }',
  '}',
].join('\n');
const STOP_FINDING = new RegExp(
  String.raw`^ {4}error: hook \S+ \(Stop\) cannot run: \.codex/hooks\.json:4:\d+: ` +
    String.raw`the command runs "[^"]+/\.codex/hooks/require_tests\.py", which does not exist .*\(missing-script\)$`,
  'm',
);

function project() {
  const sandbox = makeTempProject();
  sandbox.write('project/.codex/hooks.json', HOOKS);
  sandbox.write('project/.codex/hooks/guard.py', 'import sys\nsys.stdin.read()\n');
  const base = {
    session_id: 's',
    turn_id: 't',
    transcript_path: null,
    cwd: '${PROJECT}',
    model: 'gpt-5-codex',
    permission_mode: 'default',
  };
  const ls = { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'call-1' };
  const stop = { ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done' };
  sandbox.write('project/hooks-tests/ls.case.json', JSON.stringify({ event: 'PreToolUse', payload: ls, expect: { decision: null } }));
  sandbox.write('project/hooks-tests/stop.case.json', JSON.stringify({ event: 'Stop', payload: stop, expect: { blocked: true } }));
  const flags = ['--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml')];
  return { sandbox, flags };
}

describe('a hook lint reports as missing is named before the case counts', () => {
  it('hookctl test: the case that runs it fails with the finding and its position, whatever the outcome', async () => {
    const { flags } = project();
    const result = await runCli(['test', ...flags]);
    expect(result.stdout).toMatch(/^✓ ls\.case\.json$/m);
    expect(result.stdout).toMatch(/^✗ stop\.case\.json$/m);
    // The finding comes first, then what the hook did (python3's own complaint, exit 2).
    expect(result.stdout).toMatch(STOP_FINDING);
    expect(result.stdout).toMatch(/hook \S+: blocked, exit 2\n {8}stderr: .*can't open file .*require_tests\.py/);
    expect(result.stdout).toMatch(/^1 passed, 1 failed$/m);
    expect(result.code).toBe(1);
  });

  const codex = resolve(import.meta.dirname, '../../node_modules/.bin/codex');
  it.skipIf(!existsSync(codex))('hookctl test --agent codex: every case is an error naming the hook, and no Codex starts', async () => {
    const { flags } = project();
    const started = Date.now();
    const result = await runCli(['test', '--agent', 'codex', ...flags, '--agent-bin', codex], { timeoutMs: 60_000 });
    // The Stop hook runs at the end of every session, the PreToolUse case's too.
    expect(result.stdout).toMatch(
      /^! ls\.case\.json \(\d+\.\d s\): Codex not started: hook \S+ \(Stop\) cannot run: \.codex\/hooks\.json:4:\d+: /m,
    );
    expect(result.stdout).toMatch(/^! stop\.case\.json \(\d+\.\d s\): Codex not started: .*require_tests\.py.*\(missing-script\)$/m);
    expect(result.stdout).toMatch(/^0 passed, 0 failed, 0 disagree with hookctl, 0 not run in the agent, 2 errors/m);
    expect(result.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
