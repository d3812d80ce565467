import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { configWarnings } from '../family.js';
import { codexSandbox, preToolUse, preToolUseToml } from './sandbox.js';

/**
 * Where Codex finds hooks (SPEC-dialects 9.1): codex-rs/config/src/loader/mod.rs and its tests in
 * codex-rs/core/src/config/config_loader_tests.rs, codex-rs/hooks/src/engine/discovery.rs and
 * engine/mod_tests.rs. Hooks run with trust bypassed unless a case is about trust, so what is
 * asserted is which layers load.
 */
const commands = (outcome: { runs: { command: string; skipReason: string | null }[] }) => outcome.runs.map((run) => run.command);

describe('project layers: codex-rs/core/src/config/config_loader_tests.rs', () => {
  // config_loader_tests.rs project_layers_prefer_closest_cwd
  it('every .codex/ from the project root down to the cwd loads, root first', async () => {
    const box = codexSandbox();
    const child = join(box.project, 'child');
    box.put('project/.codex/hooks.json', preToolUse('echo root'));
    box.put('project/child/.codex/hooks.json', preToolUse('echo child'));
    box.put('project/.git/HEAD', 'ref: refs/heads/main\n');
    box.put('home/.codex/config.toml', box.trustLine(box.project));
    const outcome = await box.dispatch(await box.engine({ cwd: child, bypassTrust: true }), 'PreToolUse', {}, child);
    expect(commands(outcome)).toEqual(['echo root', 'echo child']);
  });

  // Codex 0.169.0 (test/agents/codex/project-root.test.ts): an empty `.git` directory marks nothing.
  it('an empty .git directory is no project root: the cwd is, and its trust key is the cwd', async () => {
    const box = codexSandbox();
    const child = join(box.project, 'child');
    rmSync(join(box.project, '.git', 'HEAD')); // the sandbox's .git holds HEAD; this one is empty
    box.put('project/.codex/hooks.json', preToolUse('echo root'));
    box.put('project/child/.codex/hooks.json', preToolUse('echo child'));
    box.put('home/.codex/config.toml', box.trustLine(child));
    const outcome = await box.dispatch(await box.engine({ cwd: child, bypassTrust: true }), 'PreToolUse', {}, child);
    expect(commands(outcome)).toEqual(['echo child']);
  });

  // config_loader_tests.rs project_layers_disabled_when_untrusted_or_unknown — shown, not silent (SPEC-dialects 9.1 [choice]).
  it.each([
    [
      'unknown',
      '',
      'To load project-local config, hooks, and exec policies, add <project> as a trusted project in <home>/.codex/config.toml.',
    ],
    [
      'marked untrusted',
      'untrusted',
      '<project> is marked as untrusted in <home>/.codex/config.toml. To load project-local config, hooks, and exec policies, ' +
        'mark it trusted.',
    ],
  ])(
    "a project %s loads no hooks: each is a skipped workspace-untrusted run with Codex's reason, even with the trust bypass",
    async (_name, level, reason) => {
      const box = codexSandbox();
      box.put('project/.codex/hooks.json', preToolUse('echo project'));
      box.put('home/.codex/hooks.json', preToolUse('echo user'));
      if (level !== '') box.put('home/.codex/config.toml', box.trustLine(box.project, level));
      const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
      const expected = reason.replaceAll('<project>', box.project).replaceAll('<home>', box.home);
      expect(outcome.runs.map((run) => [run.command, run.status, run.skipReason, run.error])).toEqual([
        ['echo user', 'completed', null, null],
        ['echo project', 'skipped', 'workspace-untrusted', expected],
      ]);
      expect(configWarnings(outcome.warnings)).toEqual([
        expect.stringContaining(
          `info: these hooks never run: the agent loads no config from this project. ${expected} (untrusted-project)`,
        ),
      ]);
    },
  );

  // loader decision_for_dir: the project root, then the repository root, also trusts a nested .codex.
  it('trusting the repository root trusts a .codex/ further down', async () => {
    const box = codexSandbox();
    const child = join(box.project, 'pkg');
    box.put('project/pkg/.codex/hooks.json', preToolUse('echo nested'));
    box.put('home/.codex/config.toml', box.trustLine(box.project));
    expect(commands(await box.dispatch(await box.engine({ cwd: child, bypassTrust: true }), 'PreToolUse', {}, child))).toEqual([
      'echo nested',
    ]);
  });

  // config_loader_tests.rs project_trust_does_not_match_configured_alias_for_canonical_cwd
  it('a trusted symlink alias does not trust the canonical project', async () => {
    const box = codexSandbox();
    const alias = join(box.root, 'alias');
    symlinkSync(box.project, alias);
    box.put('project/.codex/hooks.json', preToolUse('echo project'));
    box.put('home/.codex/config.toml', box.trustLine(alias));
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
    expect(outcome.runs.map((run) => run.skipReason)).toEqual(['workspace-untrusted']);
  });

  // config_loader_tests.rs project_root_markers_supports_alternate_markers
  it('project_root_markers picks another root marker; the walk starts there', async () => {
    const box = codexSandbox();
    const workspace = join(box.project, 'workspace');
    const cwd = join(workspace, 'app');
    box.put('project/workspace/.hg', 'hg');
    box.put('project/.codex/hooks.json', preToolUse('echo above the marker'));
    box.put('project/workspace/.codex/hooks.json', preToolUse('echo at the marker'));
    box.put('project/workspace/app/.codex/hooks.json', preToolUse('echo cwd'));
    box.put('home/.codex/config.toml', `project_root_markers = [".hg"]\n${box.trustLine(workspace)}`);
    const outcome = await box.dispatch(await box.engine({ cwd, bypassTrust: true }), 'PreToolUse', {}, cwd);
    expect(commands(outcome)).toEqual(['echo at the marker', 'echo cwd']);
  });

  // project_root_markers.rs: `[]` disables root detection, so the cwd is the root.
  it('project_root_markers = [] makes the cwd the project root', async () => {
    const box = codexSandbox();
    const cwd = join(box.project, 'app');
    box.put('project/.codex/hooks.json', preToolUse('echo repo'));
    box.put('project/app/.codex/hooks.json', preToolUse('echo cwd'));
    box.put('home/.codex/config.toml', `project_root_markers = []\n${box.trustLine(box.project)}`);
    expect(commands(await box.dispatch(await box.engine({ cwd, bypassTrust: true }), 'PreToolUse', {}, cwd))).toEqual(['echo cwd']);
  });

  // config_loader_tests.rs nested_project_root_markers_do_not_redirect_regular_repo_hooks
  it('a nested marker in a regular checkout only moves the root; hooks stay where they are', async () => {
    const box = codexSandbox();
    const projectRoot = join(box.project, 'project');
    const nested = join(projectRoot, 'child');
    box.put('project/project/.hg', 'hg');
    box.put('project/.codex/config.toml', preToolUseToml('echo repo root hook'));
    box.put('project/project/.codex/config.toml', preToolUseToml('echo project root hook'));
    box.put('project/project/child/.codex/config.toml', preToolUseToml('echo nested hook'));
    box.put('home/.codex/config.toml', `project_root_markers = [".hg"]\n${box.trustLine(projectRoot)}`);
    const outcome = await box.dispatch(await box.engine({ cwd: nested, bypassTrust: true }), 'PreToolUse', {}, nested);
    expect(commands(outcome)).toEqual(['echo project root hook', 'echo nested hook']);
  });

  // config_loader_tests.rs project_layer_is_added_when_dot_codex_exists_without_config_toml
  it('a .codex/ with only hooks.json is a project layer', async () => {
    const box = codexSandbox();
    box.put('project/.codex/hooks.json', preToolUse('echo json only'));
    box.put('home/.codex/config.toml', box.trustLine(box.project));
    expect(commands(await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse'))).toEqual(['echo json only']);
  });

  // config_loader_tests.rs codex_home_is_not_loaded_as_project_layer_from_home_dir, codex_home_within_project_tree_is_not_double_loaded
  it('the Codex home is never also a project layer', async () => {
    const box = codexSandbox();
    box.put('home/.codex/hooks.json', preToolUse('echo user'));
    box.put('home/.codex/config.toml', box.trustLine(box.home));
    mkdirSync(join(box.home, '.git'));
    const outcome = await box.dispatch(await box.engine({ cwd: box.home, bypassTrust: true }), 'PreToolUse', {}, box.home);
    expect(outcome.runs.map((run) => [run.command, run.source])).toEqual([['echo user', 'user']]);
  });

  // config_loader_tests.rs invalid_project_config_ignored_when_untrusted_or_unknown
  it('a broken config.toml of an untrusted project runs nothing and breaks nothing else', async () => {
    const box = codexSandbox();
    box.put('project/.codex/config.toml', 'foo =');
    box.put('home/.codex/hooks.json', preToolUse('echo user'));
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
    expect(commands(outcome)).toEqual(['echo user']);
  });
});

describe('linked git worktrees: codex-rs/core/src/config/config_loader_tests.rs', () => {
  /** A repository with a linked worktree (`.git` file pointing into `<repo>/.git/worktrees/`). */
  function worktree() {
    const box = codexSandbox();
    const repo = join(box.root, 'repo');
    const tree = join(box.root, 'worktree');
    mkdirSync(join(repo, '.git', 'worktrees', 'feature-x'), { recursive: true });
    box.put('worktree/.git', `gitdir: ${join(repo, '.git', 'worktrees', 'feature-x')}\n`);
    // The back-link `git worktree add` writes; without it the worktree is not one git accepts (issue 22).
    box.put('repo/.git/worktrees/feature-x/gitdir', `${join(tree, '.git')}\n`);
    return { box, repo, tree };
  }

  // config_loader_tests.rs linked_worktree_project_layers_keep_worktree_config_but_use_root_repo_hooks
  it("a worktree runs the root checkout's hooks, layer by layer, and keeps its own other settings", async () => {
    const { box, repo, tree } = worktree();
    const child = join(tree, 'child');
    box.put('repo/.codex/config.toml', `foo = "repo-root"\n\n${preToolUseToml('echo repo root hook')}`);
    box.put('repo/child/.codex/config.toml', `foo = "repo-child"\n\n${preToolUseToml('echo repo child hook')}`);
    box.put('worktree/.codex/config.toml', `foo = "worktree-root"\n\n${preToolUseToml('echo worktree root hook')}`);
    box.put('worktree/child/.codex/config.toml', `[features]\nhooks = true\n\n${preToolUseToml('echo worktree child hook')}`);
    box.put('home/.codex/config.toml', box.trustLine(repo));
    const engine = await box.engine({ cwd: child, bypassTrust: true });
    expect(engine.handlers.map((handler) => handler.file)).toEqual([
      join(repo, '.codex/config.toml'),
      join(repo, 'child/.codex/config.toml'),
    ]);
    expect(commands(await box.dispatch(engine, 'PreToolUse', {}, child))).toEqual(['echo repo root hook', 'echo repo child hook']);
  });

  // config_loader_tests.rs linked_worktree_project_layers_use_root_repo_hooks_without_worktree_config_toml
  it("the root checkout's hooks.json too, with no config.toml in the worktree", async () => {
    const { box, repo, tree } = worktree();
    mkdirSync(join(tree, '.codex'), { recursive: true });
    box.put('repo/.codex/hooks.json', preToolUse('echo repo root hook'));
    box.put('home/.codex/config.toml', box.trustLine(repo));
    expect(commands(await box.dispatch(await box.engine({ cwd: tree, bypassTrust: true }), 'PreToolUse', {}, tree))).toEqual([
      'echo repo root hook',
    ]);
  });

  // config_loader_tests.rs malformed_untrusted_linked_worktree_does_not_read_root_hooks
  it("an untrusted worktree runs none of the root checkout's hooks", async () => {
    const { box, repo, tree } = worktree();
    box.put('worktree/.codex/config.toml', 'foo =');
    box.put('repo/.codex/hooks.json', preToolUse('echo repo root hook'));
    box.put('home/.codex/config.toml', box.trustLine(repo, 'untrusted'));
    const outcome = await box.dispatch(await box.engine({ cwd: tree, bypassTrust: true }), 'PreToolUse', {}, tree);
    expect(outcome.runs.map((run) => [run.command, run.skipReason])).toEqual([['echo repo root hook', 'workspace-untrusted']]);
  });
});

describe('user and managed layers (SPEC-dialects 9.1)', () => {
  // utils/home-dir/src/lib.rs find_codex_home: $CODEX_HOME replaces ~/.codex.
  it('$CODEX_HOME moves the user layer', async () => {
    const box = codexSandbox();
    const moved = join(box.root, 'elsewhere');
    box.put('elsewhere/hooks.json', preToolUse('echo moved'));
    box.put('home/.codex/hooks.json', preToolUse('echo default home'));
    const outcome = await box.dispatch(
      await box.engine({ env: { PATH: process.env.PATH, CODEX_HOME: moved }, bypassTrust: true }),
      'PreToolUse',
    );
    expect(outcome.runs.map((run) => [run.command, run.source])).toEqual([['echo moved', 'user']]);
  });

  // discovery.rs discover_handlers order; hook_metadata_for_config_layer_source_discards_source_details:
  // requirements, system hooks.json and config.toml, user, project, session flags, legacy managed_config.toml, plugins.
  it("every layer in Codex's order, each with its source", async () => {
    const box = codexSandbox();
    box.put('etc/requirements.toml', preToolUseToml('echo requirements'));
    box.put('etc/hooks.json', preToolUse('echo system json'));
    box.put('etc/config.toml', preToolUseToml('echo system toml'));
    box.put('home/.codex/hooks.json', preToolUse('echo user json'));
    box.put(
      'home/.codex/config.toml',
      `${box.trustLine(box.project)}\n[plugins."demo@test"]\nenabled = true\n\n${preToolUseToml('echo user toml')}`,
    );
    box.put('project/.codex/hooks.json', preToolUse('echo project json'));
    box.put('project/.codex/config.toml', preToolUseToml('echo project toml'));
    box.put('etc/managed_config.toml', preToolUseToml('echo legacy managed'));
    box.put('home/.codex/plugins/cache/test/demo/local/.codex-plugin/plugin.json', { name: 'demo' });
    box.put('home/.codex/plugins/cache/test/demo/local/hooks/hooks.json', preToolUse('echo plugin'));
    const session = 'hooks.PreToolUse=[{ matcher = "Bash", hooks = [{ type = "command", command = "echo session" }] }]';
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true, configOverrides: [session] }), 'PreToolUse');
    expect(outcome.runs.map((run) => [run.command.slice(5), run.source])).toEqual([
      ['requirements', 'managed'],
      ['system json', 'managed'],
      ['system toml', 'managed'],
      ['user json', 'user'],
      ['user toml', 'user'],
      ['project json', 'project'],
      ['project toml', 'project'],
      ['session', 'session'],
      ['legacy managed', 'managed'],
      ['plugin', 'plugin'],
    ]);
    expect(outcome.runs[7]!.id).toBe('/<session-flags>/config.toml:pre_tool_use:0:0');
    expect(outcome.runs[9]!.id).toBe('demo@test:hooks/hooks.json:pre_tool_use:0:0');
  });

  // mod_tests.rs requirements_managed_hooks_execute_from_managed_dir; discovery.rs managed_hooks_source_path
  it('managed hooks need no trust; their key source is managed_dir when it is absolute', async () => {
    const box = codexSandbox();
    box.put('etc/requirements.toml', `[hooks]\nmanaged_dir = "/enterprise/hooks"\n\n${preToolUseToml('cat >&2')}`);
    const engine = await box.engine();
    expect(engine.handlers.map((h) => [h.id, h.trust.status])).toEqual([['/enterprise/hooks:pre_tool_use:0:0', 'managed']]);
    const outcome = await box.dispatch(engine, 'PreToolUse');
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', skipReason: null });
    expect(JSON.parse(outcome.runs[0]!.stderr)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash' });
  });

  // mod_tests.rs user_disablement_does_not_filter_managed_layer_hooks
  it('a user cannot disable a hook of the legacy managed_config.toml layer', async () => {
    const box = codexSandbox();
    const legacy = box.put('etc/managed_config.toml', preToolUseToml('echo managed layer'));
    box.put('home/.codex/config.toml', `[hooks.state."${legacy}:pre_tool_use:0:0"]\nenabled = false\n`);
    const engine = await box.engine();
    expect(engine.handlers.map((h) => [h.id, h.source, h.trust.status, h.trust.enabled])).toEqual([
      [`${legacy}:pre_tool_use:0:0`, 'managed', 'managed', true],
    ]);
    expect((await box.dispatch(engine, 'PreToolUse')).runs[0]!.status).toBe('completed');
  });

  // mod_tests.rs allow_managed_hooks_only_skips_unmanaged_json_and_toml_hooks, …_skips_unmanaged_plugin_hooks,
  // …_keeps_managed_requirement_and_config_layer_hooks
  it('allow_managed_hooks_only holds back user, project, session and plugin hooks; every managed layer runs', async () => {
    const box = codexSandbox();
    box.put('etc/requirements.toml', `allow_managed_hooks_only = true\n${preToolUseToml('echo requirements')}`);
    box.put('etc/hooks.json', preToolUse('echo system'));
    box.put('etc/managed_config.toml', preToolUseToml('echo legacy'));
    box.put('home/.codex/hooks.json', preToolUse('echo user'));
    box.put('home/.codex/config.toml', `${box.trustLine(box.project)}\n[plugins."demo@test"]\n`);
    box.put('project/.codex/hooks.json', preToolUse('echo project'));
    box.put('home/.codex/plugins/cache/test/demo/1.0.0/.codex-plugin/plugin.json', { name: 'demo' });
    box.put('home/.codex/plugins/cache/test/demo/1.0.0/hooks/hooks.json', preToolUse('echo plugin'));
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
    expect(outcome.runs.map((run) => [run.command.slice(5), run.skipReason])).toEqual([
      ['requirements', null],
      ['system', null],
      ['user', 'managed-only'],
      ['project', 'managed-only'],
      ['legacy', null],
      ['plugin', 'managed-only'],
    ]);
  });

  // mod_tests.rs allow_managed_hooks_only_in_config_toml_does_not_enable_policy;
  // config_loader_tests.rs top_level_allow_managed_hooks_only_in_user_config_does_not_enable_requirements_policy,
  // hooks_allow_managed_hooks_only_in_user_config_does_not_enable_requirements_policy
  it.each([
    ['at the top level', 'allow_managed_hooks_only = true\n'],
    ['under [hooks]', '[hooks]\nallow_managed_hooks_only = true\n'],
  ])('allow_managed_hooks_only in a user config.toml %s does nothing', async (_name, toml) => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', toml);
    box.put('home/.codex/hooks.json', preToolUse('echo user'));
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
    expect(outcome.runs.map((run) => [run.command, run.skipReason])).toEqual([['echo user', null]]);
  });

  // mod_tests.rs discovers_hooks_from_json_and_toml_in_the_same_layer; discovery.rs the warning text
  it("hooks.json and config.toml of one layer both load, JSON first, with Codex's warning", async () => {
    const box = codexSandbox();
    box.put('home/.codex/hooks.json', preToolUse('echo json'));
    box.put('home/.codex/config.toml', preToolUseToml('echo toml'));
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
    expect(commands(outcome)).toEqual(['echo json', 'echo toml']);
    expect(configWarnings(outcome.warnings)).toEqual([
      expect.stringContaining(
        `loading hooks from both ${box.codexHome}/hooks.json and ${box.codexHome}/config.toml; ` +
          'prefer a single representation for this layer',
      ),
    ]);
  });
});

describe('[features] hooks (SPEC-dialects 9.1; codex-rs/features, core/src/config/managed_features.rs)', () => {
  const setUp = (files: Record<string, string>) => {
    const box = codexSandbox();
    box.put('etc/requirements.toml', preToolUseToml('echo managed'));
    box.put('home/.codex/hooks.json', preToolUse('echo user'));
    for (const [path, content] of Object.entries(files)) box.put(path, content);
    return box;
  };

  // features/src/lib.rs: the feature is stable and on by default; off means no hook runs, managed ones included.
  it('hooks = false in the user config turns every hook off, managed ones too (difference from openinterpreter)', async () => {
    const box = setUp({ 'home/.codex/config.toml': '[features]\nhooks = false\n' });
    const engine = await box.engine({ bypassTrust: true });
    expect(engine.enabled).toBe(false);
    expect((await box.dispatch(engine, 'PreToolUse')).runs).toEqual([]);
  });

  // features/src/legacy.rs: `codex_hooks` is the legacy name of the feature.
  it('the legacy key codex_hooks = false does the same', async () => {
    const engine = await setUp({ 'home/.codex/config.toml': '[features]\ncodex_hooks = false\n' }).engine();
    expect(engine.enabled).toBe(false);
  });

  it("a trusted project's config.toml wins over the user's; an untrusted project's counts for nothing", async () => {
    const trusted = setUp({
      'home/.codex/config.toml': '[features]\nhooks = false\n',
      'project/.codex/config.toml': '[features]\nhooks = true\n',
    });
    trusted.put('home/.codex/config.toml', `[features]\nhooks = false\n\n${trusted.trustLine(trusted.project)}`);
    expect((await trusted.engine()).enabled).toBe(true);
    const untrusted = setUp({ 'project/.codex/config.toml': '[features]\nhooks = false\n' });
    expect((await untrusted.engine()).enabled).toBe(true);
  });

  // managed_features.rs: a feature in the requirements pins it; the config cannot change it.
  it('[features] hooks in the requirements pins the feature', async () => {
    const on = setUp({
      'etc/requirements.toml': `[features]\nhooks = true\n\n${preToolUseToml('echo managed')}`,
      'home/.codex/config.toml': '[features]\nhooks = false\n',
    });
    expect((await on.engine()).enabled).toBe(true);
    const off = setUp({ 'etc/requirements.toml': `[features]\nhooks = false\n\n${preToolUseToml('echo managed')}` });
    expect((await off.engine()).enabled).toBe(false);
  });

  it('the --config session layer sets it too', async () => {
    expect((await setUp({}).engine({ configOverrides: ['features.hooks=false'] })).enabled).toBe(false);
  });
});

describe('plugins: codex-rs/core-plugins/src/loader.rs, codex-rs/hooks/src/engine/mod_tests.rs', () => {
  const install = (box: ReturnType<typeof codexSandbox>, version: string, manifest: unknown, files: Record<string, unknown> = {}) => {
    const root = `home/.codex/plugins/cache/test/demo/${version}`;
    if (manifest !== undefined) box.put(`${root}/.codex-plugin/plugin.json`, manifest);
    for (const [path, content] of Object.entries(files)) box.put(`${root}/${path}`, content);
    return join(box.root, root);
  };

  // mod_tests.rs plugin_hook_sources_expand_plugin_placeholders, plugin_hook_sources_run_with_plugin_env_and_plugin_source
  it('a plugin hook gets the four variables, in the command and in its environment', async () => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', '[plugins."demo@test"]\nenabled = true\n');
    const root = install(
      box,
      'local',
      { name: 'demo' },
      { 'hooks/hooks.json': preToolUse('printf "%s|%s" "${PLUGIN_ROOT}" "$CLAUDE_PLUGIN_DATA"') },
    );
    const data = join(box.codexHome, 'plugins/data/demo-test');
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
    expect(outcome.runs[0]).toMatchObject({ source: 'plugin', status: 'completed', stdout: `${root}|${data}` });
  });

  // store.rs active_plugin_version: `local` wins, else the highest version.
  it('the highest installed version is used; `local` wins over any', async () => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', '[plugins."demo@test"]\n');
    install(box, '1.2.0', { name: 'demo' }, { 'hooks/hooks.json': preToolUse('echo 1.2.0') });
    install(box, '1.10.0', { name: 'demo' }, { 'hooks/hooks.json': preToolUse('echo 1.10.0') });
    expect(commands(await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse'))).toEqual(['echo 1.10.0']);
    install(box, 'local', { name: 'demo' }, { 'hooks/hooks.json': preToolUse('echo local') });
    expect(commands(await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse'))).toEqual(['echo local']);
  });

  // loader.rs load_plugin_hooks: manifest `hooks` paths (keyed by their relative path) and inline objects.
  it('manifest hooks entries replace hooks/hooks.json: paths and inline objects, each with its own key', async () => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', '[plugins."demo@test"]\n');
    install(
      box,
      'local',
      { name: 'demo', hooks: './config/extra.json' },
      { 'config/extra.json': preToolUse('echo by path'), 'hooks/hooks.json': preToolUse('echo default') },
    );
    expect((await box.engine()).handlers.map((h) => h.id)).toEqual(['demo@test:config/extra.json:pre_tool_use:0:0']);
    install(box, 'local', { name: 'demo', hooks: [preToolUse('echo inline a'), preToolUse('echo inline b')] });
    const engine = await box.engine();
    expect(engine.handlers.map((h) => [h.id, h.command])).toEqual([
      ['demo@test:plugin.json#hooks[0]:pre_tool_use:0:0', 'echo inline a'],
      ['demo@test:plugin.json#hooks[1]:pre_tool_use:0:0', 'echo inline b'],
    ]);
    await engine.close();
  });

  // manifest.rs resolve_manifest_path: a path must start with ./ and stay in the plugin; one that does
  // not is ignored with a warning, and a `hooks` entry that leaves no path behind is as good as none
  // (resolve_manifest_hooks returns None): loader.rs load_plugin_hooks then reads hooks/hooks.json.
  it.each([
    [
      'a path that leaves the plugin',
      '../../../../hooks.json',
      'ignoring hooks "../../../../hooks.json": path must start with `./` relative to plugin root',
    ],
    ['a path with ..', './x/../../hooks.json', `ignoring hooks "./x/../../hooks.json": path must not contain '..'`],
    ['a list of unusable paths', ['./', './/abs.json'], 'ignoring hooks "./": path must not be `./`'],
    ['a value of another kind', 7, 'ignoring hooks: expected a string, string array, object, or object array; found number'],
  ])('%s is ignored with a warning, and hooks/hooks.json is read instead', async (_name, hooks, warning) => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', '[plugins."demo@test"]\n');
    install(box, 'local', { name: 'demo', hooks }, { 'hooks/hooks.json': preToolUse('echo default') });
    box.put('home/.codex/plugins/cache/hooks.json', preToolUse('echo outside'));
    const engine = await box.engine();
    expect(engine.handlers.map((handler) => handler.command)).toEqual(['echo default']);
    expect(engine.warnings).toContainEqual(expect.stringContaining(`${warning} (plugin-discovery)`));
    await engine.close();
  });

  // loader.rs append_plugin_hook_file: a path that resolves but cannot be read is a startup warning
  // in Codex's words; the default hooks file is not read instead (the manifest named its files).
  it('a manifest path that does not exist: a warning naming the manifest and the path, in list, dry-run and the outcome', async () => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', '[plugins."demo@test"]\n');
    const root = install(
      box,
      'local',
      { name: 'demo', hooks: ['./hooks/one.json', './hooks/missing.json'] },
      {
        'hooks/one.json': preToolUse('echo one'),
        'hooks/hooks.json': preToolUse('echo default'),
      },
    );
    const manifest = join(root, '.codex-plugin', 'plugin.json');
    const warning =
      `${manifest}:5:5: warning: failed to read plugin hooks config ${join(root, 'hooks', 'missing.json')}: ` +
      'No such file or directory (os error 2) (plugin-discovery)';
    const outcome = await box.dispatch(await box.engine({ bypassTrust: true }), 'PreToolUse');
    expect(commands(outcome)).toEqual(['echo one']);
    expect(outcome.warnings).toContain(warning);
    const list = await box.cli('list', '--cwd', box.project);
    expect(list.stderr).toContain(`hookctl: ${warning}`);
    const dryRun = await box.cli('dry-run', 'PreToolUse', '--json', '--cwd', box.project);
    expect(JSON.parse(dryRun.stdout).warnings).toContain(warning);
  });

  // A named file that appears later is what Codex reads on its next start: with watch, hookctl reloads.
  it('a manifest path that does not exist yet loads once the file appears (watch)', async () => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', '[plugins."demo@test"]\n');
    install(box, 'local', { name: 'demo', hooks: ['./hooks/later.json'] }, { 'hooks/hooks.json': preToolUse('echo default') });
    const engine = await box.engine({ bypassTrust: true, watch: true });
    expect(engine.handlers).toEqual([]);
    box.put('home/.codex/plugins/cache/test/demo/local/hooks/later.json', preToolUse('echo later'));
    for (let waited = 0; engine.handlers.length === 0; waited += 20) {
      if (waited > 20_000) throw new Error('timed out waiting for the named hooks file to load');
      await sleep(20);
    }
    expect(engine.handlers.map((handler) => handler.command)).toEqual(['echo later']);
    await engine.close();
  });

  // loader.rs load_plugin: no manifest, not enabled, or not installed: no hooks.
  it.each([
    ['without a manifest', '[plugins."demo@test"]\n', undefined],
    ['disabled', '[plugins."demo@test"]\nenabled = false\n', { name: 'demo' }],
    ['named without a marketplace', '[plugins.demo]\n', { name: 'demo' }],
  ])('a plugin %s contributes no hooks', async (_name, toml, manifest) => {
    const box = codexSandbox();
    box.put('home/.codex/config.toml', toml);
    install(box, 'local', manifest, { 'hooks/hooks.json': preToolUse('echo plugin') });
    expect((await box.engine()).handlers).toEqual([]);
  });
});

describe('the --config session layer (SPEC-dialects 9.1 [choice]; codex-rs/utils/cli/src/config_override.rs)', () => {
  it('a dotted key sets nested tables; a value that is not TOML is taken as text', async () => {
    const box = codexSandbox();
    const engine = await box.engine({
      bypassTrust: true,
      configOverrides: [
        'hooks.Stop=[{ hooks = [{ type = "command", command = "echo first" }] }]',
        'hooks.Stop=[{ hooks = [{ type = "command", command = "echo second", timeout = 7 }] }]',
      ],
    });
    expect(engine.handlers.map((h) => [h.source, h.command, h.timeoutMs])).toEqual([['session', 'echo second', 7000]]);
    await engine.close();
  });

  it('a flag without "=" is a usage error naming it', async () => {
    const box = codexSandbox();
    await expect(box.engine({ configOverrides: ['hooks.Stop'] })).rejects.toThrow('--config hooks.Stop: expected key=value');
  });
});
