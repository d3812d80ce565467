import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(REPO, 'README.md'), 'utf8');
/** The README's Claude Code section, up to the next `## `. */
const SECTION = README.slice(
  README.indexOf('## Claude Code (`--dialect claude`)'),
  README.indexOf('\n## ', README.indexOf('## Claude Code (`--dialect claude`)') + 1),
);

/** The fenced blocks of the section, in order, as [language, body]. */
const blocks = [...SECTION.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map(([, language, body]) => [language!, body!] as const);

/** A `text` block that shows `$ <command>`: the output lines under it. */
function outputOf(command: string): string {
  const block = blocks.find(([language, body]) => language === 'text' && body.startsWith(`$ ${command}\n`));
  if (block === undefined) throw new Error(`no "$ ${command}" block in the README's Claude Code section`);
  return block[1].slice(command.length + 3);
}

/** The README's Claude Code section shows real output: these re-run its commands and compare. */
describe("README's Claude Code section", () => {
  it('comes before the other dialects', () => {
    expect(README.indexOf('## Claude Code')).toBeLessThan(README.indexOf('## A five-minute tour'));
    expect(README.indexOf('`claude` (config:')).toBeLessThan(README.indexOf('`openinterpreter` (config:'));
  });

  it('the lint output is what hookctl lint prints for the settings shown', async () => {
    const box = makeTempProject();
    box.write('project/.claude/settings.json', blocks.find(([language]) => language === 'json')![1]);
    const result = await runCli(['lint', '--cwd', box.project, '--home', box.home, '--managed', join(box.root, 'none.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(outputOf('hookctl lint'));
  });

  it('the test output is what hookctl test prints for examples/claude-guard', async () => {
    const result = await runCli(['test', '--cwd', join(REPO, 'examples/claude-guard')], { cwd: REPO });
    expect(result.code).toBe(0);
    const shown = outputOf('npx hookctl test --cwd examples/claude-guard').split('\n');
    // The first line is the warning on stderr; the rest is stdout.
    expect(`${result.stderr}${result.stdout}`).toBe(`${shown.join('\n')}`);
  });

  it('the dry-run verdicts are what the guard decides', async () => {
    for (const [payload, verdict] of [
      ['rm-rf-home', 'verdict: deny — refusing rm -r on /, ~, .., . or *: delete the files you mean by name instead'],
      ['force-push', 'verdict: ask — a force push rewrites shared history: confirm that this branch is yours'],
    ] as const) {
      const command =
        `npx hookctl dry-run PreToolUse --cwd examples/claude-guard --payload examples/claude-guard/hooks-tests/payloads/${payload}.json ` +
        '--dangerously-bypass-hook-trust';
      const shown = SECTION.slice(SECTION.indexOf(`$ ${command}\n`));
      expect(shown.split('\n\n')[0]).toContain(verdict);
      const result = await runCli(command.split(' ').slice(2), { cwd: REPO });
      expect(result.stdout).toContain(`${verdict}\n`);
    }
  });
});
