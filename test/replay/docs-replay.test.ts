import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = readFileSync(join(REPO, 'docs/replay.md'), 'utf8');

/** The `text` block of docs/replay.md that starts with `$ <command>`: the command and the output shown under it. */
function shownRun(prefix: string): { args: string[]; output: string } {
  const block = [...PAGE.matchAll(/^```text\n([\s\S]*?)^```$/gm)].map((match) => match[1]!).find((body) => body.startsWith(`$ ${prefix}`));
  if (block === undefined) throw new Error(`no "$ ${prefix}" block in docs/replay.md`);
  const [command, ...output] = block.split('\n');
  return { args: command!.slice('$ hookctl '.length).split(' '), output: output.join('\n') };
}

// Each case runs the real bin (and real hooks) several times: minutes, not seconds, on a loaded machine.
describe('docs/replay.md', { timeout: 120_000 }, () => {
  it('shows what hookctl replay prints for the fixture history', async () => {
    const { args, output } = shownRun('hookctl replay --dialect claude --cwd test/fixtures/replay/project');
    const result = await runCli(args, { cwd: REPO, env: { CLAUDE_CONFIG_DIR: undefined } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(output);
    expect(result.stderr).toContain('replay runs your PreToolUse and UserPromptSubmit hooks for real');
  });
});
