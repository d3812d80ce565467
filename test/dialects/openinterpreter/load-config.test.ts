import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/dialects/openinterpreter/load-config.js';
import { trust } from '../../../src/dialects/openinterpreter/trust.js';
import { createEngine, loadDialect } from '../../../src/index.js';
import { setHooksEnabled } from '../../../src/trust/operations.js';
import { oiPayload } from '../../helpers/payloads.js';
import type { HandlerRecord } from '../../../src/kit/handler-record.js';
import { makeTempProject, type TempProject } from '../../helpers/temp-project.js';

function context(sandbox: TempProject, cwd = sandbox.project) {
  return { cwd, home: sandbox.home, env: {}, managedConfigPath: join(sandbox.root, 'etc', 'requirements.toml') };
}

/** The fields a listing shows, so assertions read like the expected listing. */
function summary(handler: HandlerRecord) {
  return {
    id: handler.id,
    source: handler.source,
    file: handler.file,
    line: handler.line,
    column: handler.column,
    event: handler.event,
    matcher: handler.matcher.source,
    command: handler.command,
    timeoutMs: handler.timeoutMs,
  };
}

const hooksJson = (command: string, extra = '') => `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "^Bash$",
        "hooks": [{ "type": "command", "command": "${command}"${extra} }]
      }
    ]
  }
}
`;

describe('openinterpreter loadConfig', () => {
  it('loads every layer in order: managed, user json then toml, project root first, plugin', async () => {
    const sandbox = makeTempProject();
    const managed = sandbox.write(
      'etc/requirements.toml',
      '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "managed-stop"\n',
    );
    const userJson = sandbox.write('home/.openinterpreter/hooks.json', hooksJson('user-json', ', "timeout": 30'));
    const userToml = sandbox.write(
      'home/.openinterpreter/config.toml',
      'model = "x"\n\n[plugins.guard]\nenabled = true\n\n[plugins.off]\nenabled = false\n\n' +
        '[[hooks.SessionStart]]\nmatcher = "startup"\n[[hooks.SessionStart.hooks]]\ntype = "command"\ncommand = "user-toml"\n',
    );
    const rootJson = sandbox.write('project/.openinterpreter/hooks.json', hooksJson('project-root'));
    const nestedJson = sandbox.write('project/pkg/app/.openinterpreter/hooks.json', hooksJson('project-nested'));
    sandbox.write('project/pkg/app/src/.keep', '');
    const plugin = sandbox.write(
      'home/.openinterpreter/plugins/guard/hooks/hooks.json',
      hooksJson('${PLUGIN_ROOT}/bin/check --data ${PLUGIN_DATA}'),
    );
    sandbox.write('home/.openinterpreter/plugins/off/hooks/hooks.json', hooksJson('never'));

    const loaded = await loadConfig(context(sandbox, join(sandbox.project, 'pkg', 'app', 'src')));

    expect(loaded.enabled).toBe(true);
    expect(loaded.managedOnly).toBe(false);
    // Hooks in both user files are the one thing worth a warning here.
    expect(loaded.findings.map((f) => [f.ruleId, f.file])).toEqual([['both-representations', userToml]]);
    expect(loaded.files).toEqual([managed, userJson, userToml, rootJson, nestedJson, plugin]);
    const pluginRoot = join(sandbox.home, '.openinterpreter', 'plugins', 'guard');
    const pluginData = join(sandbox.home, '.openinterpreter', 'plugin-data', 'guard');
    expect(loaded.handlers.map(summary)).toEqual([
      {
        id: 'managed:Stop:0:0',
        source: 'managed',
        file: managed,
        line: 2,
        column: 1,
        event: 'Stop',
        matcher: null,
        command: 'managed-stop',
        timeoutMs: 600_000,
      },
      {
        id: 'user:PreToolUse:0:0',
        source: 'user',
        file: userJson,
        line: 6,
        column: 19,
        event: 'PreToolUse',
        matcher: '^Bash$',
        command: 'user-json',
        timeoutMs: 30_000,
      },
      {
        id: 'user:SessionStart:0:0',
        source: 'user',
        file: userToml,
        line: 11,
        column: 1,
        event: 'SessionStart',
        matcher: 'startup',
        command: 'user-toml',
        timeoutMs: 600_000,
      },
      {
        id: 'project:PreToolUse:0:0',
        source: 'project',
        file: rootJson,
        line: 6,
        column: 19,
        event: 'PreToolUse',
        matcher: '^Bash$',
        command: 'project-root',
        timeoutMs: 600_000,
      },
      {
        id: 'project:PreToolUse:0:0#2',
        source: 'project',
        file: nestedJson,
        line: 6,
        column: 19,
        event: 'PreToolUse',
        matcher: '^Bash$',
        command: 'project-nested',
        timeoutMs: 600_000,
      },
      {
        id: 'plugin:PreToolUse:0:0',
        source: 'plugin',
        file: plugin,
        line: 6,
        column: 19,
        event: 'PreToolUse',
        matcher: '^Bash$',
        command: `${pluginRoot}/bin/check --data ${pluginData}`,
        timeoutMs: 600_000,
      },
    ]);
    const pluginHandler = loaded.handlers[5]!;
    expect(pluginHandler.env).toEqual({
      PLUGIN_ROOT: pluginRoot,
      CLAUDE_PLUGIN_ROOT: pluginRoot,
      PLUGIN_DATA: pluginData,
      CLAUDE_PLUGIN_DATA: pluginData,
    });
    expect(pluginHandler.plugin).toBe('guard');
    expect(loaded.handlers[0]!.env).toEqual({});
  });

  it('normalises every handler field, with an explicit id and the matcher compiled once', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({
        description: 'gate',
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash|Edit',
              hooks: [
                { type: 'command', command: 'a', id: 'gate', timeout: 15, statusMessage: 'Checking', async: true, onFailure: 'abort' },
              ],
            },
          ],
        },
      }),
    );
    const [handler] = (await loadConfig(context(sandbox))).handlers;
    expect(handler).toMatchObject({
      dialect: 'openinterpreter',
      id: 'gate',
      explicitId: true,
      position: { group: 0, handler: 0 },
      type: 'command',
      timeoutMs: 15_000,
      async: true,
      statusMessage: 'Checking',
      onFailure: 'abort',
      plugin: null,
    });
    expect(handler!.matcher.kind).toBe('exact');
    expect(['Bash', 'Edit', 'BashOutput'].map((name) => handler!.matcher.test(name))).toEqual([true, true, false]);
  });

  it('makes ids unique across the load: in layer order the first keeps its id, later ones get #2, #3…', async () => {
    const sandbox = makeTempProject();
    const stop = (...handlers: object[]) =>
      JSON.stringify({ hooks: { Stop: [{ hooks: handlers.map((h) => ({ type: 'command', ...h })) }] } });
    const toml = (id: string | null) =>
      `[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "user-toml"\n${id === null ? '' : `id = "${id}"\n`}`;
    const user = sandbox.write('home/.openinterpreter/hooks.json', stop({ command: 'user-json' }, { command: 'user-guard', id: 'guard' }));
    sandbox.write('home/.openinterpreter/config.toml', toml(null));
    const project = sandbox.write(
      'project/.openinterpreter/hooks.json',
      stop({ command: 'clone-guard', id: 'guard' }, { command: 'taken', id: 'guard#2' }, { command: 'again', id: 'guard' }),
    );
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.handlers.map((h) => [h.command, h.id, h.explicitId])).toEqual([
      ['user-json', 'user:Stop:0:0', false],
      ['user-guard', 'guard', true],
      // config.toml of the same layer derives the same position id as hooks.json.
      ['user-toml', 'user:Stop:0:0#2', false],
      // `guard#2` is someone's own id, so the clone's duplicate skips to #3.
      ['clone-guard', 'guard#3', true],
      ['taken', 'guard#2', true],
      ['again', 'guard#4', true],
    ]);
    const firstGuard = `id "guard" is already declared at ${user}:1:116; later hooks with it get a numbered suffix`;
    expect(loaded.findings.map((f) => [f.ruleId, f.severity, f.file, f.line, f.column, f.message])).toEqual([
      ['both-representations', 'warning', expect.stringMatching(/config\.toml$/), 1, 3, expect.any(String)],
      ['duplicate-id', 'warning', project, 1, 76, expect.stringContaining(firstGuard)],
      ['duplicate-id', 'warning', project, 1, 178, expect.stringContaining(firstGuard)],
    ]);

    expect(loaded.handlers.map((h) => h.declaredId)).toEqual([undefined, undefined, 'user:Stop:0:0', 'guard', undefined, 'guard']);
    // A bare id others declared too is ambiguous (SPEC 6.1.1); `guard#1` is the user's own hook, never the clone's.
    const trustContext = { ...context(sandbox), projectDir: sandbox.project };
    await expect(setHooksEnabled(trust, loaded.handlers, trustContext, 'guard', false)).rejects.toThrow(
      /hook id "guard" is ambiguous: 3 hooks declare it/,
    );
    const changed = await setHooksEnabled(trust, loaded.handlers, trustContext, 'guard#1', false);
    expect(changed.map((h) => h.command)).toEqual(['user-guard']);
    const enabled = (await trust.evaluate(loaded.handlers, trustContext)).map((t) => t.enabled);
    expect(enabled).toEqual([true, false, true, true, true, true]);
  });

  it('warns about both representations in one layer with the SPEC text and loads both, JSON first', async () => {
    const sandbox = makeTempProject();
    const json = sandbox.write('project/.openinterpreter/hooks.json', hooksJson('from-json'));
    const toml = sandbox.write(
      'project/.openinterpreter/config.toml',
      '\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "from-toml"\n',
    );
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.handlers.map((h) => h.command)).toEqual(['from-json', 'from-toml']);
    expect(loaded.findings).toEqual([
      {
        ruleId: 'both-representations',
        messageId: 'bothFiles',
        severity: 'warning',
        message: `loading hooks from both ${json} and ${toml}; prefer a single representation for this layer`,
        data: { hooksFile: json, configFile: toml },
        file: toml,
        line: 2,
        column: 3,
      },
    ]);
  });

  it('turns hooks off with [features] hooks = false, the project switch winning over the user one', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.openinterpreter/hooks.json', hooksJson('user'));
    const userToml = sandbox.write('home/.openinterpreter/config.toml', '[features]\nhooks = false\n');
    const off = await loadConfig(context(sandbox));
    expect(off).toMatchObject({ enabled: false, handlers: [] });
    expect(off.findings).toEqual([
      {
        ruleId: 'features-disabled',
        messageId: 'nonManagedOff',
        severity: 'info',
        message: expect.stringContaining('hooks are disabled'),
        file: userToml,
        line: 2,
        column: 1,
      },
    ]);

    sandbox.write('project/.openinterpreter/config.toml', '[features]\nhooks = true\n');
    const on = await loadConfig(context(sandbox));
    expect(on.enabled).toBe(true);
    expect(on.handlers.map((h) => h.command)).toEqual(['user']);
    expect(on.findings).toEqual([]);
  });

  it('marks allow_managed_hooks_only and still lists the non-managed hooks it will not run', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'etc/requirements.toml',
      'allow_managed_hooks_only = true\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "audit"\n',
    );
    sandbox.write('project/.openinterpreter/hooks.json', hooksJson('project'));
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.managedOnly).toBe(true);
    expect(loaded.handlers.map((h) => [h.source, h.command])).toEqual([
      ['managed', 'audit'],
      ['project', 'project'],
    ]);
  });

  describe('a managed requirements file that exists but is broken fails closed (allow_managed_hooks_only)', () => {
    const HELD_BACK = 'non-managed hooks are held back until this managed requirements file is fixed';
    it.each([
      [
        'has a syntax error',
        'allow_managed_hooks_only = \n',
        'parse-error',
        2,
        1,
        /^TOML syntax error: .*; nothing in this file is loaded, and non-managed/,
      ],
      [
        'sets the switch to a string',
        'allow_managed_hooks_only = "true"\n',
        'invalid-value',
        1,
        28,
        /^"allow_managed_hooks_only" must be true or false, found the string "true"; non-managed/,
      ],
      [
        'sets the switch to a number',
        'allow_managed_hooks_only = 0\n',
        'invalid-value',
        1,
        28,
        /^"allow_managed_hooks_only" must be true or false, found the number 0; non-managed/,
      ],
      [
        'cannot be read (a directory)',
        null,
        'parse-error',
        1,
        1,
        /^cannot read the file: it is a directory, not a regular file; nothing in this file is loaded, and non-managed/,
      ],
    ])(
      '%s: the engine lists the project hook but skips it as managed-only, with an error saying why',
      async (_name, content, ruleId, line, column, message) => {
        const sandbox = makeTempProject();
        const managed = join(sandbox.root, 'etc', 'requirements.toml');
        if (content === null) sandbox.write('etc/requirements.toml/.keep', '');
        else sandbox.write('etc/requirements.toml', content);
        sandbox.write('project/.openinterpreter/hooks.json', hooksJson('echo ran'));

        const loaded = await loadConfig(context(sandbox));
        expect(loaded.managedOnly).toBe(true);
        expect(loaded.findings.map((f) => [f.ruleId, f.severity, f.file, f.line, f.column])).toEqual([
          [ruleId, 'error', managed, line, column],
        ]);
        expect(loaded.findings[0]!.message).toMatch(message);
        expect(loaded.findings[0]!.message.endsWith(HELD_BACK)).toBe(true);

        const engine = await createEngine({
          dialect: await loadDialect('openinterpreter'),
          cwd: sandbox.project,
          home: sandbox.home,
          managedConfigPath: managed,
          bypassTrust: true,
        });
        try {
          const outcome = await engine.dispatch('PreToolUse', oiPayload('PreToolUse', sandbox.project));
          expect(outcome.runs.map((run) => [run.source, run.status, run.skipReason, run.stdout])).toEqual([
            ['project', 'skipped', 'managed-only', ''],
          ]);
        } finally {
          await engine.close();
        }
      },
    );

    it.each([
      ['is missing', null],
      ['sets the switch to false', 'allow_managed_hooks_only = false\n'],
      ['does not set the switch', '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "audit"\n'],
    ])('%s: non-managed hooks run', async (_name, content) => {
      const sandbox = makeTempProject();
      if (content !== null) sandbox.write('etc/requirements.toml', content);
      sandbox.write('project/.openinterpreter/hooks.json', hooksJson('echo ran'));
      const loaded = await loadConfig(context(sandbox));
      expect(loaded).toMatchObject({ managedOnly: false, findings: [] });
      expect(loaded.handlers.at(-1)).toMatchObject({ source: 'project', command: 'echo ran' });
    });
  });

  it('loads what it can: a malformed file, an invalid regex group and unsupported handlers are skipped with findings', async () => {
    const sandbox = makeTempProject();
    const broken = sandbox.write('home/.openinterpreter/hooks.json', '{ "hooks": { ,\n');
    const project = sandbox.write(
      'project/.openinterpreter/hooks.json',
      `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "(Bash", "hooks": [{ "type": "command", "command": "bad-regex" }] },
      { "matcher": "Bash", "hooks": [
        { "type": "prompt", "prompt": "is this ok?" },
        { "type": "command", "command": "kept" }
      ] }
    ],
    "PreToolUze": [{ "hooks": [{ "type": "command", "command": "typo" }] }]
  }
}
`,
    );
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.handlers.map((h) => [h.command, h.id])).toEqual([['kept', 'project:PreToolUse:1:1']]);
    expect(loaded.findings.map((f) => [f.ruleId, f.file, f.line, f.column])).toEqual([
      ['parse-error', broken, 1, 14],
      ['invalid-matcher', project, 4, 20],
      ['unsupported-handler-type', project, 6, 19],
      ['unknown-event', project, 10, 5],
    ]);
    expect(loaded.findings[1]!.message).toBe(
      'matcher "(Bash" is not a valid regular expression (unclosed group); the hooks of this group never run',
    );
    expect(loaded.findings.every((f) => !f.fatal)).toBe(true);
  });

  it('skips a file nested thousands deep with a positioned parse-error and loads the rest', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.openinterpreter/hooks.json', hooksJson('user'));
    const deep = sandbox.write('project/.openinterpreter/hooks.json', `{"hooks":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    const deepToml = sandbox.write('project/.openinterpreter/config.toml', `x = ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.handlers.map((h) => h.command)).toEqual(['user']);
    expect(loaded.findings.map((f) => [f.ruleId, f.file, f.line, f.column])).toEqual([
      ['parse-error', deep, 1, 209],
      ['parse-error', deepToml, 1, 205],
    ]);
    expect(loaded.findings[0]!.message).toBe(
      'JSON error: arrays and objects nested more than 200 levels deep here; ' +
        'a hooks config never needs that; nothing in this file is loaded',
    );
  });

  it('does not load the home directory twice when the project walk passes through it', async () => {
    const sandbox = makeTempProject();
    // A cwd inside the home without a git root: the walk runs from / and meets ~/.openinterpreter.
    const cwd = join(sandbox.home, 'scratch');
    sandbox.write('home/scratch/.keep', '');
    sandbox.write('home/.openinterpreter/hooks.json', hooksJson('user'));
    const loaded = await loadConfig(context(sandbox, cwd));
    expect(loaded.handlers.map((h) => h.source)).toEqual(['user']);
  });

  it('has nothing to load in an empty sandbox', async () => {
    const sandbox = makeTempProject();
    expect(await loadConfig(context(sandbox))).toEqual({
      enabled: true,
      switchedOff: null,
      managedOnly: false,
      handlers: [],
      files: [],
      watchPaths: expect.any(Array),
      findings: [],
    });
  });

  it('names every place a file would be read from if created, for a long-lived engine to watch', async () => {
    const sandbox = makeTempProject();
    const cwd = join(sandbox.project, 'pkg', 'app');
    sandbox.write('project/pkg/app/.keep', '');
    sandbox.write('home/.openinterpreter/config.toml', '[plugins.lint]\nenabled = true\n[plugins.off]\nenabled = false\n');
    const { watchPaths } = await loadConfig(context(sandbox, cwd));
    // Each walked directory's candidates, then its `.git` (one appearing there moves the root).
    const project = (dir: string) => [join(dir, '.openinterpreter', 'hooks.json'), join(dir, '.openinterpreter', 'config.toml')];
    expect(watchPaths).toEqual([
      join(sandbox.root, 'etc', 'requirements.toml'),
      ...project(sandbox.home),
      ...project(sandbox.project),
      join(sandbox.project, '.git'),
      ...project(join(sandbox.project, 'pkg')),
      join(sandbox.project, 'pkg', '.git'),
      ...project(cwd),
      join(cwd, '.git'),
      join(sandbox.home, '.openinterpreter', 'plugins', 'lint', 'hooks', 'hooks.json'),
    ]);
  });
});
