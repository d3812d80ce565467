import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * Issue 39: a `.claude/settings.json` as a blog post about "guard hooks" would show it (written by us),
 * with the four classic mistakes such posts carry: a guard reached by a path relative to the cwd, a
 * tool matcher in the wrong case, permission-rule syntax as a matcher, and a misspelled event. Each
 * makes a hook silently never run or a guard silently not guard, so lint reports four errors and
 * exits 1: CI fails. Before issue 39 the same four findings were warnings, and CI passed.
 */
const BLOG_POST = `{
  "permissions": { "allow": ["Bash(npm run test:*)"] },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "python3 .claude/hooks/block_dangerous.py" }] },
      { "matcher": "write|edit", "hooks": [{ "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/protect_env.sh" }] },
      { "matcher": "Bash(git push*)", "hooks": [{ "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/no_push.sh" }] }
    ],
    "PostToolUse": [
      { "matcher": "Write|Edit", "hooks": [{ "type": "command", "command": "npx --no-install prettier --write . || true" }] }
    ],
    "Stopp": [
      { "hooks": [{ "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/run_tests.sh" }] }
    ]
  }
}
`;

function blogPostProject(): TempProject {
  const box = makeTempProject();
  box.write('project/.claude/settings.json', BLOG_POST);
  for (const script of ['block_dangerous.py', 'protect_env.sh', 'no_push.sh', 'run_tests.sh'])
    box.write(`project/.claude/hooks/${script}`, '#!/bin/sh\nexit 0\n', { executable: true });
  expect(spawnSync('git', ['init', '-q'], { cwd: box.project }).status).toBe(0);
  return box;
}

function lint(box: TempProject, ...args: string[]) {
  return runCli(['lint', '--home', box.home, '--managed', join(box.root, 'none.toml'), '--format', 'json', ...args], {
    cwd: box.project,
    env: { HOME: box.home },
  });
}

interface Report {
  findings: { line: number; ruleId: string; severity: string; message: string }[];
}

describe('a blog-post settings file with four classic mistakes (issue 39)', () => {
  it('lints with four errors, and exit 1, so CI fails', async () => {
    const box = blogPostProject();
    const result = await lint(box);
    const all = JSON.parse(result.stdout) as Report;
    // The three guards also get guard-fails-open's info note (no "onFailure": "block"): its own test's subject.
    expect(all.findings.filter((f) => f.ruleId === 'guard-fails-open').map((f) => `${f.line} ${f.severity}`)).toEqual([
      '5 info',
      '6 info',
      '7 info',
    ]);
    const report = { findings: all.findings.filter((f) => f.ruleId !== 'guard-fails-open') };
    expect(report.findings.map((f) => `${f.line} ${f.ruleId} ${f.severity}`)).toEqual([
      '5 cwd-relative-script error',
      // The PostToolUse npx is a warning (slow-launcher), not one of the four: a formatter is no guard.
      '6 tool-matcher-never-matches error',
      '7 tool-matcher-never-matches error',
      '10 slow-launcher warning',
      '12 unknown-event error',
    ]);
    expect(report.findings[0]!.message).toMatch(/python3 exits 2, which on PreToolUse denies every tool call it matches/);
    expect(report.findings[1]!.message).toMatch(/matcher "write" is compared with tool names case-sensitively, .*the tool is "Write"$/);
    expect(report.findings[2]!.message).toMatch(/matcher "Bash\(git push\*\)" is permission-rule syntax/);
    expect(report.findings[4]!.message).toMatch(/unknown claude event "Stopp".*did you mean "Stop"\?$/);
    expect(result.code).toBe(1);
  });

  it('rule settings and --max-warnings keep working: turned down to warnings it passes, unless warnings are capped', async () => {
    const box = blogPostProject();
    box.write('project/hookctl.config.json', '{ "rules": { "cwd-relative-script": "warn", "tool-matcher-never-matches": "warn" } }\n');
    const down = await lint(box, '--rule', 'unknown-event=warn');
    const shown = (JSON.parse(down.stdout) as Report).findings.filter((f) => f.ruleId !== 'guard-fails-open');
    expect(shown.every((f) => f.severity === 'warning')).toBe(true);
    expect(down.code).toBe(0);
    expect((await lint(box, '--rule', 'unknown-event=warn', '--max-warnings', '4')).code).toBe(1);
    expect((await lint(box, '--rule', 'unknown-event=off', '--max-warnings', '4')).code).toBe(0);
  });
});
