import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { trust } from '../../src/dialects/openinterpreter/trust.js';
import { loadConfig as loadOctoConfig } from '../../src/dialects/octo/load-config.js';
import { trust as octoTrust } from '../../src/dialects/octo/trust.js';
import { loadConfig } from '../../src/dialects/openinterpreter/load-config.js';
import { BYPASS_TRUST_WARNING, createEngine, loadDialect } from '../../src/index.js';
import { setHooksEnabled, trustHooks } from '../../src/trust/operations.js';
import { oiPayload } from '../helpers/payloads.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * What the trust store decides at runtime, through the public engine: which hooks run and which are
 * reported as skipped, and why (SPEC 2.7 / 3.1).
 */
const MANAGED = `[[hooks.Stop]]
[[hooks.Stop.hooks]]
type = "command"
command = "echo managed >&2"
id = "policy"
`;

function oiProject(options: { managedOnly?: boolean } = {}) {
  const sandbox = makeTempProject();
  const hook = (id: string, command: string) => ({ hooks: [{ type: 'command', command, id }] });
  const hooksFile = sandbox.write(
    'project/.openinterpreter/hooks.json',
    JSON.stringify({ hooks: { Stop: [hook('trusted', 'true'), hook('edited', 'exit 0'), hook('off', ':'), hook('new', ': new')] } }),
  );
  const managedConfigPath = sandbox.write('managed.toml', `${options.managedOnly ? 'allow_managed_hooks_only = true\n' : ''}${MANAGED}`);
  const context = { cwd: sandbox.project, home: sandbox.home, env: {}, managedConfigPath, projectDir: sandbox.project };
  return { sandbox, hooksFile, context };
}

/** Trusts every hook, then edits one and disables another. */
async function prepare(setup: ReturnType<typeof oiProject>) {
  const { context, hooksFile } = setup;
  const { handlers } = await loadConfig(context);
  await trustHooks(trust, handlers, context, { ids: ['trusted', 'edited', 'off'] });
  await setHooksEnabled(trust, handlers, context, 'off', false);
  writeFileSync(hooksFile, readFileSync(hooksFile, 'utf8').replace('"exit 0"', '"exit 1"'));
}

async function stopRuns(setup: ReturnType<typeof oiProject>, bypassTrust: boolean) {
  const engine = await createEngine({ dialect: await loadDialect('openinterpreter'), ...setup.context, bypassTrust });
  try {
    const outcome = await engine.dispatch('Stop', oiPayload('Stop', setup.sandbox.project));
    return { outcome, runs: outcome.runs.map((run) => `${run.id}:${run.status}${run.skipReason ? `(${run.skipReason})` : ''}`) };
  } finally {
    await engine.close();
  }
}

describe('trust at runtime (openinterpreter)', () => {
  it('runs managed and trusted hooks and reports the others as skipped with the reason', async () => {
    const setup = oiProject();
    await prepare(setup);
    const { runs } = await stopRuns(setup, false);
    expect(runs).toEqual([
      'policy:completed',
      'trusted:completed',
      'edited:skipped(modified)',
      'off:skipped(disabled)',
      'new:skipped(untrusted)',
    ]);
  });

  it('bypass runs untrusted and modified hooks with the warning, never a disabled one', async () => {
    const setup = oiProject();
    await prepare(setup);
    const { runs, outcome } = await stopRuns(setup, true);
    expect(runs).toEqual(['policy:completed', 'trusted:completed', 'edited:failed', 'off:skipped(disabled)', 'new:completed']);
    expect(outcome.warnings).toContain(BYPASS_TRUST_WARNING);
  });

  it('managed-only drops every non-managed hook, even under bypass', async () => {
    const setup = oiProject({ managedOnly: true });
    await prepare(setup);
    const { runs } = await stopRuns(setup, true);
    expect(runs[0]).toBe('policy:completed');
    expect(runs.slice(1)).toEqual([
      'trusted:skipped(managed-only)',
      'edited:skipped(managed-only)',
      'off:skipped(managed-only)',
      'new:skipped(managed-only)',
    ]);
  });
});

describe('trust at runtime (octo)', () => {
  it('runs project hooks only while the trusted file is unchanged', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: "exit 0"\n');
    const context = { cwd: sandbox.project, home: sandbox.home, env: {}, projectDir: sandbox.project };
    const statusOf = async () => {
      const engine = await createEngine({ dialect: 'octo', cwd: sandbox.project, home: sandbox.home, env: {} });
      try {
        const outcome = await engine.dispatch('Stop', {
          event: 'Stop',
          session_id: 's',
          cwd: sandbox.project,
          transcript_path: null,
          model: 'm',
          transport: 'cli',
          status: 'success',
          error: null,
        });
        return outcome.runs.map((run) => run.skipReason ?? run.status);
      } finally {
        await engine.close();
      }
    };
    expect(await statusOf()).toEqual(['untrusted']);
    await trustHooks(octoTrust, (await loadOctoConfig(context)).handlers, context, { ids: [] });
    expect(await statusOf()).toEqual(['completed']);
    sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: "exit 0"  # edited\n');
    expect(await statusOf()).toEqual(['modified']);
  });
});
