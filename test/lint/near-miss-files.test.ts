import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * Issue 39: a hook file the agent never reads — `.claude/hooks.json`, `.codex/settings.json`,
 * `.gemini/hooks.json` — passed `hookctl lint` in silence. Each is now an unread-file error at its
 * `hooks` key, naming the files the agent reads there and the agent whose name the file has; a
 * `hooks/hooks.json` with no manifest beside it is a warning naming the manifest, and is linted as
 * the one agent whose events it names.
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
  it.each([true, false])('a finding for each, in a git repository (%s) or a walked tree', async (git) => {
    const box = repository(
      {
        '.claude/settings.json': '{ "permissions": { "allow": [] } }\n',
        '.claude/hooks.json': HOOKS,
        '.codex/settings.json': HOOKS,
        '.gemini/hooks.json': '{ "hooks": { "BeforeTool": [{ "hooks": [{ "type": "command", "command": "exit 0" }] }] } }\n',
        '.vscode/settings.json': '{}\n',
      },
      git,
    );
    const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home } });
    const { findings } = JSON.parse(result.stdout) as { findings: { ruleId: string; line: number; column: number; message: string }[] };
    expect(findings.map((f) => [f.ruleId, f.line, f.column, f.message])).toEqual([
      [
        'unread-file',
        1,
        3,
        'claude never reads .claude/hooks.json, so the hooks in it never run: claude reads hooks from .claude/settings.json or ' +
          '.claude/settings.local.json; hooks.json is the name openinterpreter (.openinterpreter/hooks.json) and ' +
          'codex (.codex/hooks.json) ' +
          'read in their own directory',
      ],
      [
        'unread-file',
        1,
        3,
        'codex never reads .codex/settings.json, so the hooks in it never run: codex reads hooks from .codex/hooks.json or ' +
          '.codex/config.toml; settings.json is the name claude (.claude/settings.json) reads in its own directory',
      ],
      [
        'unread-file',
        1,
        3,
        'gemini never reads .gemini/hooks.json, so the hooks in it never run: gemini reads hooks from .gemini/settings.json; ' +
          'move them there',
      ],
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
  });

  it('a .claude/hooks.json that a plugin manifest names is read through it: linted, not unread', async () => {
    const box = repository(
      {
        '.claude-plugin/plugin.json': '{ "name": "p", "version": "1.0.0", "hooks": "./.claude/hooks.json" }\n',
        '.claude/hooks.json': HOOKS.replace('exit 0', './missing.sh'),
      },
      true,
    );
    const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home } });
    const { findings } = JSON.parse(result.stdout) as { findings: { ruleId: string }[] };
    expect(findings.map((f) => f.ruleId)).toContain('missing-script');
    expect(findings.map((f) => f.ruleId)).not.toContain('unread-file');
  });

  it('a named near miss is linted as asked, and said to be a file its agent never reads', async () => {
    const box = repository({ '.codex/settings.json': HOOKS.replace('exit 0', './missing.sh') }, true);
    const result = await runCli(['lint', '--format', 'json', '.codex/settings.json'], { cwd: box.project, env: { HOME: box.home } });
    const { findings } = JSON.parse(result.stdout) as { findings: { ruleId: string; line: number; column: number }[] };
    expect(findings.map((f) => `${f.ruleId} ${f.line}:${f.column}`)).toEqual([
      'unread-file 1:3',
      'cwd-relative-script 1:92',
      'missing-script 1:92',
    ]);
  });

  it('another tool’s settings under a hook file name are no agent’s hooks: nothing to say', async () => {
    const box = repository({ '.claude/hooks.json': '{ "hooks": { "pre-commit": { "enabled": true } } }\n' }, true);
    const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home } });
    expect(JSON.parse(result.stdout).findings).toEqual([]);
  });

  it('a hooks/hooks.json with no manifest: the agent whose events it names, and linted as that agent', async () => {
    const box = repository(
      {
        'hooks/hooks.json':
          '{ "hooks": { "BeforeTool": [{ "matcher": "write_file|replace_file_content", ' +
          '"hooks": [{ "type": "command", "command": "exit 0" }] }] } }\n',
        'p/hooks/hooks.json': HOOKS,
      },
      true,
    );
    const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home } });
    const { findings } = JSON.parse(result.stdout) as { findings: { file: string; ruleId: string; message: string; severity: string }[] };
    expect(findings.map((f) => [f.file, f.ruleId, f.message.split(':')[0], f.severity])).toEqual([
      ['hooks/hooks.json', 'unread-file', 'no agent loads hooks/hooks.json', 'warning'],
      // Linted as gemini's: replace_file_content is no Gemini tool.
      ['hooks/hooks.json', 'tool-matcher-never-matches', expect.any(String), 'error'],
      ['p/hooks/hooks.json', 'unread-file', 'no agent loads p/hooks/hooks.json', 'warning'],
    ]);
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
