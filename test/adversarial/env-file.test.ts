import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { command, group, hooks, makeClaudeSandbox } from '../dialects/claude/sandbox.js';
import { CRASH, runMeasured } from './kit.js';

/**
 * A hook against the CLAUDE_ENV_FILE temporary directory (issue 22, hole 6): it leaves a read-only
 * subdirectory holding a file, so the first removal fails with EACCES. Run as root, the binary
 * drops CAP_DAC_OVERRIDE (setpriv) so the permission is real. The outcome, with the env file's
 * content, must be kept, and nothing may be left behind.
 */
/** `hookctl run SessionStart` (without CAP_DAC_OVERRIDE) on a managed SessionStart hook running `plant`, with its own TMPDIR. */
async function runPlanted(plant: string[]) {
  const box = makeClaudeSandbox();
  const tmp = join(box.root, 'tmp');
  mkdirSync(tmp);
  const script = [...plant, `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"kept"}}'`].join('; ');
  box.settings('etc/claude-code/managed-settings.json', hooks({ SessionStart: [group([command(script)])] }));
  const payload = JSON.stringify(await box.payload('SessionStart'));
  const flags = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
  const result = await runMeasured(['run', 'SessionStart', ...flags], { input: payload, env: { TMPDIR: tmp }, withoutFileOverride: true });
  return { result, tmp };
}

describe('claude CLAUDE_ENV_FILE cleanup under attack (issue 22, hole 6)', () => {
  it('a read-only subdirectory left by a hook: outcome and env content kept, the temp dir removed, no internal error', async () => {
    const { result, tmp } = await runPlanted([
      'dir=$(dirname "$CLAUDE_ENV_FILE")',
      'echo "export FROM_HOOK=1" >> "$CLAUDE_ENV_FILE"',
      'mkdir -p "$dir/locked/inner" && touch "$dir/locked/inner/f" "$dir/locked/g"',
      'chmod 500 "$dir/locked/inner" && chmod 500 "$dir/locked"',
    ]);
    expect(result.stderr).not.toMatch(CRASH);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ additionalContext: 'kept', dialectOutput: { envFileContent: 'export FROM_HOOK=1\n' } });
    expect(readdirSync(tmp).filter((name) => name.startsWith('hookctl-env-'))).toEqual([]);
  });

  it('a directory that cannot be removed at all (its parent made read-only): a one-line warning, the outcome kept', async () => {
    const { result, tmp } = await runPlanted([
      'echo "export KEPT=1" >> "$CLAUDE_ENV_FILE"',
      'chmod 500 "$(dirname "$(dirname "$CLAUDE_ENV_FILE")")"',
    ]);
    chmodSync(tmp, 0o700);
    expect(result.stderr).not.toMatch(CRASH);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ additionalContext: 'kept', dialectOutput: { envFileContent: 'export KEPT=1\n' } });
    expect(outcome.warnings).toEqual([
      expect.stringMatching(/^could not remove the CLAUDE_ENV_FILE directory .*hookctl-env-.* \(EACCES\); remove it by hand$/),
    ]);
  });
});
