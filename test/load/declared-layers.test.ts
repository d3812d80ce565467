import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../src/config/config-file.js';
import type { DialectConfigSpec } from '../../src/config/config-spec.js';
import { discoveredFile } from '../../src/config/discovered-file.js';
import { describeConfigFile, discoverConfig, type LayerDeclaration, type LoadPolicy } from '../../src/config/load-declaration.js';
import type { EventSpec, LoadContext } from '../../src/kit/index.js';
import { loadDeclared } from '../../src/load/load-declared.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * The declared pipeline's conditional layers, notices a computed layer puts on earlier files, and
 * which files a disable-all key is read from (src/config/load-declaration.ts, src/load/load-declared.ts),
 * on a dialect of declarations alone: a managed file, the user's `~/.kit/hooks.json`, a `served`
 * file read instead of both when the context is served, and "packs" the earlier files enable.
 */
const EVENTS: readonly EventSpec[] = [
  { name: 'Run', summary: 'a run', matcherField: null, closedTargets: null, asyncAllowed: true, inProcessAllowed: true },
];

const notServed = (context: LoadContext) => context.served !== true;

function specWith(policy: LoadPolicy) {
  const layers: LayerDeclaration = {
    layers: [
      {
        kind: 'file',
        source: 'managed',
        format: 'json',
        role: 'hooks-file',
        path: (context) => context.managedConfigPath!,
        when: notServed,
      },
      {
        kind: 'dir',
        source: 'user',
        dir: (context) => join(context.home, '.kit'),
        files: [{ name: 'hooks.json', format: 'json', role: 'hooks-file' }],
        when: notServed,
      },
      {
        kind: 'found',
        when: (context) => context.served === true,
        find: async (context) => {
          const path = join(context.cwd, 'served.json');
          const file = await discoveredFile(path, 'json', { source: 'project', role: 'hooks-file' });
          return { files: file === null ? [] : [file], watchPaths: [path] };
        },
        describe: async () => {
          throw new Error('placed by the served layer');
        },
      },
      // Packs: each name in an earlier file's `packs` is a hooks file under ~/.kit/packs; a missing one is a notice at that name.
      { kind: 'found', find: packs },
    ],
  };
  const spec: DialectConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
    dialect: 'kit',
    events: EVENTS,
    nesting: 'groups',
    matcher: 'exact-list-or-regex',
    groupFields: { matcher: { kind: 'string' } },
    handlerFields: { type: { kind: 'enum', values: ['command'] }, command: { kind: 'command' } },
    timeout: { unit: 'seconds', defaultMs: 30_000, suspiciousSeconds: 1000 },
    handlerTypes: { supported: ['command'], unsupported: [] },
    topLevel: {
      'hooks-file': { fields: { packs: { kind: 'string-list' }, off: { kind: 'boolean' } }, unknown: 'ignore' },
      'inline-config': { fields: {}, unknown: 'ignore' },
      'managed-requirements': { fields: {}, unknown: 'ignore' },
      env: { fields: {}, unknown: 'ignore' },
      unread: { fields: {}, unknown: 'ignore' },
      'plugin-manifest': { fields: {}, unknown: 'ignore' },
    },
    policy,
    layers,
  };
  return spec;
}

async function packs(context: LoadContext, earlier: readonly ConfigFile[]) {
  const files: ConfigFile[] = [];
  const watchPaths: string[] = [];
  const notices = new Map<ConfigFile, NonNullable<ConfigFile['notices']>>();
  for (const file of earlier) {
    const root = file.parsed.root;
    const list = root?.kind === 'object' ? root.entries.find((entry) => entry.key === 'packs')?.value : undefined;
    for (const item of list?.kind === 'array' ? list.items : []) {
      const dir = join(context.home, '.kit', 'packs', String(item.kind === 'scalar' ? item.value : ''));
      const path = join(dir, 'hooks.json');
      watchPaths.push(path);
      const pack = await discoveredFile(path, 'json', { source: 'plugin', role: 'hooks-file' });
      if (pack !== null) files.push(pack);
      else
        notices.set(file, [
          ...(notices.get(file) ?? []),
          { messageId: 'notInstalled', data: { id: String(item.kind === 'scalar' ? item.value : ''), dir }, pos: item.pos },
        ]);
    }
  }
  return { files, watchPaths, notices };
}

const hooks = (...commands: unknown[]) => ({ Run: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] });

function kitProject(): { sandbox: TempProject; context: LoadContext } {
  const sandbox = makeTempProject();
  const context = { cwd: sandbox.project, home: sandbox.home, env: {}, managedConfigPath: join(sandbox.root, 'etc', 'policy.json') };
  return { sandbox, context };
}

const commands = (config: { handlers: readonly { command: string }[] }) => config.handlers.map((handler) => handler.command);

describe('declared layers: conditions, notices on earlier files, what a disable-all key is read from', () => {
  it('a layer whose condition is false is not discovered, watched or used to place a named file', async () => {
    const { sandbox, context } = kitProject();
    const spec = specWith({ onError: 'skip', rejection: 'entry' });
    sandbox.write('etc/policy.json', JSON.stringify({ hooks: hooks('echo managed') }));
    sandbox.write('home/.kit/hooks.json', JSON.stringify({ hooks: hooks('echo user') }));
    sandbox.write('project/served.json', JSON.stringify({ hooks: hooks('echo served') }));
    const plain = await loadDeclared({ spec }, context);
    expect(commands(plain)).toEqual(['echo managed', 'echo user']);
    expect(plain.watchPaths).not.toContain(join(sandbox.project, 'served.json'));
    const served = await loadDeclared({ spec }, { ...context, served: true });
    expect(commands(served)).toEqual(['echo served']);
    expect(served.watchPaths).toEqual([join(sandbox.project, 'served.json')]);
    const named = join(sandbox.project, 'served.json');
    await expect(describeConfigFile(spec, named, { ...context, served: true })).rejects.toThrow('placed by the served layer');
    await expect(describeConfigFile(spec, named, context)).resolves.toMatchObject({ parsed: { path: named } });
  });

  it("a computed layer's notices land on the earlier file they are about, reported there", async () => {
    const { sandbox, context } = kitProject();
    const spec = specWith({ onError: 'skip', rejection: 'entry' });
    sandbox.write('home/.kit/hooks.json', JSON.stringify({ packs: ['here', 'gone'], hooks: hooks('echo user') }));
    sandbox.write('home/.kit/packs/here/hooks.json', JSON.stringify({ hooks: hooks('echo pack') }));
    const config = await loadDeclared({ spec }, context);
    expect(commands(config)).toEqual(['echo user', 'echo pack']);
    const user = join(sandbox.home, '.kit', 'hooks.json');
    expect(config.findings.map((finding) => [finding.ruleId, finding.file, finding.line])).toEqual([['plugin-discovery', user, 1]]);
    const discovered = await discoverConfig(spec, context);
    expect(discovered.find((file) => file.parsed.path === user)?.notices?.map((notice) => notice.messageId)).toEqual(['notInstalled']);
  });

  it('with a source, only that layer decides the disable-all key; without one, the last file that sets it', async () => {
    const { sandbox, context } = kitProject();
    sandbox.write('etc/policy.json', JSON.stringify({ off: false, hooks: hooks('echo managed') }));
    sandbox.write('home/.kit/hooks.json', JSON.stringify({ off: true, hooks: hooks('echo user') }));
    const anyFile = await loadDeclared(
      { spec: specWith({ onError: 'skip', rejection: 'entry', disableAll: { path: ['off'], value: true } }) },
      context,
    );
    expect(anyFile).toMatchObject({
      enabled: false,
      handlers: [],
      switchedOff: { scope: 'all', file: join(sandbox.home, '.kit', 'hooks.json') },
    });
    const managedOnly = specWith({ onError: 'skip', rejection: 'entry', disableAll: { path: ['off'], value: true, source: 'managed' } });
    const config = await loadDeclared({ spec: managedOnly }, context);
    expect(config).toMatchObject({ enabled: true, switchedOff: null });
    expect(commands(config)).toEqual(['echo managed', 'echo user']);
  });

  it('a file the rules drop whole sets nothing: not the disable-all key, and it is not among the applied files', async () => {
    const { sandbox, context } = kitProject();
    const spec = specWith({ onError: 'skip', rejection: 'file', disableAll: { path: ['off'], value: true } });
    sandbox.write('etc/policy.json', JSON.stringify({ hooks: hooks('echo managed') }));
    // A command that is not a string: under file rejection the agent skips this whole file, `off` too.
    sandbox.write('home/.kit/hooks.json', JSON.stringify({ off: true, hooks: hooks(7) }));
    let seen: { extend: string[]; finish: string[] } = { extend: [], finish: [] };
    const paths = (files: readonly ConfigFile[]) => files.map((file) => file.parsed.path);
    const config = await loadDeclared(
      {
        spec,
        extend: (_files, _context, applied) => {
          seen = { ...seen, extend: paths(applied) };
          return undefined;
        },
        finish: (loaded, { applied }) => {
          seen = { ...seen, finish: paths(applied) };
          return loaded;
        },
      },
      context,
    );
    expect(config).toMatchObject({ enabled: true, switchedOff: null });
    expect(commands(config)).toEqual(['echo managed']);
    expect(config.findings.some((finding) => finding.file === join(sandbox.home, '.kit', 'hooks.json'))).toBe(true);
    const managed = join(sandbox.root, 'etc', 'policy.json');
    expect(seen).toEqual({ extend: [managed], finish: [managed] });
  });
});
