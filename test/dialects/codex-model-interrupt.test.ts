import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

/**
 * How hookctl reads one PreModelRequest, PostModelRequest or Interrupt hook, through `hookctl dry-run
 * --json`: the texts are the Codex 0.171.0 binary's (events/interrupt.rs; the model-request pair shares
 * compact.rs's process texts), the effects what test/agents/codex/cases-model.ts sees Codex do.
 */
const root = mkdtempSync(join(tmpdir(), 'hookctl-codex-new-events-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run {
  status: string;
  error: string | null;
}
interface Outcome {
  decision: string | null;
  blocked: boolean;
  stop: boolean;
  additionalContext: string | null;
  systemMessages: string[];
  runs: Run[];
}

let count = 0;
async function dryRun(event: string, script: string): Promise<Outcome> {
  const home = join(root, `home-${++count}`);
  const project = join(root, `project-${count}`);
  mkdirSync(join(home, '.codex'), { recursive: true });
  mkdirSync(project);
  const hook = join(root, `hook-${count}.sh`);
  writeFileSync(hook, `cat > /dev/null\n${script}\n`);
  writeFileSync(
    join(home, '.codex', 'hooks.json'),
    JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: 'command', command: `sh ${hook}` }] }] } }),
  );
  const env = { HOME: home, CODEX_HOME: join(home, '.codex') };
  const trusted = await runCli(['trust', '--yes', '--dialect', 'codex', '--cwd', project, '--home', home], { env });
  expect(trusted.code, trusted.stderr).toBe(0);
  const result = await runCli(['dry-run', event, '--json', '--dialect', 'codex', '--cwd', project, '--home', home], { env });
  expect(result.stdout, result.stderr).not.toBe('');
  return JSON.parse(result.stdout) as Outcome;
}

const quiet = { decision: null, blocked: false, stop: false, additionalContext: null };

describe.concurrent('codex PreModelRequest and PostModelRequest: observe only', () => {
  it.each(['PreModelRequest', 'PostModelRequest'])('%s: JSON that would stop, block or add context is not read', async (event) => {
    const output = JSON.stringify({ continue: false, stopReason: 'no', decision: 'block', reason: 'no', systemMessage: 'm' });
    const outcome = await dryRun(event, `printf '%s' '${output}'`);
    expect(outcome).toMatchObject({ ...quiet, systemMessages: [] });
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
  });

  it.each(['PreModelRequest', 'PostModelRequest'])('%s: exit 2 is a failure whose text is the stderr, nothing blocks', async (event) => {
    const outcome = await dryRun(event, "echo ' not now ' >&2; exit 2");
    expect(outcome).toMatchObject(quiet);
    expect(outcome.runs).toMatchObject([{ status: 'failed', error: 'not now' }]);
  });

  it('a non-zero exit without stderr says its code', async () => {
    const outcome = await dryRun('PostModelRequest', 'exit 3');
    expect(outcome.runs).toMatchObject([{ status: 'failed', error: 'hook exited with code 3' }]);
  });
});

describe.concurrent('codex Interrupt: a systemMessage only', () => {
  it('systemMessage is shown', async () => {
    const outcome = await dryRun('Interrupt', `printf '%s' '{"systemMessage":"watch the tide"}'`);
    expect(outcome).toMatchObject({ ...quiet, systemMessages: ['watch the tide'] });
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
  });

  it.each([['{"continue":true}'], ['{"stopReason":null}'], ['{"decision":"block"}'], ['{"systemMessage":"x"']])(
    '%s fails the run as invalid interrupt JSON',
    async (stdout) => {
      const outcome = await dryRun('Interrupt', `printf '%s' '${stdout}'`);
      expect(outcome).toMatchObject(quiet);
      expect(outcome.runs[0]!.status).toBe('failed');
      expect(outcome.runs[0]!.error).toMatch(/^hook returned invalid interrupt hook JSON output/);
    },
  );

  it('plain stdout fails with Codex’s own text', async () => {
    const outcome = await dryRun('Interrupt', 'echo aloha');
    expect(outcome.runs).toMatchObject([{ status: 'failed', error: 'Interrupt hook returned non-JSON stdout' }]);
  });

  it('exit 2 is an ordinary failure: its stderr is not the text', async () => {
    const outcome = await dryRun('Interrupt', 'echo ignored >&2; exit 2');
    expect(outcome).toMatchObject(quiet);
    expect(outcome.runs).toMatchObject([{ status: 'failed', error: 'hook exited with code 2' }]);
  });
});

describe('codex lint of the three events', () => {
  it('knows them (no unknown-event), says their matchers are ignored and clamps an Interrupt timeout', async () => {
    const home = join(root, 'lint-home');
    const file = join(home, '.codex', 'hooks.json');
    mkdirSync(join(home, '.codex'), { recursive: true });
    const hooks = {
      PreModelRequest: [{ hooks: [{ type: 'command', command: 'true' }] }],
      PostModelRequest: [{ hooks: [{ type: 'command', command: 'true' }] }],
      Interrupt: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true', timeout: 10 }] }],
    };
    writeFileSync(file, JSON.stringify({ hooks }, null, 2));
    const env = { HOME: home, CODEX_HOME: join(home, '.codex') };
    const result = await runCli(['lint', file, '--dialect', 'codex', '--cwd', root, '--home', home, '--format', 'json'], { env });
    const findings = (JSON.parse(result.stdout) as { findings: { ruleId: string; message: string }[] }).findings;
    expect(findings.map((finding) => finding.ruleId).sort()).toEqual(['matcher-ignored', 'timeout-capped']);
    expect(findings.find((finding) => finding.ruleId === 'timeout-capped')?.message).toBe(
      'timeout 10 is above the 3s maximum of Interrupt hooks; the agent clamps it to 3s',
    );
  });
});
