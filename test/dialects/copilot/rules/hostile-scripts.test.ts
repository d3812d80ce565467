import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/run-cli.js';
import { makeTempProject } from '../../../helpers/temp-project.js';

/**
 * The copilot rules read the script a hook runs (issue 42), and a repository is untrusted input: a
 * script that is a FIFO, a link to /dev/zero or a directory must not hang or exhaust `hookctl lint`,
 * and the rules still judge the `bash` command itself. Through the built binary.
 */
describe('copilot rules on hostile hook scripts', () => {
  it('lints a FIFO, a link to /dev/zero and a directory as scripts without reading them', { timeout: 30_000 }, async () => {
    const sandbox = makeTempProject();
    const hooks = ['fifo', 'zero', 'dir'].map((name) => ({ type: 'command', bash: `sh .github/hooks/${name}.sh` }));
    const parsing = { type: 'command', bash: "jq -r '.toolArgs | fromjson | .command'" };
    sandbox.write('project/.github/hooks/hooks.json', JSON.stringify({ version: 1, hooks: { preToolUse: [...hooks, parsing] } }, null, 2));
    execFileSync('mkfifo', [join(sandbox.project, '.github/hooks/fifo.sh')]);
    symlinkSync('/dev/zero', join(sandbox.project, '.github/hooks/zero.sh'));
    sandbox.write('project/.github/hooks/dir.sh/keep', '');
    const result = await runCli(['lint', '--format', 'json', '--rule', 'needs-program=off'], {
      cwd: sandbox.project,
      env: { HOME: sandbox.home },
      timeoutMs: 20_000,
    });
    const findings: string[] = JSON.parse(result.stdout).findings.map((finding: any) => `${finding.line}:${finding.ruleId}`);
    // The three scripts are unreadable-script's findings; only the command that parses toolArgs is tool-args-parsed's.
    expect(findings.filter((finding) => !finding.endsWith('unreadable-script'))).toEqual(['19:tool-args-parsed']);
    expect(findings.filter((finding) => finding.endsWith('unreadable-script')).length).toBe(3);
  });
});
