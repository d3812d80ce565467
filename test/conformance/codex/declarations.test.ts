import { describe, expect, it } from 'vitest';
import { configWarnings, familyKit, group, hooksFile } from '../family.js';

/**
 * The hooks file format (SPEC-dialects 9.2): codex-rs/config/src/hooks_tests.rs and hook_config.rs,
 * codex-rs/hooks/src/engine/discovery.rs. codex reads files as openinterpreter does (whole-file
 * rejection, reserved `[hooks]` keys), without hookctl's `id` and `onFailure`.
 */
const { world, dispatch } = familyKit('codex');
const handlers = async (files: Parameters<typeof world>[0]) => {
  const target = await world(files);
  await target.engine.close();
  return { handlers: target.engine.handlers, warnings: configWarnings(target.engine.warnings) };
};
const WHOLE_FILE = 'the agent ignores this whole file';

describe('declarations: codex-rs/config/src/hooks_tests.rs', () => {
  // hooks_tests.rs hooks_file_deserializes_existing_json_shape
  it('reads the documented hooks.json shape, description and additionalContextLimit included', async () => {
    const { handlers: loaded, warnings } = await handlers({
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
    expect(warnings).toEqual([]);
    expect(loaded).toEqual([
      expect.objectContaining({
        event: 'PreToolUse',
        command: 'python3 /tmp/pre.py',
        timeoutMs: 10_000,
        statusMessage: 'checking',
        additionalContextLimit: 4096,
      }),
    ]);
  });

  // hooks_tests.rs hooks_file_deserializes_mcp_tool_handler_with_json_inputs; discovery.rs "skipping MCP tool hook"
  it('parses an mcp_tool handler, reports it unsupported and skips it; the file stands', async () => {
    const { handlers: loaded, warnings } = await handlers({
      projectJson: hooksFile('PostToolUse', {
        matcher: 'Write|Edit',
        hooks: [
          { type: 'mcp_tool', server: 'security', tool: 'scan', input: { file_path: '${tool_input.file_path}' }, timeout: 30 },
          { type: 'command', command: 'echo kept' },
        ],
      }),
    });
    expect(loaded.map((h) => [h.command, h.id.slice(-17)])).toEqual([['echo kept', 'post_tool_use:0:1']]);
    expect(warnings).toEqual([expect.stringContaining('handler type "mcp_tool" is not supported, so this hook is skipped')]);
  });

  // hooks_tests.rs hooks_file_rejects_events_outside_hooks_object
  it('events at the top level make Codex ignore the whole file', async () => {
    const { handlers: loaded, warnings } = await handlers({
      projectJson: { SessionStart: [{ hooks: [{ type: 'command', command: 'python3 /tmp/session_start.py' }] }] },
    });
    expect(loaded).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining(`${WHOLE_FILE}: the event "SessionStart" is at the top level, outside "hooks"`)]);
  });

  // hooks_tests.rs hook_events_deserialize_from_toml_arrays_of_tables, hooks_toml_deserializes_inline_events_and_state_map
  it('reads [[hooks.PreToolUse]] tables beside the [hooks.state] table', async () => {
    const { handlers: loaded, warnings } = await handlers({
      projectToml:
        '[hooks.state."/tmp/hooks.json:pre_tool_use:0:0"]\nenabled = false\n\n[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n\n' +
        '[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "python3 /tmp/pre.py"\n',
    });
    expect(warnings).toEqual([]);
    expect(loaded.map((h) => h.command)).toEqual(['python3 /tmp/pre.py']);
  });

  // hooks_tests.rs managed_hooks_requirements_flatten_hook_events
  it('the requirements [hooks] table takes managed_dir beside its events', async () => {
    const target = await world(
      {
        managedToml:
          '[hooks]\nmanaged_dir = "/enterprise/place"\n\n[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n\n[[hooks.PreToolUse.hooks]]\n' +
          'type = "command"\ncommand = "python3 /enterprise/place/pre.py"\n',
      },
      { trusted: false },
    );
    expect(target.engine.warnings).toEqual([]);
    expect(target.engine.handlers.map((h) => [h.source, h.trust.status])).toEqual([['managed', 'managed']]);
    await target.engine.close();
  });

  // hooks_tests.rs hook_events_deserialize_windows_override_from_toml, …_camel_case_windows_override_from_toml;
  // discovery.rs pre_tool_use_resolves_windows_command_override_during_discovery
  it.each(['command_windows', 'commandWindows'])('%s is known; on POSIX Codex runs `command`', async (key) => {
    const toml =
      `[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "echo unix"\n` +
      `${key} = 'powershell -File C:\\hooks\\pre.ps1'\n`;
    const outcome = await dispatch(await world({ projectToml: toml }), 'PreToolUse');
    expect(configWarnings(outcome.warnings)).toEqual([]);
    expect(outcome.runs.map((r) => r.stdout)).toEqual(['unix\n']);
  });

  // hooks_tests.rs hook_handler_omits_unset_additional_context_limit; discovery.rs
  // supported_events_retain_per_handler_additional_context_limit_and_hash_it, unsupported_event_warns_and_ignores_additional_context_limit
  it(
    'additionalContextLimit: kept and hashed on the five context events (2500 is the default), ' + 'ignored with a warning elsewhere',
    async () => {
      const hash = async (event: string, limit?: number) =>
        (
          await handlers({
            projectJson: hooksFile(
              event,
              group(undefined, limit === undefined ? 'echo hello' : { command: 'echo hello', additionalContextLimit: limit }),
            ),
          })
        ).handlers[0]!.trust.hash;
      expect(await hash('SessionStart', 2500)).toBe(await hash('SessionStart'));
      expect(await hash('SessionStart', 0)).not.toBe(await hash('SessionStart'));
      const stop = await handlers({
        projectJson: hooksFile('Stop', group(undefined, { command: 'echo hello', additionalContextLimit: 4096 })),
      });
      expect(stop.handlers[0]!.additionalContextLimit).toBeUndefined();
      expect(stop.warnings).toEqual([
        expect.stringContaining('"additionalContextLimit" is ignored on Stop: this event cannot emit additionalContext'),
      ]);
    },
  );
});

describe('what Codex rejects and ignores (SPEC-dialects 9.2, 9.9 item 5)', () => {
  const kept = group('Bash', 'echo in-same-file');
  it.each([
    [
      '"$schema" at the top level',
      { $schema: 'https://unpkg.com/hookctl/schema/codex/config.json', hooks: { PreToolUse: [kept] } },
      'unknown top-level key "$schema"',
    ],
    ['a handler without type', { hooks: { PreToolUse: [kept, { hooks: [{ command: 'x' }] }] } }, 'this handler has no "type"'],
    [
      'a negative timeout',
      { hooks: { PreToolUse: [kept, { hooks: [{ type: 'command', command: 'x', timeout: -1 }] }] } },
      '"timeout" must be a whole number of seconds',
    ],
    [
      'a fractional timeout',
      '{ "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "echo in-same-file" } ] }, ' +
        '{ "hooks": [ { "type": "command", "command": "x", "timeout": 1.5 } ] } ] } }',
      '"timeout" must be a whole number of seconds',
    ],
    [
      'a timeout above 2^63 − 1',
      '{ "hooks": { "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "command", "command": "x", ' +
        '"timeout": 9223372036854775808 } ] } ] } }',
      '"timeout" must be at most 9223372036854775807',
    ],
  ])('%s: nothing in the file runs, and the warning says why', async (_name, content, cause) => {
    const outcome = await dispatch(
      await world({ projectJson: content, userJson: hooksFile('PreToolUse', group('Bash', 'echo other-file')) }),
      'PreToolUse',
    );
    expect(outcome.runs.map((r) => r.command)).toEqual(['echo other-file']);
    const warning = configWarnings(outcome.warnings).find((w) => w.includes(WHOLE_FILE));
    expect(warning).toContain(cause);
  });

  // SPEC-dialects 9.9 item 5: no `id`, no `onFailure`; Codex ignores them as unknown handler keys.
  it(
    'difference from openinterpreter: id and onFailure are unknown keys, ignored with a warning; ' + 'the hook keeps its positional key',
    async () => {
      const { handlers: loaded, warnings } = await handlers({
        projectJson: hooksFile('Stop', group(undefined, { command: 'exit 1', id: 'guard', onFailure: 'abort' })),
      });
      expect(loaded.map((h) => [h.id.replace(/^.*\/project\//, ''), h.onFailure])).toEqual([['.codex/hooks.json:stop:0:0', 'continue']]);
      expect(warnings).toEqual([
        expect.stringMatching(/warning: unknown key "id" in a handler is ignored/),
        expect.stringMatching(/warning: unknown key "onFailure" in a handler is ignored/),
      ]);
    },
  );

  // hook_config.rs HookEventsToml: unknown event names are not fields, so Codex skips them silently; hookctl says so.
  it('an unknown event is ignored, the rest of the file runs, and the warning suggests the name', async () => {
    const { handlers: loaded, warnings } = await handlers({
      projectJson: { hooks: { PreToolUze: [kept], Stop: [group(undefined, 'echo stop')] } },
    });
    expect(loaded.map((h) => h.command)).toEqual(['echo stop']);
    expect(warnings).toEqual([expect.stringMatching(/: warning: unknown codex event "PreToolUze": .*; did you mean "PreToolUse"\?/)]);
  });

  // discovery.rs "skipping empty hook command": the blank handler is skipped, its index used up.
  it('a blank command is skipped; the next handler keeps its index', async () => {
    const { handlers: loaded } = await handlers({ projectJson: hooksFile('Stop', group(undefined, '  ', 'echo two')) });
    expect(loaded.map((h) => h.id.slice(-8))).toEqual(['stop:0:1']);
  });
});
