import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createStrictAjv } from '../../src/codegen/strict-ajv.js';
import { eventFileStem } from '../../src/contracts/schema-files.js';
import { CLAUDE_EVENTS as CLAUDE_MANIFEST_EVENTS } from '../../src/dialects/claude/events.js';
import { CLAUDE_TOOL_INPUTS, toolFileStem } from '../../src/dialects/claude/tool-inputs.js';

/**
 * The `claude` and `codex` schemas (SPEC-dialects §8, §9) before the dialects are wired in: every file
 * compiles in the strict ajv the generator uses, every documented or agent-tested payload under
 * test/fixtures/<dialect>/ validates against its event's schema, and typical mistakes are rejected
 * with the error keyword the engine relies on (an unknown key is `additionalProperties`, which the
 * claude engine reads as a warning; anything else is a schema failure).
 */

type Json = Record<string, unknown>;
const ROOT = join(import.meta.dirname, '../..');

// Claude Code's events from the claude manifest (test/contracts/claude-sdk-parity.test.ts keeps them equal to the
// Agent SDK's HOOK_EVENTS) and Codex's 14 (codex-rs/hooks/src/lib.rs HOOK_EVENT_NAMES; the last three as Codex
// 0.169.0 and 0.171.0 list them, test/dialects/codex-agent-facts.test.ts).
const CLAUDE_EVENTS = CLAUDE_MANIFEST_EVENTS.map((e) => e.name);
// Events newer than the documentation the fixtures come from: the binary and the Agent SDK's types are their contract.
const SDK_ONLY_EVENTS = ['PreModelSwitch', 'PostModelSwitch', 'PreSkillShellCommand', 'Interrupt'];
const CODEX_EVENTS = [
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'SessionStart',
  'SessionEnd',
  'UserPromptSubmit',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'PreModelRequest',
  'PostModelRequest',
  'Interrupt',
];

interface DialectCase {
  dialect: 'claude' | 'codex';
  events: string[];
  /** Events whose stdout has no JSON contract, so there is no output schema. */
  withoutOutput: string[];
  /** Input fields every event schema shares, defined identically wherever they appear. */
  common: string[];
}

const DIALECTS: DialectCase[] = [
  {
    dialect: 'claude',
    events: CLAUDE_EVENTS,
    withoutOutput: [],
    common: ['session_id', 'prompt_id', 'transcript_path', 'cwd', 'permission_mode', 'effort', 'agent_id', 'agent_type'],
  },
  // Codex ignores SessionEnd stdout and publishes no output schema for it (codex-rs/hooks/src/events/session_end.rs),
  // nor for the observe-only PreModelRequest and PostModelRequest (docs/codex.md).
  {
    dialect: 'codex',
    events: CODEX_EVENTS,
    withoutOutput: ['SessionEnd', 'PreModelRequest', 'PostModelRequest'],
    common: ['session_id', 'turn_id', 'transcript_path', 'cwd', 'model', 'permission_mode', 'agent_id', 'agent_type'],
  },
];

const readJson = (path: string): Json => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Json;
const jsonFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.split('\\').join('/'))
    .sort();

const validators = new Map<string, ValidateFunction>();
/** The compiled validator of a schema file (one strict ajv per file, as each file is self-contained). */
function validatorFor(schemaPath: string): ValidateFunction {
  let validate = validators.get(schemaPath);
  if (!validate) {
    validate = createStrictAjv().compile(readJson(schemaPath));
    validators.set(schemaPath, validate);
  }
  return validate;
}

function errorsOf(schemaPath: string, value: unknown): ErrorObject[] {
  const validate = validatorFor(schemaPath);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

const eventSchema = (dialect: string, event: string, kind: 'input' | 'output') =>
  `schema/${dialect}/events/${eventFileStem(event)}.${kind}.json`;

/** `<event-stem>/<case>.<input|output>.json` → the schema it must satisfy; `config/*.json` → the config schema. */
function schemaForFixture(dialect: string, file: string, stems: Map<string, string>): string {
  if (file.startsWith('config/')) return `schema/${dialect}/config.json`;
  const match = /^([a-z-]+)\/[a-z0-9-]+\.(input|output)\.json$/.exec(file);
  if (!match || !stems.has(match[1]!)) throw new Error(`test/fixtures/${dialect}/${file}: not <event-stem>/<case>.<input|output>.json`);
  return `schema/${dialect}/events/${match[1]}.${match[2]}.json`;
}

describe.each(DIALECTS)('$dialect schemas', ({ dialect, events, withoutOutput, common }) => {
  const schemaFiles = jsonFiles(`schema/${dialect}`);

  it('has an input schema for every event, an output schema wherever stdout is JSON, and a config schema', () => {
    // claude also has a tool input schema per built-in tool (test/contracts/claude-sdk-parity.test.ts checks those).
    const tools = dialect === 'claude' ? Object.keys(CLAUDE_TOOL_INPUTS).map((t) => `tools/${toolFileStem(t)}.input.json`) : [];
    const expected = [
      'config.json',
      ...events.map((e) => `events/${eventFileStem(e)}.input.json`),
      ...events.filter((e) => !withoutOutput.includes(e)).map((e) => `events/${eventFileStem(e)}.output.json`),
      ...tools,
    ];
    expect(schemaFiles).toEqual(expected.sort());
  });

  it.each(schemaFiles)('%s compiles in ajv strict mode (as `npm run generate` compiles it)', (file) => {
    expect(() => createStrictAjv().compile(readJson(`schema/${dialect}/${file}`))).not.toThrow();
  });

  it('titles every event schema after its event and pins the event name', () => {
    for (const event of events) {
      const input = readJson(eventSchema(dialect, event, 'input'));
      expect(input.title).toBe(`${event}Input`);
      expect((input.properties as Record<string, Json>).hook_event_name).toMatchObject({ const: event });
      expect(input.required).toContain('hook_event_name');
      if (withoutOutput.includes(event)) continue;
      const output = readJson(eventSchema(dialect, event, 'output'));
      expect(output.title).toBe(`${event}Output`);
      const specific = (output.properties as Record<string, Json>).hookSpecificOutput;
      if (specific) {
        expect((specific.properties as Record<string, Json>).hookEventName).toMatchObject({ const: event });
        expect(specific.required).toContain('hookEventName');
      }
    }
  });

  it('leaves inputs open (agents add fields) and defines each common input field identically', () => {
    const inputs = events.map((e) => readJson(eventSchema(dialect, e, 'input')));
    for (const input of inputs) expect(input.additionalProperties).toBeUndefined();
    for (const field of common) {
      const definitions = new Set(
        inputs.flatMap((s) => ((s.properties as Json)[field] ? [JSON.stringify((s.properties as Json)[field])] : [])),
      );
      expect(definitions.size, field).toBe(1);
    }
  });

  it('gives nested titles only once per dialect (the generated types share one module)', () => {
    const titles = schemaFiles.flatMap((file) => {
      const found: string[] = [];
      const walk = (node: unknown, top: boolean): void => {
        if (node === null || typeof node !== 'object') return;
        if (!top && typeof (node as Json).title === 'string') found.push((node as Json).title as string);
        for (const value of Object.values(node)) walk(value, false);
      };
      walk(readJson(`schema/${dialect}/${file}`), true);
      return found;
    });
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
  });
});

describe.each(DIALECTS)('$dialect fixtures (real payloads)', ({ dialect, events, withoutOutput }) => {
  const stems = new Map(events.map((e) => [eventFileStem(e), e]));
  const fixtures = jsonFiles(`test/fixtures/${dialect}`);

  it.each(fixtures)('%s is valid', (file) => {
    const schemaPath = schemaForFixture(dialect, file, stems);
    const errors = errorsOf(schemaPath, readJson(`test/fixtures/${dialect}/${file}`));
    expect(errors.map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)).toEqual([]);
  });

  it('covers every event with at least one input, every output schema with at least one output, and the config schema', () => {
    const covered = (kind: string) => new Set(fixtures.filter((f) => f.endsWith(`.${kind}.json`)).map((f) => stems.get(f.split('/')[0]!)));
    const outputs = covered('output');
    // The model-switch events are newer than the documentation the claude fixtures come from; the Agent SDK's
    // types are their contract (test/contracts/claude-sdk-parity.test.ts).
    const documented = dialect === 'claude' ? events.filter((e) => !SDK_ONLY_EVENTS.includes(e)) : events;
    expect([...covered('input')].sort()).toEqual([...documented].sort());
    expect(fixtures.some((f) => f.startsWith('config/'))).toBe(true);
    if (dialect === 'codex') expect([...outputs].sort()).toEqual(events.filter((e) => !withoutOutput.includes(e)).sort());
    // Claude Code documents no output example for these events; the invalid cases below exercise their schemas' shared parts.
    else
      expect(events.filter((e) => !outputs.has(e))).toEqual([
        'InstructionsLoaded',
        'SubagentStop',
        'StopFailure',
        'CwdChanged',
        'DirectoryAdded',
        'FileChanged',
        'WorktreeRemove',
        'PostCompact',
        'SessionEnd',
        ...SDK_ONLY_EVENTS,
      ]);
  });
});

interface InvalidCase {
  name: string;
  schema: string;
  value: unknown;
  /** The error the engine and lint rely on: its keyword, where it points, and for unknown keys the key. */
  expect: { keyword: string; instancePath: string; property?: string };
}

const fixture = (path: string): Json => readJson(`test/fixtures/${path}`);
/** A copy of a fixture with `edit` applied. */
function edited(path: string, edit: (value: Json) => void): Json {
  const value = structuredClone(fixture(path));
  edit(value);
  return value;
}
const hso = (value: Json) => value.hookSpecificOutput as Json;

const CLAUDE_INVALID: InvalidCase[] = [
  {
    name: 'an unknown SessionStart source',
    schema: eventSchema('claude', 'SessionStart', 'input'),
    value: edited('claude/session-start/startup.input.json', (v) => {
      v.source = 'startp';
    }),
    expect: { keyword: 'enum', instancePath: '/source' },
  },
  {
    name: 'a PreToolUse input without tool_name',
    schema: eventSchema('claude', 'PreToolUse', 'input'),
    value: edited('claude/pre-tool-use/bash-npm-test.input.json', (v) => {
      delete v.tool_name;
    }),
    expect: { keyword: 'required', instancePath: '' },
  },
  {
    name: 'a payload of another event',
    schema: eventSchema('claude', 'PreToolUse', 'input'),
    value: edited('claude/pre-tool-use/bash-npm-test.input.json', (v) => {
      v.hook_event_name = 'PostToolUse';
    }),
    expect: { keyword: 'const', instancePath: '/hook_event_name' },
  },
  {
    name: 'a negative MessageDisplay batch index',
    schema: eventSchema('claude', 'MessageDisplay', 'input'),
    value: edited('claude/message-display/first-batch.input.json', (v) => {
      v.index = -1;
    }),
    expect: { keyword: 'minimum', instancePath: '/index' },
  },
  {
    // An open enum (a newer Claude Code adds levels): any string passes, a number does not.
    name: 'an effort level that is not a string',
    schema: eventSchema('claude', 'Stop', 'input'),
    value: edited('claude/stop/background-work.input.json', (v) => {
      v.effort = { level: 3 };
    }),
    expect: { keyword: 'type', instancePath: '/effort/level' },
  },
  {
    name: 'a misspelled hookSpecificOutput key',
    schema: eventSchema('claude', 'PreToolUse', 'output'),
    value: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecison: 'deny' } },
    expect: { keyword: 'additionalProperties', instancePath: '/hookSpecificOutput', property: 'permissionDecison' },
  },
  {
    name: 'a misspelled universal key',
    schema: eventSchema('claude', 'Stop', 'output'),
    value: { contineu: false },
    expect: { keyword: 'additionalProperties', instancePath: '', property: 'contineu' },
  },
  // hooks-guide.md: "if you place it at the top level of the JSON, Claude Code silently ignores it".
  {
    name: 'additionalContext at the top level',
    schema: eventSchema('claude', 'UserPromptSubmit', 'output'),
    value: { additionalContext: 'Current branch: release-42.' },
    expect: { keyword: 'additionalProperties', instancePath: '', property: 'additionalContext' },
  },
  {
    name: 'an unknown permissionDecision',
    schema: eventSchema('claude', 'PreToolUse', 'output'),
    value: edited('claude/pre-tool-use/deny-use-rg.output.json', (v) => {
      hso(v).permissionDecision = 'approve';
    }),
    expect: { keyword: 'enum', instancePath: '/hookSpecificOutput/permissionDecision' },
  },
  {
    name: 'a hookEventName naming another event',
    schema: eventSchema('claude', 'PreToolUse', 'output'),
    value: edited('claude/pre-tool-use/deny-use-rg.output.json', (v) => {
      hso(v).hookEventName = 'PostToolUse';
    }),
    expect: { keyword: 'const', instancePath: '/hookSpecificOutput/hookEventName' },
  },
  {
    name: 'hookSpecificOutput without hookEventName',
    schema: eventSchema('claude', 'PostToolUse', 'output'),
    value: { hookSpecificOutput: { additionalContext: 'x' } },
    expect: { keyword: 'required', instancePath: '/hookSpecificOutput' },
  },
  {
    // "approve" and "block" are the values Claude Code 2.1.332 reads (a Stop "approve" is a success,
    // and a block without a reason continues with "Blocked by hook": test/agents/claude).
    name: 'a decision Claude does not know on Stop',
    schema: eventSchema('claude', 'Stop', 'output'),
    value: { decision: 'allow', reason: 'x' },
    expect: { keyword: 'enum', instancePath: '/decision' },
  },
  {
    name: 'a PermissionRequest answer without decision',
    schema: eventSchema('claude', 'PermissionRequest', 'output'),
    value: { hookSpecificOutput: { hookEventName: 'PermissionRequest' } },
    expect: { keyword: 'required', instancePath: '/hookSpecificOutput' },
  },
  {
    name: 'an unknown PermissionRequest behavior',
    schema: eventSchema('claude', 'PermissionRequest', 'output'),
    value: edited('claude/permission-request/allow.output.json', (v) => {
      (hso(v).decision as Json).behavior = 'ask';
    }),
    // The decision is a oneOf told apart by `behavior` (ajv discriminator): an unknown tag fails there.
    expect: { keyword: 'discriminator', instancePath: '/hookSpecificOutput/decision' },
  },
  {
    name: 'an updatedPermissions entry without destination',
    schema: eventSchema('claude', 'PermissionRequest', 'output'),
    value: edited('claude/permission-request/allow-set-mode.output.json', (v) => {
      delete ((hso(v).decision as Json).updatedPermissions as Json[])[0]!.destination;
    }),
    expect: { keyword: 'required', instancePath: '/hookSpecificOutput/decision/updatedPermissions/0' },
  },
  {
    name: 'a WorktreeCreate response without a path',
    schema: eventSchema('claude', 'WorktreeCreate', 'output'),
    value: { hookSpecificOutput: { hookEventName: 'WorktreeCreate' } },
    expect: { keyword: 'required', instancePath: '/hookSpecificOutput' },
  },
  {
    name: 'a non-string terminalSequence',
    schema: eventSchema('claude', 'Notification', 'output'),
    value: { terminalSequence: 7 },
    expect: { keyword: 'type', instancePath: '/terminalSequence' },
  },
  {
    name: 'a command handler without command',
    schema: 'schema/claude/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'command', timeout: 30 }] }] } },
    expect: { keyword: 'required', instancePath: '/hooks/Stop/0/hooks/0' },
  },
  {
    name: 'a prompt handler on SessionStart',
    schema: 'schema/claude/config.json',
    value: { hooks: { SessionStart: [{ hooks: [{ type: 'prompt', prompt: 'Summarise $ARGUMENTS' }] }] } },
    expect: { keyword: 'oneOf', instancePath: '/hooks/SessionStart/0/hooks/0/type' },
  },
  {
    name: 'an http handler on Setup',
    schema: 'schema/claude/config.json',
    value: { hooks: { Setup: [{ hooks: [{ type: 'http', url: 'http://localhost:8080/setup' }] }] } },
    expect: { keyword: 'oneOf', instancePath: '/hooks/Setup/0/hooks/0/type' },
  },
  {
    name: 'async on an http handler',
    schema: 'schema/claude/config.json',
    value: { hooks: { PostToolUse: [{ hooks: [{ type: 'http', url: 'http://localhost:8080/h', async: true }] }] } },
    expect: { keyword: 'additionalProperties', instancePath: '/hooks/PostToolUse/0/hooks/0', property: 'async' },
  },
  {
    name: 'hookctl-only handler keys',
    schema: 'schema/claude/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh', id: 'stop-gate' }] }] } },
    expect: { keyword: 'additionalProperties', instancePath: '/hooks/Stop/0/hooks/0', property: 'id' },
  },
  {
    name: 'an unknown event name',
    schema: 'schema/claude/config.json',
    value: { hooks: { PreToolUser: [] } },
    expect: { keyword: 'additionalProperties', instancePath: '/hooks', property: 'PreToolUser' },
  },
  {
    name: 'an object matcher',
    schema: 'schema/claude/config.json',
    value: { hooks: { PreToolUse: [{ matcher: { tool: 'Bash' }, hooks: [] }] } },
    expect: { keyword: 'type', instancePath: '/hooks/PreToolUse/0/matcher' },
  },
  {
    name: 'a zero timeout',
    schema: 'schema/claude/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh', timeout: 0 }] }] } },
    expect: { keyword: 'exclusiveMinimum', instancePath: '/hooks/Stop/0/hooks/0/timeout' },
  },
  {
    name: 'an unknown shell',
    schema: 'schema/claude/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh', shell: 'zsh' }] }] } },
    expect: { keyword: 'oneOf', instancePath: '/hooks/Stop/0/hooks/0/shell' },
  },
  {
    name: 'an enabledPlugins key without a marketplace',
    schema: 'schema/claude/config.json',
    value: { enabledPlugins: { 'code-formatter': true } },
    expect: { keyword: 'pattern', instancePath: '/enabledPlugins' },
  },
];

// Codex's own rejected outputs (codex-rs/hooks/src/engine/output_parser.rs `structured_output_rejects_invalid_shapes_and_types`,
// codex-rs/hooks/src/events/compact.rs `block_decision_is_not_supported_for_pre_compact`,
// codex-rs/config/src/hooks_tests.rs `hooks_file_rejects_events_outside_hooks_object`).
const CODEX_INVALID: InvalidCase[] = [
  {
    name: 'a non-string systemMessage',
    schema: eventSchema('codex', 'UserPromptSubmit', 'output'),
    value: { systemMessage: 123 },
    expect: { keyword: 'type', instancePath: '/systemMessage' },
  },
  {
    name: 'a non-string additionalContext',
    schema: eventSchema('codex', 'UserPromptSubmit', 'output'),
    value: { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 123 } },
    expect: { keyword: 'type', instancePath: '/hookSpecificOutput/additionalContext' },
  },
  {
    name: 'hookSpecificOutput without hookEventName',
    schema: eventSchema('codex', 'UserPromptSubmit', 'output'),
    value: { hookSpecificOutput: { additionalContext: 'missing event name' } },
    expect: { keyword: 'required', instancePath: '/hookSpecificOutput' },
  },
  {
    name: 'updatedInput on UserPromptSubmit',
    schema: eventSchema('codex', 'UserPromptSubmit', 'output'),
    value: { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', updatedInput: {} } },
    expect: { keyword: 'additionalProperties', instancePath: '/hookSpecificOutput', property: 'updatedInput' },
  },
  {
    name: 'an unexpected top-level field',
    schema: eventSchema('codex', 'UserPromptSubmit', 'output'),
    value: { unexpectedField: true },
    expect: { keyword: 'additionalProperties', instancePath: '', property: 'unexpectedField' },
  },
  {
    name: 'decision on PreCompact',
    schema: eventSchema('codex', 'PreCompact', 'output'),
    value: { decision: 'block', reason: 'policy blocked compaction' },
    expect: { keyword: 'additionalProperties', instancePath: '', property: 'decision' },
  },
  {
    name: 'hookSpecificOutput on Stop',
    schema: eventSchema('codex', 'Stop', 'output'),
    value: { hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'x' } },
    expect: { keyword: 'additionalProperties', instancePath: '', property: 'hookSpecificOutput' },
  },
  {
    name: 'permissionDecision defer (Claude only)',
    schema: eventSchema('codex', 'PreToolUse', 'output'),
    value: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'defer' } },
    expect: { keyword: 'enum', instancePath: '/hookSpecificOutput/permissionDecision' },
  },
  {
    name: 'a misspelled output key',
    schema: eventSchema('codex', 'PreToolUse', 'output'),
    value: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecison: 'deny' } },
    expect: { keyword: 'additionalProperties', instancePath: '/hookSpecificOutput', property: 'permissionDecison' },
  },
  {
    name: 'a permission mode Codex does not know',
    schema: eventSchema('codex', 'PreToolUse', 'input'),
    value: edited('codex/pre-tool-use/root.input.json', (v) => {
      v.permission_mode = 'auto';
    }),
    expect: { keyword: 'enum', instancePath: '/permission_mode' },
  },
  {
    name: 'a SubagentStart input without agent_id',
    schema: eventSchema('codex', 'SubagentStart', 'input'),
    value: edited('codex/subagent-start/worker.input.json', (v) => {
      delete v.agent_id;
    }),
    expect: { keyword: 'required', instancePath: '' },
  },
  {
    name: 'a missing transcript_path (it is null, never absent)',
    schema: eventSchema('codex', 'Stop', 'input'),
    value: edited('codex/stop/first-stop.input.json', (v) => {
      delete v.transcript_path;
    }),
    expect: { keyword: 'required', instancePath: '' },
  },
  {
    name: 'a SessionEnd reason other than `other`',
    schema: eventSchema('codex', 'SessionEnd', 'input'),
    value: edited('codex/session-end/other.input.json', (v) => {
      v.reason = 'logout';
    }),
    expect: { keyword: 'const', instancePath: '/reason' },
  },
  {
    name: 'events outside the hooks object',
    schema: 'schema/codex/config.json',
    value: { SessionStart: [{ hooks: [{ type: 'command', command: 'python3 /tmp/session_start.py' }] }] },
    expect: { keyword: 'additionalProperties', instancePath: '', property: 'SessionStart' },
  },
  {
    name: 'a $schema key (Codex rejects the file)',
    schema: 'schema/codex/config.json',
    value: { $schema: 'https://unpkg.com/hookctl/schema/codex/config.json', hooks: {} },
    expect: { keyword: 'additionalProperties', instancePath: '', property: '$schema' },
  },
  {
    name: 'a handler without type',
    schema: 'schema/codex/config.json',
    value: { hooks: { Stop: [{ hooks: [{ command: './stop.sh' }] }] } },
    expect: { keyword: 'required', instancePath: '/hooks/Stop/0/hooks/0' },
  },
  {
    name: 'an http handler (Claude only)',
    schema: 'schema/codex/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'http', url: 'http://localhost' }] }] } },
    expect: { keyword: 'oneOf', instancePath: '/hooks/Stop/0/hooks/0/type' },
  },
  {
    name: 'a fractional timeout',
    schema: 'schema/codex/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh', timeout: 30.5 }] }] } },
    expect: { keyword: 'type', instancePath: '/hooks/Stop/0/hooks/0/timeout' },
  },
  {
    name: 'a negative timeout',
    schema: 'schema/codex/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh', timeout: -1 }] }] } },
    expect: { keyword: 'minimum', instancePath: '/hooks/Stop/0/hooks/0/timeout' },
  },
  {
    name: 'both spellings of commandWindows',
    schema: 'schema/codex/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a', commandWindows: 'b', command_windows: 'c' }] }] } },
    expect: { keyword: 'not', instancePath: '/hooks/Stop/0/hooks/0' },
  },
  {
    name: 'an mcp_tool handler without server',
    schema: 'schema/codex/config.json',
    value: { hooks: { PostToolUse: [{ hooks: [{ type: 'mcp_tool', tool: 'scan' }] }] } },
    expect: { keyword: 'required', instancePath: '/hooks/PostToolUse/0/hooks/0' },
  },
  {
    name: 'onFailure (an openinterpreter key)',
    schema: 'schema/codex/config.json',
    value: { hooks: { Stop: [{ hooks: [{ type: 'command', command: './stop.sh', onFailure: 'abort' }] }] } },
    expect: { keyword: 'additionalProperties', instancePath: '/hooks/Stop/0/hooks/0', property: 'onFailure' },
  },
];

describe.each([
  { dialect: 'claude', cases: CLAUDE_INVALID },
  { dialect: 'codex', cases: CODEX_INVALID },
])('$dialect rejects', ({ cases }) => {
  it.each(cases)('$name', ({ schema, value, expect: wanted }) => {
    const errors = errorsOf(schema, value);
    const match = errors.find(
      (e) =>
        e.keyword === wanted.keyword &&
        e.instancePath === wanted.instancePath &&
        (wanted.property === undefined || (e.params as { additionalProperty?: string }).additionalProperty === wanted.property),
    );
    expect(match, JSON.stringify(errors.map((e) => [e.keyword, e.instancePath, e.params]))).toBeDefined();
  });
});

describe('lenient reading of claude outputs (unknown keys are warnings, SPEC-dialects §8.4)', () => {
  it('reports an unknown key as nothing but an additionalProperties error, so the rest of the output can apply', () => {
    const value = edited('claude/pre-tool-use/deny-use-rg.output.json', (v) => {
      v.extraTopLevel = true;
      hso(v).note = 'not a Claude field';
    });
    const errors = errorsOf(eventSchema('claude', 'PreToolUse', 'output'), value);
    expect(errors.map((e) => [e.keyword, e.instancePath, (e.params as { additionalProperty?: string }).additionalProperty])).toEqual([
      ['additionalProperties', '', 'extraTopLevel'],
      ['additionalProperties', '/hookSpecificOutput', 'note'],
    ]);
  });

  it('reports a wrong hookEventName with a keyword other than additionalProperties (a schema failure)', () => {
    const errors = errorsOf(eventSchema('claude', 'Stop', 'output'), {
      hookSpecificOutput: { hookEventName: 'SubagentStop', additionalContext: 'x' },
    });
    expect(errors.map((e) => e.keyword)).toEqual(['const']);
  });
});
