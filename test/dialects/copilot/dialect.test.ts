import { describe, expect, it } from 'vitest';
import { contracts } from '../../../src/dialects/copilot/contracts.js';
import { fixture } from '../../../src/dialects/copilot/fixture.js';
import { loadConfig } from '../../../src/dialects/copilot/load-config.js';
import { protocol } from '../../../src/dialects/copilot/protocol.js';
import { COPILOT_EVENTS } from '../../../src/dialects/copilot/events.js';
import type { RunResult } from '../../../src/kit/run-result.js';
import { exited, makeHandler, printed, timedOut } from '../../helpers/factories.js';
import { makeTempProject } from '../../helpers/temp-project.js';

const hooksFile = (hooks: Record<string, unknown[]>) => JSON.stringify({ version: 1, hooks });

describe('copilot loadConfig', () => {
  it('reads the user dir, then every .github/hooks/*.json in descending name order; bash, timeoutSec, env, matcher groups', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.github/hooks/a.json', hooksFile({ preToolUse: [{ type: 'command', bash: 'echo a', timeoutSec: 3 }] }));
    sandbox.write(
      'project/.github/hooks/b.json',
      hooksFile({ preToolUse: [{ matcher: 'bash', hooks: [{ type: 'command', bash: 'echo b', env: { K: 'v' } }] }] }),
    );
    sandbox.write('project/.github/hooks/notes.txt', 'not a hooks file');
    sandbox.write('home/.copilot/hooks/u.json', hooksFile({ PreToolUse: [{ type: 'command', bash: 'echo u', matcher: 'Bash' }] }));
    const loaded = await loadConfig({ cwd: sandbox.project, home: sandbox.home, env: {} });
    expect(loaded.findings).toEqual([]);
    expect(loaded.handlers.map((h) => [h.event, h.command, h.source])).toEqual([
      ['PreToolUse', 'echo u', 'user'],
      ['preToolUse', 'echo b', 'project'],
      ['preToolUse', 'echo a', 'project'],
    ]);
    const [u, b, a] = loaded.handlers;
    expect(a?.timeoutMs).toBe(3000);
    expect(b?.timeoutMs).toBe(30_000);
    expect(b?.env).toMatchObject({ K: 'v', COPILOT_HOOK_DIR: `${sandbox.project}/.github/hooks` });
    expect(b?.launch).toEqual({ kind: 'process', argv: ['bash', '-c', 'echo b'] });
    expect([b?.matcher.test('bash'), b?.matcher.test('bash2'), b?.matcher.test('Bash')]).toEqual([true, false, false]);
    expect(u?.matcher.test('Bash')).toBe(true);
  });

  it('$COPILOT_HOME moves the user dir; an entry without bash is skipped with a finding', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'elsewhere/hooks/x.json',
      hooksFile({
        agentStop: [
          { type: 'command', bash: 'echo x' },
          { type: 'command', powershell: 'x' },
        ],
      }),
    );
    const loaded = await loadConfig({ cwd: sandbox.project, home: sandbox.home, env: { COPILOT_HOME: `${sandbox.root}/elsewhere` } });
    expect(loaded.handlers.map((h) => h.command)).toEqual(['echo x']);
    expect(loaded.findings.map((f) => f.ruleId)).toContain('invalid-value');
  });
});

describe('copilot interpret (preToolUse)', () => {
  const run = (event: string, result: RunResult) =>
    protocol.interpret(event, makeHandler({ dialect: 'copilot', event, file: '/p/.github/hooks/h.json' }), result);
  const errored = 'Denied by preToolUse hook from ".github/hooks/h.json" (hook errored)';
  it.each<[string, string, RunResult, boolean, string | undefined]>([
    ['deny', 'preToolUse', printed({ permissionDecision: 'deny', permissionDecisionReason: 'r' }), true, 'Denied by preToolUse hook: r'],
    [
      'ask is a deny',
      'preToolUse',
      printed({ permissionDecision: 'ask', permissionDecisionReason: 'r' }),
      true,
      'Denied by preToolUse hook (unable to ask user for confirmation): r',
    ],
    [
      'Claude-style deny',
      'PreToolUse',
      printed({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'c' } }),
      true,
      'Denied by preToolUse hook: c',
    ],
    ['exit 2', 'preToolUse', exited(2, { stderr: 'ignored' }), true, 'Denied by preToolUse hook: hook exited with code 2'],
    ['exit 1', 'preToolUse', exited(1), true, errored],
    ['exit 1 with a deny', 'preToolUse', exited(1, { stdout: '{"permissionDecision":"deny"}' }), true, errored],
    ['a timeout allows', 'preToolUse', timedOut(), false, undefined],
    ['text allows', 'preToolUse', exited(0, { stdout: 'words' }), false, undefined],
    ['continue: false is ignored', 'preToolUse', printed({ continue: false }), false, undefined],
    ['exit 2 elsewhere blocks nothing', 'agentStop', exited(2), false, undefined],
  ])('%s', (_name, event, result, blocked, reason) => {
    const interpretation = run(event, result);
    expect(interpretation.effect.decision === 'deny').toBe(blocked);
    expect(interpretation.effect.reason).toBe(reason);
  });

  it('modifiedArgs is the rewrite; the first deny wins the aggregate', () => {
    const rewrite = run('preToolUse', printed({ modifiedArgs: { command: 'x' } }));
    expect(rewrite.effect.updatedInput).toEqual({ command: 'x' });
    const handler = makeHandler({ dialect: 'copilot', event: 'preToolUse' });
    const deny = (reason: string) => ({
      handler,
      interpretation: run('preToolUse', printed({ permissionDecision: 'deny', permissionDecisionReason: reason })),
      finished: 0,
    });
    const effect = protocol.aggregate('preToolUse', [deny('first'), deny('second')], { rewriteOrder: 'configured', payload: {} });
    expect(effect.reason).toBe('Denied by preToolUse hook: first');
    expect(protocol.schedule?.('preToolUse', [])).toBe('sequential-until-verdict');
  });
});

describe('copilot fixtures', () => {
  it.each(COPILOT_EVENTS.map((e) => e.name))('%s is schema-valid', (event) => {
    expect(contracts.validateInput(event, fixture(event, { cwd: '/p' })).ok).toBe(true);
  });
});
