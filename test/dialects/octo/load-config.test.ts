import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/dialects/octo/load-config.js';
import { ConfigLoadError } from '../../../src/errors.js';
import { makeTempProject, type TempProject } from '../../helpers/temp-project.js';

function context(sandbox: TempProject, options: { cwd?: string; env?: Record<string, string> } = {}) {
  return { cwd: options.cwd ?? sandbox.project, home: sandbox.home, env: options.env ?? {} };
}

describe('octo loadConfig', () => {
  it('loads env compat, user and nearest project hooks in that order, normalised', async () => {
    const sandbox = makeTempProject();
    const user = sandbox.write(
      'home/.octo/hooks.yml',
      'hooks:\n  PreToolUse:\n    - matcher: "terminal"\n      command: "./scripts/guard.sh"\n      timeout: 1.5s\n',
    );
    // The project file lives at the git root; the cwd is two levels below it.
    const project = sandbox.write(
      'project/.octo/hooks.yml',
      'hooks:\n  Stop:\n    - command: notify\n      async: true\n  PostToolUse:\n    - command: audit\n      timeout: 300ms\n',
    );
    sandbox.write('project/a/b/.keep', '');
    const loaded = await loadConfig(
      context(sandbox, {
        cwd: join(sandbox.project, 'a', 'b'),
        env: { OCTO_HOOK_STOP: 'say done', OCTO_HOOK_PRE_TOOL_USE: 'env-gate', OCTO_HOOK_SESSION_START: '', PATH: '/bin' },
      }),
    );

    expect(loaded.findings).toEqual([]);
    expect(loaded.files).toEqual([user, project]);
    expect(
      loaded.handlers.map((h) => [h.id, h.source, h.file, h.line, h.column, h.event, h.matcher.source, h.command, h.timeoutMs, h.async]),
    ).toEqual([
      ['env:PreToolUse:0:0', 'env', null, null, null, 'PreToolUse', null, 'env-gate', 5000, false],
      ['env:Stop:0:0', 'env', null, null, null, 'Stop', null, 'say done', 5000, false],
      ['user:PreToolUse:0:0', 'user', user, 3, 7, 'PreToolUse', 'terminal', './scripts/guard.sh', 1500, false],
      ['project:Stop:0:0', 'project', project, 3, 7, 'Stop', null, 'notify', 5000, true],
      ['project:PostToolUse:0:0', 'project', project, 6, 7, 'PostToolUse', null, 'audit', 300, false],
    ]);
    const gate = loaded.handlers[2]!;
    expect(gate.matcher.kind).toBe('regex');
    expect(gate.matcher.test('run_terminal_cmd')).toBe(true);
  });

  it('stops the project search at the git root', async () => {
    const sandbox = makeTempProject();
    // A .octo above the git root belongs to some other project.
    sandbox.write('.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: outside\n');
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.handlers).toEqual([]);
  });

  it('uses the nearest project file below the git root', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: root\n');
    sandbox.write('project/pkg/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: nearest\n');
    const loaded = await loadConfig(context(sandbox, { cwd: join(sandbox.project, 'pkg') }));
    expect(loaded.handlers.map((h) => h.command)).toEqual(['nearest']);
  });

  it('reports a nearest .octo/hooks.yml that is not a file instead of skipping to a parent one', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: parent\n');
    sandbox.write('project/sub/.octo/hooks.yml/.keep', '');
    const loaded = await loadConfig(context(sandbox, { cwd: join(sandbox.project, 'sub') }));
    expect(loaded.handlers).toEqual([]);
    expect(loaded.findings).toMatchObject([{ ruleId: 'parse-error', file: join(sandbox.project, 'sub', '.octo', 'hooks.yml') }]);
    // An untrusted project file only warns (SPEC 3.2); the same in the user's file is fatal.
    expect(loaded.findings[0]).toMatchObject({ fatalIfRun: true });
    expect(loaded.findings[0]!.fatal).toBeUndefined();
    sandbox.write('home/.octo/hooks.yml/.keep', '');
    const user = await loadConfig(context(sandbox, { cwd: join(sandbox.project, 'sub') }));
    expect(user.findings.map((finding) => [finding.file, finding.fatal === true])).toEqual([
      [join(sandbox.home, '.octo', 'hooks.yml'), true],
      [join(sandbox.project, 'sub', '.octo', 'hooks.yml'), false],
    ]);
  });

  it('makes every hard error of a file that runs fatal, listed with file:line:col in one ConfigLoadError', async () => {
    const sandbox = makeTempProject();
    const file = sandbox.write(
      'home/.octo/hooks.yml',
      [
        'hooks:',
        '  PreToolUze:',
        '    - command: x',
        '  UserPromptSubmit:',
        '    - command: inject',
        '      async: true',
        '  Stop:',
        '    - timeout: 5s',
        '      matcher: "ignored"',
        '',
      ].join('\n'),
    );
    const loaded = await loadConfig(context(sandbox));
    const fatal = loaded.findings.filter((f) => f.fatal);
    expect(fatal.map((f) => [f.ruleId, f.file, f.line, f.column])).toEqual([
      ['unknown-event', file, 2, 3],
      ['async-not-allowed', file, 6, 14],
      ['empty-command', file, 8, 7],
    ]);
    // The ignored matcher is a warning: reported, never fatal.
    expect(loaded.findings.filter((f) => !f.fatal).map((f) => [f.ruleId, f.line, f.column])).toEqual([['matcher-ignored', 9, 7]]);
    expect(fatal[0]!.message).toBe('unknown octo event "PreToolUze"; did you mean "PreToolUse"?');

    const error = new ConfigLoadError(fatal);
    expect(error.message).toContain(`${file}:2:3: error: unknown octo event "PreToolUze"; did you mean "PreToolUse"? (unknown-event)`);
    expect(error.message).toContain(`${file}:6:14: error: async: true is not allowed on UserPromptSubmit`);
    expect(error.message).toContain(`${file}:8:7: error: this Stop hook has no "command" (empty-command)`);
  });

  it('makes a YAML syntax error fatal', async () => {
    const sandbox = makeTempProject();
    const file = sandbox.write('home/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: "unterminated\n');
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.findings).toMatchObject([{ ruleId: 'parse-error', file, fatal: true }]);
    expect(loaded.handlers).toEqual([]);
  });

  it('applies timeout defaults and the cap with warnings, never fatal', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'home/.octo/hooks.yml',
      'hooks:\n  Stop:\n    - command: a\n      timeout: 2m\n    - command: b\n      timeout: 20\n' +
        '    - command: c\n      timeout: -1s\n    - command: d\n',
    );
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.handlers.map((h) => h.timeoutMs)).toEqual([30_000, 5000, 5000, 5000]);
    expect(loaded.findings.map((f) => [f.ruleId, f.line, f.fatal ?? false])).toEqual([
      ['timeout-capped', 4, false],
      ['invalid-timeout', 6, false],
      ['invalid-timeout', 8, false],
    ]);
  });

  it('loads a matcher with a leading Go RE2 flag group instead of refusing to start', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - matcher: "(?i)TERMINAL"\n      command: guard\n');
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.findings).toEqual([]);
    const [gate] = loaded.handlers;
    expect(gate!.matcher.source).toBe('(?i)TERMINAL');
    expect(['run_terminal_cmd', 'Terminal', 'read_file'].map((name) => gate!.matcher.test(name))).toEqual([true, true, false]);
  });
  it('names every place a hooks.yml would be read from if created, for a long-lived engine to watch', async () => {
    const sandbox = makeTempProject();
    const cwd = join(sandbox.project, 'pkg');
    sandbox.write('project/pkg/.keep', '');
    const { watchPaths } = await loadConfig(context(sandbox, { cwd }));
    expect(watchPaths).toEqual([
      join(sandbox.home, '.octo', 'hooks.yml'),
      join(cwd, '.octo', 'hooks.yml'),
      join(cwd, '.git'),
      join(sandbox.project, '.octo', 'hooks.yml'),
      join(sandbox.project, '.git'),
      join(sandbox.home, '.octo', 'memory'),
    ]);
  });
});
