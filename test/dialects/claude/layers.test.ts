import { chownSync, mkdirSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectDialect } from '../../../src/dialects/detect-dialect.js';
import { runCli } from '../../helpers/run-cli.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

/** A Stop hook that appends `tag` to ran.txt in the project: which layers ran, in which order. */
const stopHook = (tag: string, extra: Record<string, unknown> = {}) =>
  hooks({ Stop: [group([command(`echo ${tag} >> ran.txt`)])], ...extra });

async function runIds(box: ReturnType<typeof makeClaudeSandbox>, options = {}) {
  const outcome = await dispatchOnce(box, 'Stop', {}, options);
  return outcome.runs.map((run) => [run.source, run.id, run.status]);
}

describe('claude layers (SPEC-dialects 8.1)', () => {
  it('runs managed, drop-ins (alphabetical, hidden skipped), user, project, local and --settings hooks in that order', async () => {
    const box = makeClaudeSandbox();
    box.settings('etc/claude-code/managed-settings.json', stopHook('managed'));
    box.settings('etc/claude-code/managed-settings.d/20-b.json', stopHook('dropin-b'));
    box.settings('etc/claude-code/managed-settings.d/10-a.json', stopHook('dropin-a'));
    box.settings('etc/claude-code/managed-settings.d/.hidden.json', stopHook('hidden'));
    box.settings('etc/claude-code/managed-settings.d/notes.txt', stopHook('text'));
    box.settings('home/.claude/settings.json', stopHook('user'));
    box.settings('project/.claude/settings.json', stopHook('project'));
    box.settings('project/.claude/settings.local.json', stopHook('local'));
    const flag = box.settings('flag.json', stopHook('flag'));
    const ids = await runIds(box, { settingsFlag: flag });
    expect(ids).toEqual([
      ['managed', `managed:${box.managed}:Stop:0:0`, 'completed'],
      ['managed', `managed:${join(box.root, 'etc/claude-code/managed-settings.d/10-a.json')}:Stop:0:0`, 'completed'],
      ['managed', `managed:${join(box.root, 'etc/claude-code/managed-settings.d/20-b.json')}:Stop:0:0`, 'completed'],
      ['user', 'user:~/.claude/settings.json:Stop:0:0', 'completed'],
      ['project', 'project:.claude/settings.json:Stop:0:0', 'completed'],
      ['local', 'local:.claude/settings.local.json:Stop:0:0', 'completed'],
      ['flag', `flag:${flag}:Stop:0:0`, 'completed'],
    ]);
  });

  it('takes --settings as inline JSON when it starts with {', async () => {
    const box = makeClaudeSandbox();
    const ids = await runIds(box, { settingsFlag: JSON.stringify(stopHook('inline')) });
    expect(ids).toEqual([['flag', 'flag:--settings:inline:Stop:0:0', 'completed']]);
  });

  it('takes the session flags as one bag by flag name (createEngine `session`), the same as their engine options', async () => {
    const box = makeClaudeSandbox();
    const flag = box.settings('flag.json', stopHook('flag'));
    box.settings('dev/my-plugin/hooks/hooks.json', stopHook('plugin'));
    const plugin = join(box.root, 'dev/my-plugin');
    const byBag = await runIds(box, { session: { settings: flag, 'plugin-dir': [plugin] } });
    expect(byBag).toEqual(await runIds(box, { settingsFlag: flag, pluginDirs: [plugin] }));
    expect(byBag.map(([source]) => source)).toEqual(['flag', 'plugin']);
    // A value in the bag wins over the same flag's engine option.
    expect(await runIds(box, { settingsFlag: 'missing.json', session: { settings: flag } })).toEqual([
      ['flag', `flag:${flag}:Stop:0:0`, 'completed'],
    ]);
  });

  it('reports a --settings file that does not exist instead of ignoring it', async () => {
    const box = makeClaudeSandbox();
    const engine = await box.engine({ settingsFlag: 'missing.json' });
    await engine.close();
    expect(engine.warnings.some((warning) => warning.includes('missing.json') && warning.includes('does not exist'))).toBe(true);
  });

  it('reads the user layer from $CLAUDE_CONFIG_DIR when it is set', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', stopHook('home-user'));
    box.settings('alt-config/settings.json', stopHook('moved-user'));
    const ids = await runIds(box, { env: { PATH: process.env.PATH, CLAUDE_CONFIG_DIR: join(box.root, 'alt-config') } });
    expect(ids).toEqual([['user', `user:${join(box.root, 'alt-config/settings.json')}:Stop:0:0`, 'completed']]);
  });

  it('reads project settings only from the start directory: no upward walk', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', stopHook('root'));
    mkdirSync(join(box.project, 'sub'), { recursive: true });
    const outcome = await dispatchOnce(box, 'Stop', {}, { cwd: join(box.project, 'sub') });
    expect(outcome.runs).toEqual([]);
  });

  it('reads settings.local.json at the repository root and in the start directory, both', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.local.json', stopHook('root-local'));
    box.settings('project/app/.claude/settings.local.json', stopHook('cwd-local'));
    const outcome = await dispatchOnce(box, 'Stop', {}, { cwd: join(box.project, 'app') });
    expect(outcome.runs.map((run) => [run.source, run.file])).toEqual([
      ['local', join(box.project, '.claude/settings.local.json')],
      ['local', '.claude/settings.local.json'],
    ]);
  });

  // chown needs root, which the test machine (and CI container) runs as.
  it('reads only the start directory settings.local.json when the repository root belongs to another user', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.local.json', stopHook('root-local'));
    box.settings('project/app/.claude/settings.local.json', stopHook('cwd-local'));
    chownSync(box.project, 12345, 12345);
    const outcome = await dispatchOnce(box, 'Stop', {}, { cwd: join(box.project, 'app') });
    expect(outcome.runs.map((run) => run.file)).toEqual(['.claude/settings.local.json']);
  });

  it('a repository root that is the home directory counts as no repository for settings.local.json', async () => {
    const box = makeClaudeSandbox();
    mkdirSync(join(box.home, '.git'));
    box.settings('home/.claude/settings.local.json', stopHook('home-local'));
    box.settings('home/work/.claude/settings.local.json', stopHook('cwd-local'));
    const outcome = await dispatchOnce(box, 'Stop', {}, { cwd: join(box.home, 'work') });
    expect(outcome.runs.map((run) => run.file)).toEqual(['.claude/settings.local.json']);
  });

  it('outside a git repository reads only the start directory settings.local.json', async () => {
    const box = makeClaudeSandbox();
    box.settings('outside/.claude/settings.local.json', stopHook('outside-local'));
    box.settings('outside/app/.claude/settings.local.json', stopHook('cwd-local'));
    const outcome = await dispatchOnce(box, 'Stop', {}, { cwd: join(box.root, 'outside', 'app') });
    expect(outcome.runs.map((run) => run.file)).toEqual(['.claude/settings.local.json']);
  });
});

describe('claude plugins (SPEC-dialects 8.1)', () => {
  function plugin(
    box: ReturnType<typeof makeClaudeSandbox>,
    marketplace: string,
    name: string,
    version: string,
    hookFile: unknown,
    extra: Record<string, unknown> = {},
  ) {
    const root = `home/.claude/plugins/cache/${marketplace}/${name}/${version}`;
    box.settings(`${root}/hooks/hooks.json`, hookFile);
    if (Object.keys(extra).length > 0) box.settings(`${root}/.claude-plugin/plugin.json`, { name, ...extra });
    return join(box.root, root);
  }

  it('loads each plugin the merged enabledPlugins turns on, with its root, data dir and variables', async () => {
    const box = makeClaudeSandbox();
    const root = plugin(
      box,
      'acme',
      'fmt',
      '1.0.0',
      hooks({ Stop: [group([command('printf "%s|%s|%s" "$CLAUDE_PLUGIN_ROOT" "$CLAUDE_PLUGIN_DATA" "${CLAUDE_PLUGIN_ROOT}" >&2')])] }),
    );
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'fmt@acme': true } });
    const outcome = await dispatchOnce(box, 'Stop');
    const data = join(box.home, '.claude/plugins/data/fmt-acme');
    expect(outcome.runs).toHaveLength(1);
    expect(outcome.runs[0]).toMatchObject({ source: 'plugin', id: 'plugin:fmt@acme/hooks/hooks.json:Stop:0:0', status: 'completed' });
    expect(outcome.runs[0]!.stderr).toBe(`${root}|${data}|${root}`);
  });

  it('follows precedence managed > flag > local > project > user; a managed false blocks the plugin everywhere', async () => {
    const box = makeClaudeSandbox();
    plugin(box, 'acme', 'fmt', '1.0.0', stopHook('fmt'));
    plugin(box, 'acme', 'lint', '1.0.0', stopHook('lint'));
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'fmt@acme': true, 'lint@acme': false } });
    box.settings('project/.claude/settings.json', { enabledPlugins: { 'lint@acme': true } });
    let outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.id)).toEqual([
      'plugin:fmt@acme/hooks/hooks.json:Stop:0:0',
      'plugin:lint@acme/hooks/hooks.json:Stop:0:0',
    ]);
    box.settings('etc/claude-code/managed-settings.json', { enabledPlugins: { 'fmt@acme': false } });
    outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.id)).toEqual(['plugin:lint@acme/hooks/hooks.json:Stop:0:0']);
  });

  it('takes the newest cached version by mtime and warns that several are present', async () => {
    const box = makeClaudeSandbox();
    const old = plugin(box, 'acme', 'fmt', '1.0.0', stopHook('old'));
    const fresh = plugin(box, 'acme', 'fmt', '2.0.0', stopHook('new'));
    utimesSync(old, new Date('2026-01-01'), new Date('2026-01-01'));
    utimesSync(fresh, new Date('2026-06-01'), new Date('2026-06-01'));
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'fmt@acme': true } });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.file)).toEqual([join(fresh, 'hooks/hooks.json')]);
    expect(outcome.warnings).toContainEqual(
      expect.stringContaining('plugin fmt@acme has 2 cached versions; loading the newest, 2.0.0 (also present: 1.0.0)'),
    );
  });

  it('follows a symlinked development checkout in the cache', async () => {
    const box = makeClaudeSandbox();
    box.settings('dev/fmt/hooks/hooks.json', stopHook('dev'));
    mkdirSync(join(box.home, '.claude/plugins/cache/acme/fmt'), { recursive: true });
    symlinkSync(join(box.root, 'dev/fmt'), join(box.home, '.claude/plugins/cache/acme/fmt/dev'));
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'fmt@acme': true } });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
  });

  it('warns about an enabled plugin that is not installed', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'ghost@acme': true } });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.warnings).toContainEqual(expect.stringContaining('plugin ghost@acme is enabled but not installed'));
  });

  it('ignores an enabledPlugins key that is not name@marketplace or would leave the cache', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', { enabledPlugins: { '../../etc@x': true, plain: true } });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.warnings.filter((warning) => warning.includes('not a plugin id'))).toHaveLength(2);
  });

  it('loads what the manifest `hooks` key names: a path, inline config and an event map, besides hooks/hooks.json', async () => {
    const box = makeClaudeSandbox();
    const root = plugin(box, 'acme', 'multi', '1.0.0', stopHook('default'), {
      hooks: [
        './extra/more.json',
        { hooks: { Stop: [group([command('echo inline')])] } },
        { Stop: [group([command('echo map')])] },
        '../../outside.json',
      ],
    });
    box.settings('home/.claude/plugins/cache/acme/multi/1.0.0/extra/more.json', stopHook('more'));
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'multi@acme': true } });
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => [run.file, run.command])).toEqual([
      [join(root, 'hooks/hooks.json'), 'echo default >> ran.txt'],
      [join(root, 'extra/more.json'), 'echo more >> ran.txt'],
      [join(root, '.claude-plugin/plugin.json'), 'echo inline'],
      [join(root, '.claude-plugin/plugin.json'), 'echo map'],
    ]);
    expect(outcome.warnings).toContainEqual(expect.stringContaining('hooks path "../../outside.json" is outside the plugin directory'));
  });

  it('loads --plugin-dir plugins as <name>@inline, named by their manifest', async () => {
    const box = makeClaudeSandbox();
    box.settings('dev/my-plugin/hooks/hooks.json', stopHook('dev'));
    box.settings('dev/my-plugin/.claude-plugin/plugin.json', { name: 'helper' });
    const outcome = await dispatchOnce(box, 'Stop', {}, { pluginDirs: [join(box.root, 'dev/my-plugin')] });
    expect(outcome.runs.map((run) => run.id)).toEqual(['plugin:helper@inline/hooks/hooks.json:Stop:0:0']);
  });
});

describe('claude layers through the hookctl binary', () => {
  it('--settings (file and inline JSON) and --plugin-dir (repeatable) add their layers', async () => {
    const box = makeClaudeSandbox();
    box.trustWorkspace();
    const flag = box.settings('flag.json', stopHook('flag'));
    box.settings('dev/a/hooks/hooks.json', stopHook('a'));
    box.settings('dev/b/hooks/hooks.json', stopHook('b'));
    const common = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
    const plugins = ['--plugin-dir', join(box.root, 'dev/a'), '--plugin-dir', join(box.root, 'dev/b')];
    const json = JSON.parse((await runCli(['list', '--json', ...common, '--settings', flag, ...plugins])).stdout);
    expect(json.hooks.map((hook: { id: string }) => hook.id)).toEqual([
      `flag:${flag}:Stop:0:0`,
      'plugin:a@inline/hooks/hooks.json:Stop:0:0',
      'plugin:b@inline/hooks/hooks.json:Stop:0:0',
    ]);
    const inline = await runCli(['dry-run', 'Stop', '--json', ...common, '--settings', JSON.stringify(stopHook('inline'))]);
    expect(JSON.parse(inline.stdout).runs.map((run: { id: string; status: string }) => [run.id, run.status])).toEqual([
      ['flag:--settings:inline:Stop:0:0', 'completed'],
    ]);
  });

  it('detects claude from .claude/settings*.json, or from the user settings under $CLAUDE_CONFIG_DIR', () => {
    const box = makeClaudeSandbox();
    expect(detectDialect(box.project, box.home, {})).toBe('openinterpreter');
    box.settings('alt/settings.json', {});
    expect(detectDialect(box.project, box.home, { CLAUDE_CONFIG_DIR: join(box.root, 'alt') })).toBe('claude');
    box.settings('project/.claude/settings.local.json', {});
    expect(detectDialect(box.project, box.home, {})).toBe('claude');
  });
});
