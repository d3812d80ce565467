import { describe, expect, it } from 'vitest';
import { everyRule } from '../../../src/dialects/every-rule.js';
import { lintCase } from '../../lint/rule-tester.js';

const SETTINGS = 'project/.gemini/settings.json';

/** Every finding of every rule for one workspace settings file, as `file:line:column rule: message`. */
async function lint(content: string): Promise<string[]> {
  const lines: string[] = [];
  for (const rule of await everyRule()) {
    const { findings } = await lintCase(rule, { files: { [SETTINGS]: content } });
    for (const finding of findings) lines.push(`${finding.line}:${finding.column} ${rule.meta.id}: ${finding.message}`);
  }
  return lines;
}

const file = (hooks: Record<string, unknown>, more: Record<string, unknown> = {}) => JSON.stringify({ ...more, hooks }, null, 2);
const command = (extra: Record<string, unknown> = {}) => ({ type: 'command', command: 'echo ok', ...extra });

describe('gemini lint', () => {
  it('a settings file with comments, every Gemini field and a Gemini tool matcher is clean', async () => {
    const content = `{
  // Gemini CLI reads settings with comments
  "general": { "vimMode": true },
  "hooksConfig": { "enabled": true, "disabled": ["old-guard"] },
  "hooks": {
    "BeforeTool": [
      { "matcher": "run_shell_command|replace", "sequential": true,
        "hooks": [{ "type": "command", "command": "echo ok", "name": "guard", "timeout": 5000, "env": { "MODE": "strict" } }] }
    ],
    "SessionStart": [{ "matcher": "startup", "hooks": [{ "type": "command", "command": "echo hi" }] }]
  }
}
`;
    expect(await lint(content)).toEqual([]);
  });

  it('a timeout that looks like seconds (copied from Claude Code) is 30 ms in Gemini CLI', async () => {
    const findings = await lint(file({ BeforeTool: [{ hooks: [command({ timeout: 30 })] }] }));
    expect(findings).toEqual([
      expect.stringMatching(
        /^9:24 timeout-suspicious: timeout 30 is in milliseconds \(30 ms\); it looks like seconds: 30 s would be 30000$/,
      ),
    ]);
  });

  it("Claude Code's event names and tool names never fire in a Gemini file, and lint says what Gemini calls them", async () => {
    const findings = await lint(
      file({
        PreToolUse: [{ matcher: 'Bash', hooks: [command()] }],
        BeforeTool: [{ matcher: 'Write', hooks: [command()] }],
      }),
    );
    expect(findings).toEqual([
      expect.stringMatching(/unknown-event: "PreToolUse" is an event of Claude Code, not of gemini, .*gemini calls it "BeforeTool"$/),
      expect.stringMatching(/tool-matcher-never-matches: .*Write.*Claude Code.*write_file/),
    ]);
  });

  it('a matcher on an event without a matcher target is ignored', async () => {
    const findings = await lint(file({ BeforeAgent: [{ matcher: 'anything', hooks: [command()] }] }));
    expect(findings).toEqual([expect.stringMatching(/matcher-ignored/)]);
  });
});
