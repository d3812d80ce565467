import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { payloadFor, sandboxWithHooks } from './helpers.js';

/**
 * A timeout larger than a Node timer holds (2^31 − 1 ms, about 24.8 days) used to overflow and fire
 * after ~1 ms: the hook was `timed_out` at once and its deny lost (SPEC 6.1.4). A huge value must
 * only ever mean "wait long"; lint reports it as an error.
 */
const DENY_AFTER_A_MOMENT = 'sleep 0.3; echo "refused by policy" >&2; exit 2';

describe('a huge timeout never fires early', () => {
  it('openinterpreter CLI: `"timeout": 3000000` (34 days) — the deny still arrives', async () => {
    const { sandbox, common } = sandboxWithHooks('openinterpreter', [
      { event: 'PreToolUse', command: DENY_AFTER_A_MOMENT, timeout: 3_000_000 },
    ]);
    const result = await runCli(['run', 'PreToolUse', ...common], {
      input: JSON.stringify(payloadFor('openinterpreter', 'PreToolUse', sandbox.project)),
    });
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.runs[0]).toMatchObject({ status: 'blocked', error: null });
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'refused by policy' });
    // The load finding travels with the outcome: the value is reported, not silently changed.
    expect(outcome.warnings.join('\n')).toMatch(/timeout 3000000 .*timeout-too-large/);
  });

  it('openinterpreter library: a timeout of 1e15 seconds still waits for the hook', async () => {
    const { sandbox, common } = sandboxWithHooks('openinterpreter', [{ event: 'PreToolUse', command: DENY_AFTER_A_MOMENT, timeout: 1e15 }]);
    const engine = await createEngine({
      dialect: 'openinterpreter',
      cwd: sandbox.project,
      home: sandbox.home,
      managedConfigPath: common.at(-1)!,
    });
    const outcome = await engine.dispatch('PreToolUse', payloadFor('openinterpreter', 'PreToolUse', sandbox.project) as never);
    await engine.close();
    expect(outcome.decision).toBe('deny');
    expect(outcome.runs[0]!.status).toBe('blocked');
  });

  it.each(['openinterpreter', 'octo'] as const)(
    '%s: close() waits for an async hook with a huge timeout instead of killing it at once',
    async (dialect) => {
      const done = join(makeTempProject().root, 'done');
      const hooks = sandboxWithHooks(dialect, [
        {
          event: 'Stop',
          command: `sleep 0.3; echo finished > '${done}'`,
          async: true,
          timeout: dialect === 'octo' ? 99_999_999 : 3_000_000,
        },
      ]);
      const managed = hooks.common.includes('--managed') ? hooks.common[hooks.common.indexOf('--managed') + 1] : undefined;
      const engine = await createEngine({
        dialect,
        cwd: hooks.sandbox.project,
        home: hooks.sandbox.home,
        ...(managed ? { managedConfigPath: managed } : {}),
      });
      await engine.dispatch('Stop', payloadFor(dialect, 'Stop', hooks.sandbox.project) as never);
      await engine.close();
      expect(existsSync(done) && readFileSync(done, 'utf8')).toBe('finished\n');
    },
  );

  it('octo CLI: a duration far beyond the cap is capped at 30 s and the block still arrives', async () => {
    const { sandbox, common } = sandboxWithHooks('octo', [{ event: 'PreToolUse', command: DENY_AFTER_A_MOMENT, timeout: 99_999_999 }]);
    const result = await runCli(['run', 'PreToolUse', ...common], {
      input: JSON.stringify(payloadFor('octo', 'PreToolUse', sandbox.project)),
    });
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'refused by policy' });
  });
});

describe('lint: timeout-too-large', () => {
  it('reports a timeout a timer cannot hold as an error with its position, and passes the largest one it can', async () => {
    const { sandbox, common } = sandboxWithHooks('openinterpreter', []);
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify(
        {
          hooks: {
            Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 3000000 }] }],
            PreCompact: [{ hooks: [{ type: 'command', command: 'true', timeout: 2147483 }] }],
          },
        },
        null,
        2,
      ),
    );
    const result = await runCli(['lint', '--format', 'json', ...common]);
    expect(result.code).toBe(1);
    const { findings } = JSON.parse(result.stdout);
    const tooLarge = findings.filter((finding: { ruleId: string }) => finding.ruleId === 'timeout-too-large');
    expect(tooLarge).toHaveLength(1);
    expect(tooLarge[0]).toMatchObject({ severity: 'error', file: '.openinterpreter/hooks.json', line: 9 });
    expect(tooLarge[0].message).toMatch(
      /^timeout 3000000 s \(about 35 days\) is longer than hookctl can wait \(2147483 s, about 24.8 days\)/,
    );
  });
});
