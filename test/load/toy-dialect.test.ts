import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DialectConfigSpec } from '../../src/config/config-spec.js';
import { discoveredFile } from '../../src/config/discovered-file.js';
import { describeConfigFile, type LayerDeclaration, type LoadPolicy } from '../../src/config/load-declaration.js';
import { createEngine, HOOKS_DISABLED_WARNING, type Dialect, type EventSpec } from '../../src/index.js';
import { defineDialect, walkRepositoryFiles, type DialectProtocol, type ProjectWalk } from '../../src/kit/index.js';
import { declaredLoader } from '../../src/load/load-declared.js';
import { formatOutcome } from '../../src/report/format-outcome.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * A dialect hookctl has never heard of, built from declarations alone: an event table, its layers
 * (a managed file, the user's `~/.toy`, a root-down project walk of `.toy/hooks.json`, and "packs"
 * the user's file enables, found by a function that returns their files and watch paths) and a
 * load policy (skip what is broken entry by entry, a `hooksOff` key that turns every hook off).
 * No load code: the core pipeline discovers, checks, normalises and watches; the project is
 * loaded through the public engine with the Dialect object below.
 */
const EVENTS: readonly EventSpec[] = [
  {
    name: 'BeforeRun',
    summary: 'before a tool runs',
    matcherField: 'tool',
    closedTargets: null,
    asyncAllowed: false,
    inProcessAllowed: true,
  },
  { name: 'AfterRun', summary: 'after a turn', matcherField: null, closedTargets: null, asyncAllowed: true, inProcessAllowed: true },
];

const PROJECT_WALK: ProjectWalk = {
  kind: 'walk',
  dir: '.toy',
  files: [{ name: 'hooks.json', format: 'json', role: 'hooks-file' }],
  order: 'root-down',
};

const LAYERS: LayerDeclaration = {
  layers: [
    {
      kind: 'file',
      source: 'managed',
      format: 'json',
      role: 'hooks-file',
      path: (context) => context.managedConfigPath ?? '/etc/toy/policy.json',
    },
    { kind: 'dir', source: 'user', dir: (context) => join(context.home, '.toy'), files: PROJECT_WALK.files },
    PROJECT_WALK,
    {
      kind: 'found',
      // Packs the user's hooks.json names in `packs`, each a hooks.json of its own.
      find: async (context, earlier) => {
        const user = earlier.find((file) => file.source === 'user');
        const root = user?.parsed.root;
        const packs = root?.kind === 'object' ? root.entries.find((entry) => entry.key === 'packs')?.value : undefined;
        const names = packs?.kind === 'array' ? packs.items.flatMap((item) => (item.kind === 'scalar' ? [String(item.value)] : [])) : [];
        const paths = names.map((name) => join(context.home, '.toy', 'packs', name, 'hooks.json'));
        const files = await Promise.all(paths.map((path) => discoveredFile(path, 'json', { source: 'plugin', role: 'hooks-file' })));
        return { files: files.filter((file) => file !== null), watchPaths: paths };
      },
    },
  ],
};

const POLICY: LoadPolicy = { onError: 'skip', rejection: 'entry', disableAll: { path: ['hooksOff'], value: true } };

const spec: DialectConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'toy',
  events: EVENTS,
  nesting: 'groups',
  matcher: 'exact-list-or-regex',
  groupFields: { matcher: { kind: 'string' } },
  handlerFields: {
    type: { kind: 'enum', values: ['command'] },
    command: { kind: 'command' },
    timeout: { kind: 'whole-seconds' },
    dir: { kind: 'string' },
  },
  timeout: { unit: 'seconds', defaultMs: 30_000, suspiciousSeconds: 1000 },
  handlerTypes: { supported: ['command'], unsupported: [] },
  topLevel: {
    'hooks-file': { fields: { packs: { kind: 'string-list' }, hooksOff: { kind: 'boolean' } }, unknown: 'warning' },
    'inline-config': { fields: {}, unknown: 'ignore' },
    'managed-requirements': { fields: {}, unknown: 'ignore' },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
  policy: POLICY,
  layers: LAYERS,
};

/** Exit 2 denies with stderr as the reason; anything else non-zero is a failure; every hook runs at once. */
const protocol: DialectProtocol = {
  schedule: () => 'concurrent',
  interpret: (_event, _handler, result) =>
    result.exitCode === 2
      ? { status: 'blocked', error: null, verdict: false, effect: { decision: 'deny', reason: result.stderr.trim() } }
      : { status: result.exitCode === 0 ? 'completed' : 'failed', error: null, verdict: false, effect: {} },
  aggregate: (_event, runs) => {
    const denied = runs.find((run) => run.interpretation.effect.decision === 'deny');
    return {
      decision: denied ? 'deny' : null,
      blocked: denied !== undefined,
      reason: denied?.interpretation.effect.reason ?? null,
      stop: false,
      stopReason: null,
      additionalContext: null,
      updatedInput: null,
      updatedInputFrom: null,
      systemMessages: [],
      dialectOutput: null,
    };
  },
};

const dialect: Dialect = defineDialect({
  manifest: {
    id: 'toy',
    configDir: PROJECT_WALK.dir,
    configFiles: PROJECT_WALK.files.map((file) => file.name),
    extensions: ['.json'],
    repositoryFiles: walkRepositoryFiles(PROJECT_WALK),
    events: EVENTS,
  },
  contracts: { validateInput: (_event, value) => ({ ok: true, value }), validateOutput: (_event, value) => ({ ok: true, value }) },
  // A handler's `dir` is the directory it runs in, taken from the project dir (HandlerRecord.workingDir).
  loadConfig: declaredLoader({
    spec,
    extend: (_files, context) => (record, origin) => {
      const dir =
        origin.handler.node.kind === 'object' ? origin.handler.node.entries.find((entry) => entry.key === 'dir')?.value : undefined;
      return dir?.kind === 'scalar' && typeof dir.value === 'string' ? { ...record, workingDir: resolve(context.cwd, dir.value) } : record;
    },
  }),
  protocol,
  trust: {
    evaluate: async (handlers) => handlers.map(() => ({ status: 'trusted', enabled: true, hash: null, detail: null })),
    units: async () => [],
    trust: async () => {},
    untrust: async () => {},
    setEnabled: async () => [],
  },
  fixture: (event, { cwd }) => ({ hook_event_name: event, cwd }),
  scaffold: { projectConfigFile: '.toy/hooks.json', register: () => ({ status: 'created', text: '' }), examples: () => [] },
});

const group = (matcher: string | null, ...commands: string[]) => ({
  ...(matcher === null ? {} : { matcher }),
  hooks: commands.map((command) => ({ type: 'command', command })),
});

function toyProject(): { sandbox: TempProject; cwd: string } {
  const sandbox = makeTempProject();
  const cwd = join(sandbox.project, 'pkg');
  sandbox.write('project/pkg/.keep', '');
  return { sandbox, cwd };
}

async function engineIn(sandbox: TempProject, cwd: string) {
  return createEngine({ dialect, cwd, home: sandbox.home, managedConfigPath: join(sandbox.root, 'etc', 'policy.json') });
}

const payload = (cwd: string, tool: string) => ({ hook_event_name: 'BeforeRun', cwd, tool });

describe('a toy dialect built from declarations alone, loaded through createEngine', () => {
  it('runs every declared layer in order: managed, user, each project dir root first, then the packs the user enables', async () => {
    const { sandbox, cwd } = toyProject();
    sandbox.write('etc/policy.json', JSON.stringify({ hooks: { BeforeRun: [group('shell', 'echo managed')] } }));
    sandbox.write('home/.toy/hooks.json', JSON.stringify({ packs: ['guard'], hooks: { BeforeRun: [group('shell', 'echo user')] } }));
    sandbox.write('project/.toy/hooks.json', JSON.stringify({ hooks: { BeforeRun: [group('shell', 'echo root')] } }));
    sandbox.write(
      'project/pkg/.toy/hooks.json',
      JSON.stringify({ hooks: { BeforeRun: [group('shell', 'echo pkg'), group('edit', 'echo never')] } }),
    );
    sandbox.write(
      'home/.toy/packs/guard/hooks.json',
      JSON.stringify({ hooks: { BeforeRun: [group('shell', 'echo no shell today >&2; exit 2')] } }),
    );
    const engine = await engineIn(sandbox, cwd);
    const outcome = await engine.dispatch('BeforeRun', payload(cwd, 'shell'));
    expect(outcome.runs.map((run) => [run.source, run.command, run.status])).toEqual([
      ['managed', 'echo managed', 'completed'],
      ['user', 'echo user', 'completed'],
      ['project', 'echo root', 'completed'],
      ['project', 'echo pkg', 'completed'],
      ['plugin', 'echo no shell today >&2; exit 2', 'blocked'],
    ]);
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'no shell today' });
    await engine.close();
  });

  it('skips only the broken entry (onError skip, entry rejection) and says where', async () => {
    const { sandbox, cwd } = toyProject();
    sandbox.write(
      'project/.toy/hooks.json',
      JSON.stringify({
        hooks: { BeforeRun: [group('shell', 'echo kept'), { matcher: 'shell', hooks: [{ type: 'command', command: 7 }] }] },
      }),
    );
    const engine = await engineIn(sandbox, cwd);
    const outcome = await engine.dispatch('BeforeRun', payload(cwd, 'shell'));
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo kept']);
    expect(engine.warnings.some((warning) => warning.includes(join(sandbox.project, '.toy', 'hooks.json')))).toBe(true);
    await engine.close();
  });

  it('a disable-all key in the last file that sets it turns every hook off, managed ones included', async () => {
    const { sandbox, cwd } = toyProject();
    sandbox.write('etc/policy.json', JSON.stringify({ hooks: { BeforeRun: [group(null, 'exit 2')] } }));
    sandbox.write('home/.toy/hooks.json', JSON.stringify({ hooksOff: false }));
    sandbox.write('project/.toy/hooks.json', JSON.stringify({ hooksOff: true }));
    const engine = await engineIn(sandbox, cwd);
    const outcome = await engine.dispatch('BeforeRun', payload(cwd, 'shell'));
    expect(outcome.runs).toEqual([]);
    expect(outcome.blocked).toBe(false);
    expect(engine.warnings).toContain(HOOKS_DISABLED_WARNING);
    await engine.close();
  });

  it('derives the watch paths from the same declaration: every candidate, each walked .git, the enabled packs', async () => {
    const { sandbox, cwd } = toyProject();
    sandbox.write('home/.toy/hooks.json', JSON.stringify({ packs: ['guard'] }));
    const config = await dialect.loadConfig({
      cwd,
      home: sandbox.home,
      env: {},
      managedConfigPath: join(sandbox.root, 'etc', 'policy.json'),
    });
    expect(config.watchPaths).toEqual([
      join(sandbox.root, 'etc', 'policy.json'),
      join(sandbox.home, '.toy', 'hooks.json'),
      join(sandbox.project, '.toy', 'hooks.json'),
      join(sandbox.project, '.git'),
      join(cwd, '.toy', 'hooks.json'),
      join(cwd, '.git'),
      join(sandbox.home, '.toy', 'packs', 'guard', 'hooks.json'),
    ]);
    expect(config.files).toEqual([join(sandbox.home, '.toy', 'hooks.json')]);
  });

  it('a long-lived engine picks up a project file created after it started (a watched candidate)', async () => {
    const { sandbox, cwd } = toyProject();
    const engine = await createEngine({
      dialect,
      cwd,
      home: sandbox.home,
      managedConfigPath: join(sandbox.root, 'none.json'),
      watch: true,
    });
    expect((await engine.dispatch('BeforeRun', payload(cwd, 'shell'))).runs).toEqual([]);
    sandbox.write('project/pkg/.toy/hooks.json', JSON.stringify({ hooks: { BeforeRun: [group('shell', 'exit 2')] } }));
    await expect.poll(async () => (await engine.dispatch('BeforeRun', payload(cwd, 'shell'))).blocked, { timeout: 10_000 }).toBe(true);
    await engine.close();
  });

  it('runs a hook whose declaration names its directory there, and the dispatch report says so', async () => {
    const { sandbox, cwd } = toyProject();
    mkdirSync(join(cwd, 'work'));
    const hooks = [
      { type: 'command', command: 'pwd', dir: 'work' },
      { type: 'command', command: 'pwd' },
    ];
    sandbox.write('project/pkg/.toy/hooks.json', JSON.stringify({ hooks: { AfterRun: [{ hooks }] } }));
    const engine = await engineIn(sandbox, cwd);
    const outcome = await engine.dispatch('AfterRun', { hook_event_name: 'AfterRun', cwd });
    expect(outcome.runs.map((run) => [run.stdout.trim(), run.workingDir])).toEqual([
      [join(cwd, 'work'), 'work'],
      [cwd, undefined],
    ]);
    expect(formatOutcome(outcome, engine.handlers)).toContain('runs in: work');
    await engine.close();
  });

  it('places a named file by the declaration: the user dir, a project file by its name, the managed file by its path', async () => {
    const { sandbox, cwd } = toyProject();
    const context = { cwd, home: sandbox.home, env: {}, managedConfigPath: join(sandbox.root, 'etc', 'policy.json') };
    sandbox.write('home/.toy/hooks.json', '{}');
    sandbox.write('project/.toy/hooks.json', '{}');
    sandbox.write('etc/policy.json', '{}');
    const placed = async (path: string) => {
      const file = await describeConfigFile(spec, path, context);
      return Array.isArray(file) ? null : [file.source, file.role];
    };
    expect(await placed(join(sandbox.home, '.toy', 'hooks.json'))).toEqual(['user', 'hooks-file']);
    expect(await placed(join(sandbox.project, '.toy', 'hooks.json'))).toEqual(['project', 'hooks-file']);
    expect(await placed(join(sandbox.root, 'etc', 'policy.json'))).toEqual(['managed', 'hooks-file']);
    expect(dialect.manifest.repositoryFiles).toEqual([{ path: '.toy/hooks.json' }]);
  });
});
