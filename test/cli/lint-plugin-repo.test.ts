import { spawnSync } from 'node:child_process';
import { CLAUDE_CODE } from '../../src/dialects/claude/agent-version.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * Issue 23, item 3: plain `hookctl lint` in a Claude Code plugin's own repository
 * (`.claude-plugin/plugin.json` + `hooks/hooks.json`) checks the plugin's hooks as a plugin layer:
 * a file Claude ignores is an error, and `${CLAUDE_PLUGIN_ROOT}/…` scripts resolve to the plugin root.
 */
const hooksJson = (...commands: string[]) =>
  `{\n  "hooks": {\n    "PreToolUse": [\n${commands
    // Fail-closed guards: without "onFailure" each is also a guard-fails-open note.
    .map((command) => `      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "${command}", "onFailure": "block" }] }`)
    .join(',\n')}\n    ]\n  }\n}\n`;

function pluginRepo(hooks: string, manifest = '{ "name": "guard-plugin", "version": "1.0.0" }\n'): TempProject {
  const box = makeTempProject();
  expect(spawnSync('git', ['init', '-q'], { cwd: box.project }).status).toBe(0);
  box.write('project/.claude-plugin/plugin.json', manifest);
  box.write('project/hooks/hooks.json', hooks);
  box.write('project/scripts/guard.sh', '#!/bin/sh\nexit 0\n', { executable: true });
  box.write('project/scripts/plain.sh', '#!/bin/sh\nexit 0\n');
  return box;
}

async function lint(box: TempProject) {
  const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home } });
  const report = JSON.parse(result.stdout) as {
    findings: { file: string; line: number; ruleId: string; message: string }[];
    files: string[];
  };
  return {
    code: result.code,
    stderr: result.stderr,
    report,
    found: report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}: ${f.message}`),
  };
}

describe('hookctl lint in a Claude Code plugin repository', () => {
  it('checks hooks/hooks.json; a clean plugin passes', async () => {
    const { code, report, stderr } = await lint(pluginRepo(hooksJson('${CLAUDE_PLUGIN_ROOT}/scripts/guard.sh')));
    // The manifest is checked too: the hooks files its "hooks" names load beside hooks/hooks.json.
    expect(report.files).toEqual(['.claude-plugin/plugin.json', 'hooks/hooks.json']);
    expect(report.findings).toEqual([]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('an array-valued "hooks" (Claude skips the whole file: a list holding objects) fails instead of passing', async () => {
    const { code, found } = await lint(pluginRepo('{ "hooks": [{ "PreToolUse": [] }] }\n'));
    expect(found).toEqual([
      `hooks/hooks.json:1 invalid-value: ${CLAUDE_CODE} skips this whole file: ` +
        '"hooks" must be an object of event names, found an array',
    ]);
    expect(code).toBe(1);
  });

  it('${CLAUDE_PLUGIN_ROOT} scripts resolve to the plugin root for missing-script and script-not-executable', async () => {
    const box = pluginRepo(hooksJson('${CLAUDE_PLUGIN_ROOT}/scripts/gaurd.sh', '${CLAUDE_PLUGIN_ROOT}/scripts/plain.sh'));
    const { code, found } = await lint(box);
    expect(found).toEqual([
      expect.stringMatching(
        new RegExp(
          `^hooks/hooks\\.json:4 missing-script: the command runs "${box.project}/scripts/gaurd\\.sh", which does not exist .*did you mean`,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^hooks/hooks\\.json:5 script-not-executable: "${box.project}/scripts/plain\\.sh" is not executable`),
      ),
    ]);
    expect(code).toBe(1);
  });

  it("hooks/hooks.json without a plugin manifest is nobody's config: not linted", async () => {
    const box = makeTempProject();
    box.write('project/hooks/hooks.json', '{ "hooks": [] }\n');
    const result = await runCli(['lint'], { cwd: box.project, env: { HOME: box.home } });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^hookctl: no hook configuration found in /);
  });
});
