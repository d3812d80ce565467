import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDialect, manifestOf, type DialectId } from '../../src/dialects/registry.js';
import { makeFixture } from '../../src/fixture/make-fixture.js';
import {
  anchorOf,
  EXTENSIONS,
  GIT_ROOT,
  handlerOf,
  programOf,
  kebab,
  LANGS,
  registeredHandlers,
  runHook,
  SCAFFOLD_DIALECTS,
} from '../helpers/scaffolded.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

function sandbox(dialect: DialectId) {
  const project = makeTempProject();
  // A real repository: codex, openinterpreter and octo commands find their script through `git rev-parse`.
  spawnSync('git', ['init', '-q'], { cwd: project.project });
  return { ...project, common: ['--dialect', dialect, '--cwd', project.project, '--home', project.home] };
}

/**
 * Registration differs by dialect and language only, so the binary scaffolds each (dialect, language)
 * once, on a sample of the dialect's events (its first, middle and last: one per language).
 * test/scaffold/every-event.test.ts scaffolds, registers and runs every event in every language in-process.
 */
describe.each(SCAFFOLD_DIALECTS)('hookctl scaffold --register --dialect %s', (dialect) => {
  const events = manifestOf(dialect).events.map((event) => event.name);
  const sample = LANGS.map((lang, i) => [lang, events[Math.round((i * (events.length - 1)) / (LANGS.length - 1))]!] as const);

  it.each(sample)('--lang %s (%s): a registered, executable no-op hook, as the command says', async (lang, event) => {
    const box = sandbox(dialect);
    const payload = makeFixture(await loadDialect(dialect), event, { cwd: box.project });
    // The name is the hook's id, unique per config: js keeps the default, the others get their own.
    const name = lang === 'js' ? kebab(event) : `${kebab(event)}-${lang}`;
    const result = await runCli([
      'scaffold',
      event,
      '--lang',
      lang,
      ...(lang === 'js' ? [] : ['--name', name]),
      '--register',
      ...box.common,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const path = `${manifestOf(dialect).configDir}/hooks/${name}.${EXTENSIONS[lang]}`;
    expect(result.stdout).toContain(`created ${path} (executable)`);
    expect(statSync(join(box.project, path)).mode & 0o777).toBe(0o755);
    const command = /command: (.*)/.exec(result.stdout)![1]!;
    // Commands reach the script through $CLAUDE_PROJECT_DIR or the git root: the session cwd follows `cd`.
    expect(command).toBe(`${programOf(dialect, event, lang)} ${anchorOf(dialect)}${path}`);
    expect(result.stdout).toMatch(new RegExp(`(created|updated) \\S+: added the hook to ${event}\\.`));
    const run = runHook(command, box.project, payload);
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(registeredHandlers(dialect, box.project, event)).toEqual([handlerOf(dialect, command, name)]);
  });
});

describe('hookctl scaffold --dialect claude', () => {
  it('adds to an existing .claude/settings.json, keeping every other byte, and says there is no per-hook trust', async () => {
    const box = sandbox('claude');
    const before = '{\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "model": "opus"\n}\n';
    box.write('project/.claude/settings.json', before);
    // --fail-closed: a guard that fails or times out blocks the call (lint's guard-fails-open otherwise).
    const result = await runCli(['scaffold', 'PreToolUse', '--matcher', 'Bash', '--register', '--fail-closed', ...box.common]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('updated .claude/settings.json: added the hook to PreToolUse.');
    expect(result.stdout).toContain(
      'Next: `hookctl dry-run PreToolUse` to try it. ' +
        "There is no per-hook trust to give: the agent runs it once the folder's workspace trust is accepted.",
    );
    const after = readFileSync(join(box.project, '.claude/settings.json'), 'utf8');
    expect(after.startsWith('{\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "model": "opus"')).toBe(true);
    expect(JSON.parse(after)).toEqual({
      permissions: { allow: ['Bash(npm test)'] },
      model: 'opus',
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: 'sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/pre-tool-use.mjs', onFailure: 'block' }],
          },
        ],
      },
    });
    const lint = await runCli(['lint', ...box.common]);
    expect({ code: lint.code, stdout: lint.stdout }).toEqual({ code: 0, stdout: '' });
  });

  it('--fail-closed: without it lint notes the guard fails open; on Stop it warns; a dialect without the field refuses it', async () => {
    const box = sandbox('claude');
    expect((await runCli(['scaffold', 'PreToolUse', '--matcher', 'Bash', '--register', ...box.common])).code).toBe(0);
    const lint = await runCli(['lint', '--format', 'json', ...box.common]);
    expect(JSON.parse(lint.stdout).findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['guard-fails-open']);
    const stop = await runCli(['scaffold', 'Stop', '--register', '--fail-closed', ...box.common]);
    expect(stop.code).toBe(0);
    expect(stop.stderr).toContain('claude ignores "onFailure": "block" on Stop; written anyway, it has no effect there');
    const codex = sandbox('codex');
    const refused = await runCli(['scaffold', 'PreToolUse', '--fail-closed', ...codex.common]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--fail-closed: hookctl knows no codex setting that makes a failed hook block the action');
  });

  it('refuses settings with a comment, writing neither the script nor the config', async () => {
    const box = sandbox('claude');
    const before = '{\n  // mine\n  "model": "opus"\n}\n';
    box.write('project/.claude/settings.json', before);
    const result = await runCli(['scaffold', 'Stop', '--register', ...box.common]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/\.claude\/settings\.json.*it has a comment \(line 2, column 3\)/);
    expect(readFileSync(join(box.project, '.claude/settings.json'), 'utf8')).toBe(before);
    expect(() => statSync(join(box.project, '.claude/hooks/stop.mjs'))).toThrow();
  });
});

describe('hookctl scaffold', () => {
  it('prints the config snippet to add when not registering, and writes no config', async () => {
    const box = sandbox('octo');
    const result = await runCli(['scaffold', 'PreToolUse', '--matcher', 'terminal', ...box.common]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Add to .octo/hooks.yml (or run again with --register):\n' +
        'hooks:\n  PreToolUse:\n    - matcher: terminal\n' +
        `      command: sh ${GIT_ROOT}/.octo/hooks/pre-tool-use.mjs\n`,
    );
    expect(() => statSync(join(box.project, '.octo/hooks.yml'))).toThrow();
  });

  it('prints a hooks.json snippet for openinterpreter, with the ts launch command and its caveats', async () => {
    const box = sandbox('openinterpreter');
    const result = await runCli(['scaffold', 'Stop', '--lang', 'ts', '--name', 'finish-check', ...box.common]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('created .openinterpreter/hooks/finish-check.ts (executable)');
    expect(result.stdout).toContain(`command: node --experimental-strip-types ${GIT_ROOT}/.openinterpreter/hooks/finish-check.ts`);
    expect(result.stdout).toContain('Avoid slow launchers such as `npx tsx` or `ts-node`');
    // Node 20 (this project's floor) cannot strip types: the user is told before the hook fails at run time.
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    const stripsTypes = major > 22 || (major === 22 && minor >= 6);
    expect(result.stderr.includes('needs Node 22.6 or newer')).toBe(!stripsTypes);
    const snippet = result.stdout.slice(result.stdout.indexOf('{'), result.stdout.lastIndexOf('}') + 1);
    expect(JSON.parse(snippet)).toEqual({
      hooks: {
        Stop: [
          {
            hooks: [
              {
                type: 'command',
                id: 'finish-check',
                command: `node --experimental-strip-types ${GIT_ROOT}/.openinterpreter/hooks/finish-check.ts`,
              },
            ],
          },
        ],
      },
    });
  });

  it('refuses to overwrite an existing script unless --force', async () => {
    const box = sandbox('openinterpreter');
    const path = box.write('project/.openinterpreter/hooks/pre-tool-use.mjs', '// mine\n');
    const refused = await runCli(['scaffold', 'PreToolUse', ...box.common]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'hookctl: .openinterpreter/hooks/pre-tool-use.mjs already exists; pass --force to overwrite it, or choose another --name\n',
    );
    expect(readFileSync(path, 'utf8')).toBe('// mine\n');
    const forced = await runCli(['scaffold', 'PreToolUse', '--force', ...box.common]);
    expect(forced.code).toBe(0);
    expect(readFileSync(path, 'utf8')).toContain('PreToolUse hook for openinterpreter');
  });

  it('names the nearest event when the event is unknown', async () => {
    const result = await runCli(['scaffold', 'PreToolUes', ...sandbox('octo').common]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('hookctl: unknown octo event "PreToolUes"; did you mean "PreToolUse"?\n');
  });

  it('rejects a --name that is a path', async () => {
    const result = await runCli(['scaffold', 'Stop', '--name', '../escape', ...sandbox('octo').common]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--name "../escape" is not a plain file name');
  });

  it.each([
    ['openinterpreter', 'UserPromptSubmit'],
    ['octo', 'Stop'],
  ] as const)('warns that %s %s ignores --matcher and leaves it out of the config', async (dialect, event) => {
    const box = sandbox(dialect);
    const result = await runCli(['scaffold', event, '--matcher', 'Bash', '--register', ...box.common]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`hookctl: warning: ${dialect} ignores matchers on ${event}; --matcher "Bash" is left out of the config\n`);
    expect(readFileSync(join(box.project, dialect === 'octo' ? '.octo/hooks.yml' : '.openinterpreter/hooks.json'), 'utf8')).not.toContain(
      'matcher',
    );
  });

  it('registers once: a second --register says so and changes nothing', async () => {
    const box = sandbox('openinterpreter');
    await runCli(['scaffold', 'PreToolUse', '--matcher', 'Bash', '--register', ...box.common]);
    const config = readFileSync(join(box.project, '.openinterpreter/hooks.json'), 'utf8');
    const again = await runCli(['scaffold', 'PreToolUse', '--matcher', 'Bash', '--register', '--force', ...box.common]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      '.openinterpreter/hooks.json already runs ' +
        `\`sh ${GIT_ROOT}/.openinterpreter/hooks/pre-tool-use.mjs\` on PreToolUse; left unchanged.`,
    );
    expect(readFileSync(join(box.project, '.openinterpreter/hooks.json'), 'utf8')).toBe(config);
  });

  it('registers the hook under its --name, so trust and disable reach it by that id', async () => {
    const box = sandbox('openinterpreter');
    const common = [...box.common, '--managed', join(box.root, 'none.toml')];
    const scaffold = await runCli(['scaffold', 'PreToolUse', '--name', 'guard', '--register', ...common]);
    expect(scaffold.code, scaffold.stderr).toBe(0);
    const trust = await runCli(['trust', 'guard', '--yes', ...common]);
    expect(trust.stderr).toBe('');
    expect(trust.stdout).toMatch(/^trusted hook guard \(sha256:/);
    const disable = await runCli(['disable', 'guard', ...common]);
    expect(disable.stderr).toBe('');
    expect(disable.stdout).toMatch(/^disabled hook guard /);
    const list = await runCli(['list', ...common]);
    expect(list.stdout).toContain('  guard — PreToolUse, sync, timeout 600s — trusted, disabled\n');
  });

  it('refuses a --name whose id another hook has, writing neither the script nor the config', async () => {
    const box = sandbox('openinterpreter');
    await runCli(['scaffold', 'PreToolUse', '--name', 'guard', '--register', ...box.common]);
    const config = readFileSync(join(box.project, '.openinterpreter/hooks.json'), 'utf8');
    const clash = await runCli(['scaffold', 'Stop', '--lang', 'sh', '--name', 'guard', '--register', ...box.common]);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toBe(
      `hookctl: cannot register the hook in ${join(box.project, '.openinterpreter/hooks.json')}: id "guard" already names the hook ` +
        `\`sh ${GIT_ROOT}/.openinterpreter/hooks/guard.mjs\` on PreToolUse, and ids must be unique; ` +
        'scaffold under another --name, or give the snippet another id. ' +
        'The file was not changed; add the snippet by hand.\n',
    );
    expect(readFileSync(join(box.project, '.openinterpreter/hooks.json'), 'utf8')).toBe(config);
    expect(() => statSync(join(box.project, '.openinterpreter/hooks/guard.sh'))).toThrow();
  });

  it('adds to a commented hooks.yml without touching the rest', async () => {
    const box = sandbox('octo');
    const original = '# team hooks\nhooks:\n  Stop:\n    - command: "./notify.sh"   # ping the channel\n      async: true\n\n# end\n';
    box.write('project/.octo/hooks.yml', original);
    const result = await runCli(['scaffold', 'Stop', '--lang', 'sh', '--register', ...box.common]);
    expect(result.stdout).toContain('updated .octo/hooks.yml: added the hook to Stop.');
    expect(readFileSync(join(box.project, '.octo/hooks.yml'), 'utf8')).toBe(
      '# team hooks\nhooks:\n  Stop:\n    - command: "./notify.sh"   # ping the channel\n      async: true\n' +
        `    - command: sh ${GIT_ROOT}/.octo/hooks/stop.sh\n\n# end\n`,
    );
  });
});
