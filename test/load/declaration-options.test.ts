import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DialectConfigSpec } from '../../src/config/config-spec.js';
import { describeConfigFile, discoverConfig, type LayerDeclaration, type LoadPolicy } from '../../src/config/load-declaration.js';
import type { ConfigFile } from '../../src/config/config-file.js';
import type { EventSpec, LoadContext, ProjectWalk } from '../../src/kit/index.js';
import { declaredLoader } from '../../src/load/load-declared.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * The declaration's less common shapes, on a dialect of its own ("memo"), loaded by the core
 * pipeline: settings files the agent reads as JSON with comments whatever they are called; a
 * workspace file read only in the directory the agent starts in (`order: 'cwd'`); two fixed files
 * of one directory that are separate layers; a file named on the command line that no layer places
 * (`otherFiles`); and a `decide` step that reads a file outside the layers (a trust list) to say
 * which files' settings count, how each record runs, and what else to watch.
 */
const EVENTS: readonly EventSpec[] = [
  { name: 'Ping', summary: 'a ping', matcherField: null, closedTargets: null, asyncAllowed: false, inProcessAllowed: false },
];

const WORKSPACE: ProjectWalk = {
  kind: 'walk',
  dir: '.memo',
  files: [{ name: 'settings.json', format: 'jsonc', role: 'inline-config' }],
  order: 'cwd',
};

const etc = (context: LoadContext) => context.managedConfigPath ?? '/etc/memo';

const LAYERS: LayerDeclaration = {
  layers: [
    {
      kind: 'file',
      source: 'managed',
      format: 'jsonc',
      role: 'inline-config',
      layer: 'defaults',
      path: (c) => join(etc(c), 'defaults.json'),
    },
    { kind: 'file', source: 'user', format: 'jsonc', role: 'inline-config', path: (c) => join(c.home, '.memo', 'settings.json') },
    WORKSPACE,
    {
      kind: 'file',
      source: 'managed',
      format: 'jsonc',
      role: 'inline-config',
      layer: 'system',
      path: (c) => join(etc(c), 'settings.json'),
    },
  ],
  otherFiles: { source: 'project', role: 'inline-config', format: 'jsonc' },
};

const POLICY: LoadPolicy = { onError: 'skip', rejection: 'entry', disableAll: { path: ['hooksConfig', 'enabled'], value: false } };

const spec: DialectConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'memo',
  events: EVENTS,
  nesting: 'groups',
  matcher: 'exact-list-or-regex',
  groupFields: {},
  handlerFields: { type: { kind: 'enum', values: ['command'] }, command: { kind: 'command' } },
  timeout: { unit: 'seconds', defaultMs: 30_000, suspiciousSeconds: 1000 },
  handlerTypes: { supported: ['command'], unsupported: [] },
  topLevel: {
    'hooks-file': { fields: {}, unknown: 'warning' },
    'inline-config': { fields: { hooksConfig: { kind: 'object' } }, unknown: 'ignore' },
    'managed-requirements': { fields: {}, unknown: 'ignore' },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
  policy: POLICY,
  layers: LAYERS,
};

/** The trust list: a JSON array of trusted workspace dirs in `<home>/.memo/trusted.json` (read with fs, as an agent would). */
async function trustedWorkspace(context: LoadContext): Promise<boolean> {
  const { readFile } = await import('node:fs/promises');
  try {
    return (JSON.parse(await readFile(join(context.home, '.memo', 'trusted.json'), 'utf8')) as string[]).includes(context.cwd);
  } catch {
    return false;
  }
}

/** Untrusted, the agent reads no workspace settings; every command it runs is prefixed with where it came from. */
const loadConfig = declaredLoader({
  spec,
  decide: async (files: readonly ConfigFile[], context: LoadContext) => {
    const trusted = await trustedWorkspace(context);
    return {
      settings: files.filter((file) => trusted || file.source !== 'project'),
      extend: (record) => ({ ...record, command: `${record.source}: ${record.command}` }),
      watchPaths: [join(context.home, '.memo', 'trusted.json')],
    };
  },
});

const settings = (command: string | null, more: Record<string, unknown> = {}) =>
  JSON.stringify({ ...more, hooks: command === null ? {} : { Ping: [{ hooks: [{ type: 'command', command }] }] } });

function memoWorld(): { sandbox: TempProject; context: LoadContext } {
  const sandbox = makeTempProject();
  const context = { cwd: join(sandbox.project, 'pkg'), home: sandbox.home, env: {}, managedConfigPath: join(sandbox.root, 'etc') };
  sandbox.write('project/pkg/.keep', '');
  return { sandbox, context };
}

describe('declaration options, through the core load pipeline', () => {
  it("order 'cwd' reads the workspace file of the cwd only, with comments, and watches no .git", async () => {
    const { sandbox, context } = memoWorld();
    sandbox.write('project/.memo/settings.json', settings('root'));
    const own = sandbox.write('project/pkg/.memo/settings.json', `// the package's own\n${settings('pkg')}`);
    sandbox.write('home/.memo/trusted.json', JSON.stringify([context.cwd]));
    const config = await loadConfig(context);
    expect(config.findings).toEqual([]);
    expect(config.files).toEqual([own]);
    expect(config.handlers.map((handler) => handler.command)).toEqual(['project: pkg']);
    expect(config.watchPaths).toEqual([
      join(sandbox.root, 'etc', 'defaults.json'),
      join(sandbox.home, '.memo', 'settings.json'),
      own,
      join(sandbox.root, 'etc', 'settings.json'),
      join(sandbox.home, '.memo', 'trusted.json'),
    ]);
  });

  it('two fixed files of one directory keep their own layer keys; the cwd as the home reads the user file once', async () => {
    const { sandbox, context } = memoWorld();
    sandbox.write('etc/defaults.json', settings('defaults'));
    sandbox.write('etc/settings.json', settings('system'));
    const user = sandbox.write('home/.memo/settings.json', settings('user'));
    const files = await discoverConfig(spec, context);
    expect(files.map((file) => [file.source, file.layer])).toEqual([
      ['managed', 'defaults'],
      ['user', join(sandbox.home, '.memo')],
      ['managed', 'system'],
    ]);
    const atHome = await discoverConfig(spec, { ...context, cwd: sandbox.home });
    expect(atHome.filter((file) => file.parsed.path === user).map((file) => file.source)).toEqual(['user']);
  });

  it("decide's settings: a disable-all key counts only in the files the agent reads", async () => {
    const { sandbox, context } = memoWorld();
    sandbox.write('home/.memo/settings.json', settings('user'));
    const off = sandbox.write('project/pkg/.memo/settings.json', settings(null, { hooksConfig: { enabled: false } }));
    const untrusted = await loadConfig(context);
    expect([untrusted.enabled, untrusted.handlers.map((handler) => handler.command)]).toEqual([true, ['user: user']]);
    sandbox.write('home/.memo/trusted.json', JSON.stringify([context.cwd]));
    const trusted = await loadConfig(context);
    expect([trusted.enabled, trusted.handlers, trusted.switchedOff]).toEqual([
      false,
      [],
      { scope: 'all', file: off, line: 1, column: 17, setting: 'hooksConfig.enabled = false' },
    ]);
  });

  it('a named file is read in its declared format: a fixed file by path, the workspace file by name, any other as otherFiles', async () => {
    const { sandbox, context } = memoWorld();
    const commented = `// a comment\n${settings('x')}`;
    const named = {
      system: sandbox.write('etc/settings.json', commented),
      workspace: sandbox.write('elsewhere/.memo/settings.json', commented),
      other: sandbox.write('elsewhere/notes.yaml', commented),
    };
    const placed = async (path: string) => {
      const file = await describeConfigFile(spec, path, context);
      return Array.isArray(file) ? null : [file.source, file.role, file.parsed.format, file.parsed.errors.length];
    };
    expect(await placed(named.system)).toEqual(['managed', 'inline-config', 'jsonc', 0]);
    expect(await placed(named.workspace)).toEqual(['project', 'inline-config', 'jsonc', 0]);
    expect(await placed(named.other)).toEqual(['project', 'inline-config', 'jsonc', 0]);
  });
});
