import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../src/index.js';
import { runCli } from '../../helpers/run-cli.js';
import { configWarnings, dispatch, group, hooksFile, oiWorld, prints } from './harness.js';

const sha = (definition: unknown) => `sha256:${createHash('sha256').update(JSON.stringify(definition)).digest('hex')}`;
const warningsOf = async (files: Parameters<typeof oiWorld>[0]) => configWarnings((await oiWorld(files)).engine.warnings);
const commandsOf = async (files: Parameters<typeof oiWorld>[0]) => (await oiWorld(files)).engine.handlers.map((h) => h.command);
const WHOLE_FILE = 'the agent ignores this whole file';

describe('declarations: codex-rs/config/src/hooks_tests.rs', () => {
  // hooks_tests.rs hooks_file_deserializes_existing_json_shape
  it('reads the documented hooks.json shape, description and additionalContextLimit included', async () => {
    const world = await oiWorld({
      projectJson: {
        description: 'Optional stop-time review gate for Codex Companion.',
        hooks: {
          PreToolUse: [
            {
              matcher: '^Bash$',
              hooks: [
                { type: 'command', command: 'python3 /tmp/pre.py', timeout: 10, statusMessage: 'checking', additionalContextLimit: 4096 },
              ],
            },
          ],
        },
      },
    });
    expect(configWarnings(world.engine.warnings)).toEqual([]);
    expect(world.engine.handlers).toEqual([
      expect.objectContaining({
        event: 'PreToolUse',
        command: 'python3 /tmp/pre.py',
        timeoutMs: 10_000,
        statusMessage: 'checking',
        additionalContextLimit: 4096,
      }),
    ]);
  });

  // hooks_tests.rs hooks_file_deserializes_mcp_tool_handler_with_json_inputs
  it('parses an mcp_tool handler, reports it unsupported and skips it; the file stands', async () => {
    const world = await oiWorld({
      projectJson: hooksFile('PostToolUse', {
        matcher: 'Write|Edit',
        hooks: [
          {
            type: 'mcp_tool',
            server: 'security',
            tool: 'scan',
            input: { file_path: '${tool_input.file_path}', optional: null },
            timeout: 30,
            statusMessage: 'Scanning file',
          },
          { type: 'command', command: 'echo kept' },
        ],
      }),
    });
    expect(world.engine.handlers.map((h) => h.command)).toEqual(['echo kept']);
    expect(configWarnings(world.engine.warnings)).toEqual([
      expect.stringContaining('handler type "mcp_tool" is not supported, so this hook is skipped'),
    ]);
  });

  // hooks_tests.rs hooks_file_rejects_events_outside_hooks_object; mod_tests.rs malformed_hooks_json_is_reported_as_startup_warning
  it('events at the top level make the agent ignore the whole file, with a warning naming it', async () => {
    const world = await oiWorld({
      projectJson: { SessionStart: [{ hooks: [{ type: 'command', command: 'python3 /tmp/session_start.py' }] }] },
    });
    expect(world.engine.handlers).toEqual([]);
    expect(configWarnings(world.engine.warnings)).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`\/project\/\.openinterpreter\/hooks\.json:2:3: error: the agent ignores this whole file: ` +
            String.raw`the event "SessionStart" is at the top level, outside "hooks"; make it a key inside "hooks" \(invalid-value\)$`,
        ),
      ),
    ]);
  });

  // hooks_tests.rs hook_events_deserialize_from_toml_arrays_of_tables
  it('reads [[hooks.PreToolUse]] arrays of tables in config.toml', async () => {
    const world = await oiWorld({
      projectToml:
        '[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "python3 /tmp/pre.py"\n' +
        'timeout = 10\nstatusMessage = "checking"\nadditionalContextLimit = 4096\n',
    });
    expect(configWarnings(world.engine.warnings)).toEqual([]);
    expect(world.engine.handlers).toEqual([
      expect.objectContaining({ matcher: expect.objectContaining({ source: '^Bash$' }), timeoutMs: 10_000, additionalContextLimit: 4096 }),
    ]);
  });

  // hooks_tests.rs hooks_toml_deserializes_inline_events_and_state_map (issue 11 item 8)
  it('issue 11 item 8: [hooks.state."…"] in config.toml is the agent\'s own table, accepted silently', async () => {
    const toml =
      '[hooks.state."/tmp/hooks.json:pre_tool_use:0:0"]\nenabled = false\ntrusted_hash = "sha256:abc123"\n\n[[hooks.PreToolUse]]\n' +
      'matcher = "^Bash$"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "python3 /tmp/pre.py"\n';
    expect(await warningsOf({ projectToml: toml })).toEqual([]);
    expect(await commandsOf({ projectToml: toml })).toEqual(['python3 /tmp/pre.py']);
  });

  // discovery.rs toml_hook_discovery_ignores_malformed_state_entries
  it('malformed state entries are ignored and the events still load', async () => {
    const toml =
      '[hooks.state.some_key]\nenabled = "not a bool"\n\n[[hooks.SessionStart]]\n[[hooks.SessionStart.hooks]]\ntype = "command"\n' +
      'command = "echo hello"\n';
    expect(await warningsOf({ userToml: toml })).toEqual([]);
    expect(await commandsOf({ userToml: toml })).toEqual(['echo hello']);
  });

  // hooks_tests.rs managed_hooks_requirements_flatten_hook_events (issue 11 item 8)
  it('issue 11 item 8: managed_dir in the requirements [hooks] table is accepted; its hooks are managed', async () => {
    const world = await oiWorld(
      {
        managedToml:
          '[hooks]\nmanaged_dir = "/enterprise/place"\n\n[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n\n[[hooks.PreToolUse.hooks]]\n' +
          'type = "command"\ncommand = "python3 /enterprise/place/pre.py"\n',
      },
      { trusted: false },
    );
    expect(world.engine.warnings).toEqual([]);
    expect(world.engine.handlers).toEqual([
      expect.objectContaining({
        source: 'managed',
        command: 'python3 /enterprise/place/pre.py',
        trust: expect.objectContaining({ status: 'managed' }),
      }),
    ]);
  });

  // hooks_tests.rs hook_events_deserialize_windows_override_from_toml, …_camel_case_windows_override_from_toml;
  // discovery.rs pre_tool_use_resolves_windows_command_override_during_discovery
  it.each(['command_windows', 'commandWindows'])('%s is a known field; on POSIX the agent runs `command`', async (key) => {
    const toml =
      `[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo unix"\n` +
      `${key} = 'powershell -File C:\\enterprise\\hooks\\pre.ps1'\n`;
    expect(await warningsOf({ projectToml: toml })).toEqual([]);
    const outcome = await dispatch(await oiWorld({ projectToml: toml }), 'PreToolUse');
    expect(outcome.runs.map((r) => r.stdout)).toEqual(['unix\n']);
  });
});

describe(
  'issue 11 item 2: whole-file rejection where the Codex deserializer rejects ' + '(hook_config.rs, discovery.rs load_hooks_json)',
  () => {
    const kept = group('Bash', 'echo in-same-file');
    it.each([
      [
        '"$schema" at the top level',
        { $schema: 'https://unpkg.com/hookctl/schema/openinterpreter/config.json', hooks: { PreToolUse: [kept] } },
        'unknown top-level key "$schema"',
      ],
      ['a handler without type', { hooks: { PreToolUse: [kept, { hooks: [{ command: 'x' }] }] } }, 'this handler has no "type"'],
      [
        'an unknown handler type',
        { hooks: { PreToolUse: [kept, { hooks: [{ type: 'comand', command: 'x' }] }] } },
        '"type" must be one of',
      ],
      [
        'a timeout written as 30.0',
        '{ "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "echo in-same-file" } ] }, ' +
          '{ "hooks": [ { "type": "command", "command": "x", "timeout": 30.0 } ] } ] } }',
        '"timeout" must be written as a whole number, found 30.0',
      ],
      [
        'a negative timeout',
        { hooks: { PreToolUse: [kept, { hooks: [{ type: 'command', command: 'x', timeout: -1 }] }] } },
        '"timeout" must be a whole number of seconds',
      ],
      [
        'async: null',
        { hooks: { PreToolUse: [kept, { hooks: [{ type: 'command', command: 'x', async: null }] }] } },
        '"async" must not be null',
      ],
      [
        'a duplicated event key',
        '{ "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "echo in-same-file" } ] } ], ' +
          '"PreToolUse": [] } }',
        '"PreToolUse" is set twice in this object',
      ],
    ])('%s: nothing in the file runs, and the warning says why', async (_name, content, cause) => {
      const world = await oiWorld({ projectJson: content, userJson: hooksFile('PreToolUse', group('Bash', 'echo other-file')) });
      const outcome = await dispatch(world, 'PreToolUse');
      expect(outcome.runs.map((r) => r.command)).toEqual(['echo other-file']);
      const warning = configWarnings(outcome.warnings).find((w) => w.includes(WHOLE_FILE));
      expect(warning).toContain(`${WHOLE_FILE}: `);
      expect(warning).toContain(cause);
    });

    it('in config.toml the agent ignores every hook of the [hooks] table', async () => {
      const toml =
        '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo a"\ntimeout = 30.0\n\n[[hooks.Stop]]\n' +
        '[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo b"\n';
      const world = await oiWorld({ projectToml: toml });
      expect(world.engine.handlers).toEqual([]);
      expect(configWarnings(world.engine.warnings)).toEqual([
        expect.stringContaining('the agent ignores every hook in this file: "timeout" must be written as a whole number, found 30.0'),
      ]);
    });

    // Codex refuses to start with an invalid requirements file; dropping every managed hook instead would fail open.
    it('a bad managed handler skips only that handler: the rest of the policy keeps running', async () => {
      const toml =
        '[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo bad"\nasync = "yes"\n' +
        '[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo policy"\n';
      const world = await oiWorld({ managedToml: toml }, { trusted: false });
      expect(world.engine.handlers.map((h) => h.command)).toEqual(['echo policy']);
      expect(world.engine.warnings).toEqual([expect.stringContaining('"async" must be true or false')]);
    });

    it("hookctl's own fields are judged alone: a bad onFailure skips only that handler", async () => {
      const world = await oiWorld({
        projectJson: hooksFile('Stop', group(undefined, 'echo kept', { command: 'echo skipped', onFailure: 'explode' })),
      });
      expect(world.engine.handlers.map((h) => h.command)).toEqual(['echo kept']);
    });

    // discovery.rs normalize_command_hook: timeout_sec.unwrap_or(600).max(1)
    it('timeout 0 is raised to 1 second (with a lint warning), not dropped', async () => {
      const world = await oiWorld({ projectJson: hooksFile('Stop', group(undefined, { command: 'echo x', timeout: 0 })) });
      expect(world.engine.handlers.map((h) => h.timeoutMs)).toEqual([1000]);
      expect(configWarnings(world.engine.warnings)).toEqual([
        expect.stringContaining('timeout 0 is raised to 1 second, as the agent does'),
      ]);
    });
  },
);

describe('trust identity: discovery.rs command_hook_hash', () => {
  it('the SPEC 2.7 test vector', async () => {
    const world = await oiWorld({ projectJson: hooksFile('PreToolUse', group('^Bash$', 'echo hello')) });
    expect(world.engine.handlers[0]!.trust.hash).toBe('sha256:63b52e87a8a4caef01cc989b31ad95ce5f4d3470c9a00e8407847e469cd1b31f');
  });

  // discovery.rs supported_events_retain_per_handler_additional_context_limit_and_hash_it (issue 11 item 7);
  // hooks_tests.rs hook_handler_omits_unset_additional_context_limit
  it.each(['PreToolUse', 'PostToolUse', 'SessionStart', 'UserPromptSubmit', 'SubagentStart'])(
    'issue 11 item 7: %s keeps additionalContextLimit and hashes it unless it is the default 2500',
    async (event) => {
      const hashWith = async (limit?: number) => {
        const handler = limit === undefined ? 'echo hello' : { command: 'echo hello', additionalContextLimit: limit };
        const world = await oiWorld({ projectJson: hooksFile(event, group(undefined, handler)) });
        expect(configWarnings(world.engine.warnings)).toEqual([]);
        return world.engine.handlers[0]!.trust.hash;
      };
      const [none, explicitDefault, custom, unlimited] = [
        await hashWith(),
        await hashWith(2500),
        await hashWith(20_000),
        await hashWith(0),
      ];
      expect(explicitDefault).toBe(none);
      expect(custom).not.toBe(none);
      expect(unlimited).not.toBe(none);
      const eventName = event.replace(/(?<=[a-z])([A-Z])/g, '_$1').toLowerCase();
      expect(custom).toBe(
        sha({
          event_name: eventName,
          hooks: [{ additionalContextLimit: 20000, async: false, command: 'echo hello', timeout: 600, type: 'command' }],
        }),
      );
    },
  );

  // discovery.rs unsupported_event_warns_and_ignores_additional_context_limit
  it('on Stop additionalContextLimit is ignored with a warning and left out of the hash', async () => {
    const limited = await oiWorld({
      projectJson: hooksFile('Stop', group(undefined, { command: 'echo hello', additionalContextLimit: 4096 })),
    });
    const plain = await oiWorld({ projectJson: hooksFile('Stop', group(undefined, 'echo hello')) });
    expect(limited.engine.handlers[0]!.trust.hash).toBe(plain.engine.handlers[0]!.trust.hash);
    expect(limited.engine.handlers[0]!.additionalContextLimit).toBeUndefined();
    expect(configWarnings(limited.engine.warnings)).toEqual([
      expect.stringContaining('"additionalContextLimit" is ignored on Stop: this event cannot emit additionalContext'),
    ]);
  });
});

describe('plugins: mod_tests.rs plugin cases (issue 11 item 6)', () => {
  const placeholders = 'printf "%s" "run ${PLUGIN_ROOT} ${CLAUDE_PLUGIN_ROOT} ${PLUGIN_DATA} ${CLAUDE_PLUGIN_DATA}"';

  // mod_tests.rs plugin_hook_sources_expand_plugin_placeholders
  it('substitutes ${PLUGIN_ROOT}, ${CLAUDE_PLUGIN_ROOT}, ${PLUGIN_DATA}, ${CLAUDE_PLUGIN_DATA} and sets all four in the env', async () => {
    const world = await oiWorld({
      plugins: {
        demo: hooksFile(
          'PreToolUse',
          group('Bash', { command: 'run ${PLUGIN_ROOT} ${CLAUDE_PLUGIN_ROOT} ${PLUGIN_DATA} ${CLAUDE_PLUGIN_DATA}', timeout: 5 }),
        ),
      },
    });
    const root = `${world.sandbox.home}/.openinterpreter/plugins/demo`;
    const data = `${world.sandbox.home}/.openinterpreter/plugin-data/demo`;
    expect(world.engine.handlers[0]!.command).toBe(`run ${root} ${root} ${data} ${data}`);
    expect(world.engine.handlers[0]!.env).toEqual({
      PLUGIN_ROOT: root,
      CLAUDE_PLUGIN_ROOT: root,
      PLUGIN_DATA: data,
      CLAUDE_PLUGIN_DATA: data,
    });
  });

  // mod_tests.rs plugin_hook_sources_run_with_plugin_env_and_plugin_source
  it('plugin hooks run with the plugin variables in their environment and source plugin', async () => {
    const env = 'printf \'{"systemMessage":"%s %s"}\' "$PLUGIN_ROOT" "$CLAUDE_PLUGIN_ROOT"';
    const world = await oiWorld({ plugins: { demo: hooksFile('PreToolUse', group('Bash', env)) } });
    const outcome = await dispatch(world, 'PreToolUse');
    const root = `${world.sandbox.home}/.openinterpreter/plugins/demo`;
    expect(outcome.runs[0]).toMatchObject({ source: 'plugin', status: 'completed' });
    expect(outcome.systemMessages).toEqual([`${root} ${root}`]);
  });

  it('the trust hash is taken before substitution, so it does not depend on the home directory', async () => {
    const first = await oiWorld({ plugins: { demo: hooksFile('Stop', group(undefined, placeholders)) } });
    const second = await oiWorld({ plugins: { demo: hooksFile('Stop', group(undefined, placeholders)) } });
    expect(first.sandbox.home).not.toBe(second.sandbox.home);
    expect(first.engine.handlers[0]!.trust.hash).toBe(second.engine.handlers[0]!.trust.hash);
    expect(first.engine.handlers[0]!.trust.hash).toBe(
      sha({ event_name: 'stop', hooks: [{ async: false, command: placeholders, timeout: 600, type: 'command' }] }),
    );
  });
});

describe('layers and policy: codex-rs/hooks/src/engine/mod_tests.rs', () => {
  // mod_tests.rs requirements_managed_hooks_execute_from_managed_dir
  it('managed requirement hooks run without trust, with the payload on stdin', async () => {
    const world = await oiWorld(
      {
        managedToml:
          '[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "cat >&2"\ntimeout = 10\n' +
          'statusMessage = "checking"\n',
      },
      { trusted: false },
    );
    const outcome = await dispatch(world, 'PreToolUse');
    expect(outcome.runs[0]).toMatchObject({ source: 'managed', status: 'completed', skipReason: null });
    expect(JSON.parse(outcome.runs[0]!.stderr)).toMatchObject({ hook_event_name: 'PreToolUse' });
    expect(outcome.blocked).toBe(false);
  });

  // mod_tests.rs requirements_managed_hooks_execute_windows_command_override
  it('on POSIX the managed hook runs `command`, not its Windows override, and its exit code is reported', async () => {
    const world = await oiWorld(
      {
        managedToml:
          '[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "exit 17"\n' +
          'command_windows = "exit /B 19"\n',
      },
      { trusted: false },
    );
    const outcome = await dispatch(world, 'PreToolUse');
    expect(outcome.runs[0]).toMatchObject({ status: 'failed', error: 'hook exited with code 17' });
  });

  // mod_tests.rs requirements_managed_hooks_load_when_managed_dir_is_missing; unknown_requirement_source_hooks_stay_managed
  it('a managed_dir that does not exist does not stop the managed hooks', async () => {
    const world = await oiWorld(
      {
        managedToml:
          '[hooks]\nmanaged_dir = "/nowhere/managed-hooks"\n[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\n' +
          'type = "command"\ncommand = "echo hi"\n',
      },
      { trusted: false },
    );
    expect(world.engine.warnings).toEqual([]);
    expect((await dispatch(world, 'PreToolUse')).runs.map((r) => [r.command, r.status])).toEqual([['echo hi', 'completed']]);
  });

  // mod_tests.rs allow_managed_hooks_only_false_keeps_unmanaged_hooks; allow_managed_hooks_only_in_config_toml_does_not_enable_policy
  it.each([
    ['allow_managed_hooks_only = false in the requirements', { managedToml: 'allow_managed_hooks_only = false\n' }],
    ['allow_managed_hooks_only = true in a user config.toml', { userToml: 'allow_managed_hooks_only = true\n' }],
  ])('%s keeps unmanaged hooks', async (_name, files) => {
    const outcome = await dispatch(
      await oiWorld({ ...files, userJson: hooksFile('PreToolUse', group('^Bash$', 'echo user')) }),
      'PreToolUse',
    );
    expect(outcome.runs.map((r) => [r.command, r.skipReason])).toEqual([['echo user', null]]);
  });

  // mod_tests.rs allow_managed_hooks_only_skips_unmanaged_json_and_toml_hooks, …_skips_unmanaged_plugin_hooks,
  // …_keeps_managed_requirement_and_config_layer_hooks
  it('allow_managed_hooks_only = true holds back user JSON, user TOML and plugin hooks; managed hooks run', async () => {
    const world = await oiWorld({
      managedToml:
        'allow_managed_hooks_only = true\n[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\n' +
        'command = "echo managed"\n',
      userJson: hooksFile('PreToolUse', group('^Bash$', 'echo json')),
      userToml: '[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo toml"\n',
      plugins: { demo: hooksFile('PreToolUse', group('^Bash$', 'echo plugin')) },
    });
    const outcome = await dispatch(world, 'PreToolUse');
    expect(outcome.runs.map((r) => [r.command.replace(/^echo /, ''), r.skipReason])).toEqual([
      ['managed', null],
      ['json', 'managed-only'],
      ['toml', 'managed-only'],
      ['plugin', 'managed-only'],
    ]);
  });

  // mod_tests.rs discovers_hooks_from_json_and_toml_in_the_same_layer
  it("hooks.json and config.toml of one layer both load, JSON first, with the agent's warning", async () => {
    const world = await oiWorld({
      projectJson: hooksFile('PreToolUse', group('^Bash$', 'echo json')),
      projectToml: '[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo toml"\n',
    });
    const outcome = await dispatch(world, 'PreToolUse');
    expect(outcome.runs.map((r) => r.command)).toEqual(['echo json', 'echo toml']);
    const dir = `${world.sandbox.project}/.openinterpreter`;
    expect(configWarnings(outcome.warnings).join('\n')).toContain(
      `loading hooks from both ${dir}/hooks.json and ${dir}/config.toml; prefer a single representation for this layer`,
    );
  });

  // discovery.rs bypass_hook_trust_allows_enabled_untrusted_handlers
  it('bypassing trust runs an untrusted hook, which stays untrusted', async () => {
    const world = await oiWorld({ projectJson: hooksFile('PreToolUse', group('Bash', prints({}))) });
    const outcome = await dispatch(world, 'PreToolUse');
    expect(world.engine.handlers[0]!.trust).toMatchObject({ status: 'untrusted', enabled: true });
    expect(outcome.runs[0]).toMatchObject({ status: 'completed', skipReason: null });
  });

  it('without the bypass an untrusted hook is skipped, never silently', async () => {
    const outcome = await dispatch(
      await oiWorld({ projectJson: hooksFile('PreToolUse', group('Bash', 'echo x')) }, { trusted: false }),
      'PreToolUse',
    );
    expect(outcome.runs[0]).toMatchObject({ status: 'skipped', skipReason: 'untrusted' });
  });

  // discovery.rs bypass_hook_trust_respects_disabled_handlers
  it('bypassing trust does not run a disabled hook', async () => {
    const first = await oiWorld({ projectJson: hooksFile('PreToolUse', group('Bash', { command: 'echo x', id: 'guard' })) });
    const common = ['--cwd', first.sandbox.project, '--home', first.sandbox.home, '--managed', first.managedPath];
    expect((await runCli(['disable', 'guard', ...common])).code).toBe(0);
    await first.engine.close();
    const { createEngine } = await import('../../../src/index.js');
    const engine = (await createEngine({
      dialect: 'openinterpreter',
      cwd: first.sandbox.project,
      home: first.sandbox.home,
      managedConfigPath: first.managedPath,
      bypassTrust: true,
    })) as unknown as Engine;
    const outcome = await dispatch({ ...first, engine }, 'PreToolUse');
    expect(outcome.runs[0]).toMatchObject({ status: 'skipped', skipReason: 'disabled' });
    expect(engine.handlers[0]!.trust).toMatchObject({ status: 'untrusted', enabled: false });
  });

  // mod_tests.rs user_disablement_filters_non_managed_hooks_but_not_managed_hooks
  it('a user can disable a user hook but not a managed one', async () => {
    const world = await oiWorld(
      {
        managedToml:
          '[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo managed"\n' +
          'id = "policy"\n',
        userJson: hooksFile('PreToolUse', group('^Bash$', { command: 'echo user', id: 'mine' })),
      },
      { trusted: false },
    );
    await world.engine.close();
    const common = ['--cwd', world.sandbox.project, '--home', world.sandbox.home, '--managed', world.managedPath];
    const refused = await runCli(['disable', 'policy', ...common]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('managed hooks always run and cannot be disabled');
    expect((await runCli(['disable', 'mine', ...common])).code).toBe(0);
    const listed = JSON.parse((await runCli(['list', '--json', ...common])).stdout) as {
      hooks: { id: string; enabled: boolean; trust: string }[];
    };
    expect(listed.hooks.map((h) => [h.id, h.trust, h.enabled])).toEqual([
      ['policy', 'managed', true],
      ['mine', 'untrusted', false],
    ]);
  });
});
