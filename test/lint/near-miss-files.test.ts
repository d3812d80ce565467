import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * Issue 39: a hook file the agent never reads — `.claude/hooks.json`, `.codex/settings.json`,
 * `.gemini/hooks.json` — passed `hookctl lint` in silence. Each now gets a note on stderr naming the
 * file the agent reads there (a note, not a finding: no rule's file, so the exit status is the findings').
 */
const HOOKS = '{ "hooks": { "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "exit 0" }] }] } }\n';

function repository(files: Record<string, string>, git: boolean): TempProject {
  const box = makeTempProject();
  for (const [path, content] of Object.entries(files)) box.write(`project/${path}`, content);
  if (git) expect(spawnSync('git', ['init', '-q'], { cwd: box.project }).status).toBe(0);
  return box;
}

const lint = (box: TempProject) =>
  runCli(['lint', '--home', box.home, '--managed', join(box.root, 'none.toml')], { cwd: box.project, env: { HOME: box.home } });

describe('hook files the agent never reads (issue 39)', () => {
  it.each([true, false])('a note for each, in a git repository (%s) or a walked tree', async (git) => {
    const box = repository(
      {
        '.claude/settings.json': '{ "permissions": { "allow": [] } }\n',
        '.claude/hooks.json': HOOKS,
        '.codex/settings.json': HOOKS,
        '.gemini/hooks.json': HOOKS,
        '.vscode/settings.json': '{}\n',
      },
      git,
    );
    const result = await lint(box);
    expect(result.stderr.split('\n').filter((line) => line !== '')).toEqual([
      'hookctl: .claude/hooks.json is not a file claude reads (it reads .claude/settings.json or .claude/settings.local.json): ' +
        'the hooks in it never run',
      'hookctl: .codex/settings.json is not a file codex reads (it reads .codex/hooks.json or .codex/config.toml): ' +
        'the hooks in it never run',
      'hookctl: .gemini/hooks.json is not a file gemini reads (it reads .gemini/settings.json): the hooks in it never run',
    ]);
    expect(result.code).toBe(0);
  });

  it('says nothing about the files the agents do read', async () => {
    const box = repository({ '.claude/settings.json': HOOKS, '.codex/hooks.json': HOOKS, '.gemini/settings.json': '{}\n' }, true);
    expect((await lint(box)).stderr).toBe('');
  });

  it('a named hooks/hooks.json with no plugin or extension manifest beside it: which agents would read it, and no lint', async () => {
    const box = repository({ 'hooks/hooks.json': HOOKS.replace('exit 0', './missing.sh') }, true);
    const result = await runCli(['lint', 'hooks/hooks.json'], { cwd: box.project, env: { HOME: box.home } });
    expect(result.stderr).toBe(
      'hookctl: hooks/hooks.json is read only beside .claude-plugin/plugin.json (claude), .codex-plugin/plugin.json (codex), ' +
        'gemini-extension.json (gemini); none is there, so no agent reads it: not linted (--dialect lints it as one)\n',
    );
    expect(result.code).toBe(0);
    // --dialect says whose it is: then it is linted as that agent's (its missing script is an error).
    const forced = await runCli(['lint', 'hooks/hooks.json', '--dialect', 'codex'], { cwd: box.project, env: { HOME: box.home } });
    expect(forced.stdout).toMatch(/missing-script/);
    expect(forced.code).toBe(1);
  });
});
