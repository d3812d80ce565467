import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { oiPayload } from '../helpers/payloads.js';
import { makeTempProject } from '../helpers/temp-project.js';

function projectWithCases(cases: Record<string, unknown>) {
  const sandbox = makeTempProject();
  sandbox.write(
    'project/.openinterpreter/hooks.json',
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: `grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0` }] },
        ],
      },
    }),
  );
  for (const [name, body] of Object.entries(cases))
    sandbox.write(`project/hooks-tests/${name}`, typeof body === 'string' ? body : JSON.stringify(body));
  return {
    sandbox,
    common: ['--dialect', 'openinterpreter', '--cwd', sandbox.project, '--home', sandbox.home, '--managed', `${sandbox.root}/none.toml`],
  };
}

describe('hookctl test', () => {
  it('passes matching cases (deep subset, $regex, payloadFile) and exits 0', async () => {
    const { sandbox, common } = projectWithCases({});
    sandbox.write(
      'project/hooks-tests/payloads/rm.json',
      JSON.stringify(oiPayload('PreToolUse', sandbox.project, { tool_input: { command: 'rm -rf /' } })),
    );
    sandbox.write(
      'project/hooks-tests/deny.case.json',
      JSON.stringify({
        event: 'PreToolUse',
        payloadFile: 'payloads/rm.json',
        expect: { decision: 'deny', reason: { $regex: '^no rm' }, runs: [{ status: 'blocked' }] },
      }),
    );
    sandbox.write(
      'project/hooks-tests/allow.case.json',
      JSON.stringify({
        event: 'PreToolUse',
        payload: oiPayload('PreToolUse', sandbox.project),
        expect: { decision: null, blocked: false },
      }),
    );
    const result = await runCli(['test', ...common]);
    expect(result.stdout).toBe('✓ allow.case.json\n✓ deny.case.json\n2 passed, 0 failed\n');
    expect(result.code).toBe(0);
  });

  it('prints a diff for mismatching fields, reports broken cases, and exits 1', async () => {
    const { sandbox, common } = projectWithCases({});
    sandbox.write(
      'project/hooks-tests/wrong.case.json',
      JSON.stringify({ event: 'PreToolUse', payload: oiPayload('PreToolUse', sandbox.project), expect: { decision: 'deny' } }),
    );
    sandbox.write('project/hooks-tests/broken.case.json', '{ not json');
    const result = await runCli(['test', ...common]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ wrong.case.json\n    /decision\n      - expected: "deny"\n      + actual:   null');
    expect(result.stdout).toMatch(/✗ broken\.case\.json\n {4}error: invalid case file/);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 2 failed');
    const asJson = JSON.parse((await runCli(['test', '--json', ...common])).stdout);
    expect(asJson).toMatchObject({ passed: 0, failed: 2 });
  });

  it('exits 2 when there are no cases, saying why', async () => {
    const { sandbox, common } = projectWithCases({});
    const missing = await runCli(['test', ...common]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^hookctl: the cases directory .*hooks-tests does not exist\n$/);
    sandbox.write('project/hooks-tests/notes.md', 'no cases here');
    const empty = await runCli(['test', ...common]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^hookctl: no \*\.case\.json files under .*hooks-tests\n$/);
  });

  it('names a payloadFile that does not exist', async () => {
    const { common } = projectWithCases({ 'lost.case.json': { event: 'Stop', payloadFile: 'nope.json', expect: {} } });
    const result = await runCli(['test', ...common]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ lost.case.json\n    error: payloadFile nope.json does not exist\n');
  });
});

describe('hookctl test <dir> without --cwd', () => {
  it('takes a project dir as "its hooks-tests", and a cases dir inside a project as testing that project', async () => {
    const { sandbox } = projectWithCases({});
    sandbox.write(
      'project/hooks-tests/deny.case.json',
      JSON.stringify({
        event: 'PreToolUse',
        payload: oiPayload('PreToolUse', '.', { tool_input: { command: 'rm -rf /' } }),
        expect: { decision: 'deny' },
      }),
    );
    const home = ['--home', sandbox.home, '--managed', `${sandbox.root}/none.toml`];
    const asProject = await runCli(['test', sandbox.project, ...home], { cwd: sandbox.root });
    expect(asProject.stdout).toBe('✓ deny.case.json\n1 passed, 0 failed\n');
    const asCases = await runCli(['test', `${sandbox.project}/hooks-tests`, ...home], { cwd: sandbox.root });
    expect(asCases.stdout).toBe('✓ deny.case.json\n1 passed, 0 failed\n');
  });
});
