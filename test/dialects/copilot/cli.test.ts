// Through the hookctl binary. Attacker's test (issue 42): a checkout can commit any number of files under .github/hooks/. Copilot
// CLI reads every *.json there; hookctl reads at most 1,000 entries of the directory and says so.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { makeTempProject, sandboxFlags } from '../../helpers/temp-project.js';

const hooksFile = (command: string) => JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: command }] } });

describe('copilot .github/hooks with more than 1,000 entries', () => {
  it('reads no more than 1,000 of them and reports the directory, with an error finding', async () => {
    const box = makeTempProject();
    for (let i = 0; i < 1500; i++) box.write(`project/.github/hooks/h${String(i).padStart(4, '0')}.json`, hooksFile(`echo ${i}`));
    box.write('home/.copilot/hooks/mine.json', hooksFile('echo user-hook'));
    const list = await runCli(['list', ...sandboxFlags(box, 'copilot', join(box.root, 'managed.json'))], { timeoutMs: 60_000 });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('echo user-hook');
    const listed = list.stdout.match(/echo \d+/g) ?? [];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(1000);
    expect(list.stderr).toContain(
      `${join(box.project, '.github/hooks')}:1:1: error: more than 1000 entries in this directory; the rest is not read`,
    );
    const lint = await runCli(['lint', '--effective', ...sandboxFlags(box, 'copilot', join(box.root, 'managed.json'))], {
      timeoutMs: 60_000,
    });
    expect(lint.code).toBe(1);
    expect(lint.stdout + lint.stderr).toContain('more than 1000 entries in this directory');
  });
});

describe('copilot lint reads the command from bash', () => {
  it('exit 2 on userPromptSubmitted blocks nothing: output-ignored says so', async () => {
    const box = makeTempProject();
    const file = { version: 1, hooks: { userPromptSubmitted: [{ type: 'command', bash: 'grep -q secret || exit 2' }] } };
    box.write('project/.github/hooks/hooks.json', JSON.stringify(file, null, 2));
    const lint = await runCli(['lint', '--format', 'json', ...sandboxFlags(box, 'copilot', join(box.root, 'managed.json'))]);
    const findings = JSON.parse(lint.stdout).findings as { ruleId: string; message: string }[];
    expect(findings.find((f) => f.ruleId === 'output-ignored')?.message).toBe(
      'the command exits 2 to block, but userPromptSubmitted cannot be blocked: Copilot CLI shows stderr as a warning ' +
        '(print {"decision": "block"} to block), and the userPromptSubmitted goes on',
    );
  });
});
