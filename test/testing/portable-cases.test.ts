import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

// A claude project whose guard denies `rm -rf` with exit 2 and a stderr reason.
const GUARD = `#!/bin/sh
if grep -q 'rm -rf'; then echo "guard: refusing rm -rf in $(pwd)" >&2; exit 2; fi
exit 0
`;
const SETTINGS = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh .claude/hooks/guard.sh' }] }] },
});

/** Project `a` with its guard and one case made by `hookctl fixture`, as an author would write it. */
async function authorProject() {
  const sandbox = makeTempProject();
  const a = sandbox.project;
  sandbox.write('project/.claude/settings.json', SETTINGS);
  sandbox.write('project/.claude/hooks/guard.sh', GUARD);
  const flags = ['--dialect', 'claude', '--home', sandbox.home, '--managed', join(sandbox.root, 'none.json')];
  const made = await runCli(['fixture', 'PreToolUse', '--tool', 'Bash', '--set', 'tool_input.command=rm -rf /', ...flags], { cwd: a });
  expect(made.stderr).toBe('');
  sandbox.write('project/hooks-tests/payloads/rm.json', made.stdout);
  sandbox.write(
    'project/hooks-tests/rm.case.json',
    JSON.stringify({ event: 'PreToolUse', payloadFile: 'payloads/rm.json', expect: { decision: 'deny' } }),
  );
  return { sandbox, a, flags, payload: JSON.parse(made.stdout) as Record<string, unknown> };
}

describe('portable test cases (hookctl fixture → hookctl test)', () => {
  it('fixture writes ${PROJECT} for paths inside the project and no absolute path of the checkout', async () => {
    const { a, payload } = await authorProject();
    expect(payload.cwd).toBe('${PROJECT}');
    expect(payload.transcript_path).toMatch(/^\$\{PROJECT\}\/\.claude\/transcripts\/.+\.jsonl$/);
    expect(JSON.stringify(payload)).not.toContain(a);
  });

  it('fixture --absolute prints the paths of this project', async () => {
    const { a, flags } = await authorProject();
    const made = await runCli(['fixture', 'PreToolUse', '--absolute', ...flags], { cwd: a });
    expect(JSON.parse(made.stdout).cwd).toBe(a);
  });

  it('run refuses a ${PROJECT} cwd in one line naming fixture --absolute and dry-run, instead of skipping the hooks', async () => {
    const { sandbox, a, flags, payload } = await authorProject();
    sandbox.write('home/.claude.json', JSON.stringify({ projects: { [a]: { hasTrustDialogAccepted: true } } }));
    const refused = await runCli(['run', 'PreToolUse', ...flags], { cwd: a, input: JSON.stringify(payload) });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(
      /^hookctl: payload cwd "\$\{PROJECT\}" is a `hookctl fixture` placeholder.*`hookctl fixture --absolute`.*`hookctl dry-run/,
    );
    // The two ways out both decide: --absolute piped into run, and dry-run on the placeholder payload.
    const rm = ['--tool', 'Bash', '--set', 'tool_input.command=rm -rf /'];
    const absolute = await runCli(['fixture', 'PreToolUse', '--absolute', ...rm, ...flags], { cwd: a });
    const ran = await runCli(['run', 'PreToolUse', ...flags], { cwd: a, input: absolute.stdout });
    expect(JSON.parse(ran.stdout)).toMatchObject({ decision: 'deny' });
    const dry = await runCli(['dry-run', 'PreToolUse', '--json', '--payload', '-', ...flags], { cwd: a, input: JSON.stringify(payload) });
    expect(JSON.parse(dry.stdout)).toMatchObject({ decision: 'deny' });
  });

  it('a copy whose guard was replaced by `exit 0` fails its case, naming each hook, its status and exit code', async () => {
    const { sandbox, a, flags } = await authorProject();
    const passing = await runCli(['test', ...flags], { cwd: a });
    expect(passing.stdout).toBe('✓ rm.case.json\n1 passed, 0 failed\n');
    expect(passing.code).toBe(0);

    const b = join(sandbox.root, 'copy');
    cpSync(a, b, { recursive: true });
    writeFileSync(join(b, '.claude/hooks/guard.sh'), 'exit 0\n');
    const failing = await runCli(['test', ...flags], { cwd: b });
    expect(failing.stdout).toContain('✗ rm.case.json');
    expect(failing.stdout).toContain('- expected: "deny"');
    expect(failing.stdout).toMatch(/hook project:\.claude\/settings\.json:PreToolUse:0:0: completed, exit 0\n/);
    expect(failing.stdout).toContain('0 passed, 1 failed');
    expect(failing.code).toBe(1);
    // And the original still passes: the copy ran its own guard, not the author's.
    expect((await runCli(['test', ...flags], { cwd: a })).code).toBe(0);
  });

  it('the hook sees the project under test as its cwd and in every ${PROJECT} path', async () => {
    const { sandbox, a, flags } = await authorProject();
    sandbox.write('project/.claude/hooks/guard.sh', 'cat > "$(pwd)/seen.json"; echo "ran in $(pwd)" >&2; exit 2\n');
    const ran = await runCli(['test', ...flags], { cwd: a });
    expect(ran.code).toBe(0);
    const seen = JSON.parse(readFileSync(join(a, 'seen.json'), 'utf8')) as Record<string, unknown>;
    expect(seen.cwd).toBe(a);
    expect(seen.transcript_path).toMatch(new RegExp(`^${a}/\\.claude/transcripts/`));
  });

  it('a failing case shows the stderr tail of the hook that decided', async () => {
    const { sandbox, a, flags } = await authorProject();
    sandbox.write(
      'project/hooks-tests/rm.case.json',
      JSON.stringify({ event: 'PreToolUse', payloadFile: 'payloads/rm.json', expect: { decision: null } }),
    );
    const failing = await runCli(['test', ...flags], { cwd: a });
    expect(failing.stdout).toContain(': blocked, exit 2\n');
    expect(failing.stdout).toContain(`stderr: guard: refusing rm -rf in ${a}`);
    expect(failing.code).toBe(1);
  });

  it('refuses an old case whose absolute cwd is another checkout, and a relative cwd that climbs out', async () => {
    const { sandbox, a, flags, payload } = await authorProject();
    const b = join(sandbox.root, 'copy');
    cpSync(a, b, { recursive: true });
    writeFileSync(join(b, '.claude/hooks/guard.sh'), 'exit 0\n');
    // The case as hookctl fixture wrote it before ${PROJECT}: the author's absolute checkout path.
    writeFileSync(join(b, 'hooks-tests/payloads/rm.json'), JSON.stringify({ ...payload, cwd: a }));
    writeFileSync(
      join(b, 'hooks-tests/up.case.json'),
      JSON.stringify({ event: 'PreToolUse', payload: { ...payload, cwd: '../project' }, expect: {} }),
    );
    writeFileSync(
      join(b, 'hooks-tests/via.case.json'),
      JSON.stringify({ event: 'PreToolUse', payload: { ...payload, cwd: '${PROJECT}/../project' }, expect: {} }),
    );
    const refused = await runCli(['test', ...flags], { cwd: b });
    expect(refused.stdout).toContain(`✗ rm.case.json\n    error: payload cwd ${a} is outside the project under test (${b})`);
    expect(refused.stdout).toContain('✗ up.case.json\n    error: payload cwd ../project is outside the project under test');
    expect(refused.stdout).toContain('✗ via.case.json\n    error: payload cwd ${PROJECT}/../project is outside the project under test');
    expect(refused.stdout).toContain('write the cwd as "${PROJECT}"');
    expect(refused.code).toBe(1);
    // The guard of the other checkout never ran: it would have denied, and nothing was dispatched.
    expect(refused.stdout).not.toContain('hook project:');
  });

  it('keeps running an old case whose absolute cwd is inside the project under test', async () => {
    const { sandbox, a, flags, payload } = await authorProject();
    sandbox.write('project/hooks-tests/payloads/rm.json', JSON.stringify({ ...payload, cwd: a, transcript_path: '/home/dev/t.jsonl' }));
    const ran = await runCli(['test', ...flags], { cwd: a });
    expect(ran.stdout).toBe('✓ rm.case.json\n1 passed, 0 failed\n');
  });

  it('dry-run --payload resolves ${PROJECT} against --cwd', async () => {
    const { a, flags } = await authorProject();
    const ran = await runCli(
      ['dry-run', 'PreToolUse', '--payload', 'hooks-tests/payloads/rm.json', '--dangerously-bypass-hook-trust', '--json', ...flags],
      {
        cwd: a,
      },
    );
    expect(ran.code).toBe(0);
    const outcome = JSON.parse(ran.stdout) as { decision: string; runs: { stderr: string }[] };
    expect(outcome.decision).toBe('deny');
    expect(outcome.runs[0]!.stderr).toContain(`in ${a}`);
  });

  it('a payload file with a JSON syntax error is reported with its line and column', async () => {
    const { sandbox, a, flags } = await authorProject();
    sandbox.write('project/hooks-tests/payloads/rm.json', '{\n  "cwd": ".",\n  "tool_name": "Bash",,\n}\n');
    const ran = await runCli(['test', ...flags], { cwd: a });
    expect(ran.stdout).toContain('error: payloadFile payloads/rm.json is not valid JSON: 3:23:');
    const dry = await runCli(['dry-run', 'PreToolUse', '--payload', 'hooks-tests/payloads/rm.json', ...flags], { cwd: a });
    expect(dry.stderr).toContain('payload in hooks-tests/payloads/rm.json is not valid JSON: 3:23:');
    expect(dry.code).toBe(2);
  });
});
