import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { RegisterError } from '../../src/errors.js';
import { registerInHooksYaml } from '../../src/dialects/octo/register-yaml.js';
import { loadDialect } from '../../src/dialects/registry.js';
import type { RegisterEdit, RegistrationEntry } from '../../src/kit/index.js';
import { registerInGroupsJson } from '../../src/scaffold/register-json.js';
import { applyRegistration, planRegistration } from '../../src/scaffold/registration.js';
import { makeTempProject } from '../helpers/temp-project.js';

const guard = { event: 'PreToolUse', matcher: 'Bash', command: 'node .x/hooks/guard.mjs', id: 'guard' };
const stop = { event: 'Stop', matcher: null, command: 'sh .x/hooks/stop.sh', id: 'stop' };

/** Asserts `after` is `before` with exactly one contiguous insertion, and returns the inserted text. */
function insertedText(before: string, after: string): string {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  expect(after.slice(0, start) + after.slice(after.length - end)).toBe(before);
  return after.slice(start, after.length - end);
}

const CUSTOM_JSON = `{
\t"description":   "team hooks",
\t"hooks": {
\t\t"PreToolUse": [
\t\t\t{ "matcher": "^Bash$", "hooks": [ { "type": "command", "command": "./guard.sh" } ] }
\t\t],
\t\t"SessionStart":[ ]
\t}
}
`;

/** The openinterpreter editor: groups JSON with the entry's id. */
const registerInHooksJson = (text: string | null, file: string, entry: RegistrationEntry): RegisterEdit =>
  registerInGroupsJson(text, file, entry, { writeId: true });

describe('registerInGroupsJson (openinterpreter hooks.json)', () => {
  it.each([
    [
      'appends a group to an existing event list',
      guard,
      [
        { matcher: '^Bash$', hooks: [{ type: 'command', command: './guard.sh' }] },
        { matcher: 'Bash', hooks: [{ type: 'command', id: 'guard', command: guard.command }] },
      ],
    ],
    ['adds a new event after the others', stop, [{ hooks: [{ type: 'command', id: 'stop', command: stop.command }] }]],
    ['fills an empty list', { ...stop, event: 'SessionStart' }, [{ hooks: [{ type: 'command', id: 'stop', command: stop.command }] }]],
  ])('%s, leaving every other byte as it was', (_name, entry, expected) => {
    const edit = registerInHooksJson(CUSTOM_JSON, 'hooks.json', entry);
    expect(edit.status).toBe('added');
    const parsed = JSON.parse(edit.text) as { description: string; hooks: Record<string, unknown> };
    expect(parsed.hooks[entry.event]).toEqual(expected);
    expect(Object.keys(parsed)).toEqual(['description', 'hooks']);
    if (entry.event !== 'SessionStart') insertedText(CUSTOM_JSON, edit.text);
    // Inserted lines use the file's tab indentation.
    expect(edit.text).not.toMatch(/^ +"/m);
  });

  it('adds `hooks` to a one-line file inline', () => {
    const edit = registerInHooksJson('{"description":"x"}', 'hooks.json', stop);
    expect(edit.text).toBe(
      '{"description":"x", "hooks": {"Stop":[{"hooks":[{"type":"command","id":"stop","command":"sh .x/hooks/stop.sh"}]}]}}',
    );
  });

  it('does not add the same command twice', () => {
    const once = registerInHooksJson(CUSTOM_JSON, 'hooks.json', guard).text;
    expect(registerInHooksJson(once, 'hooks.json', guard)).toEqual({ status: 'already-registered', text: once });
  });

  it('leaves a hook registered before ids alone: the same command on the event is enough', () => {
    const old = '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "node .x/hooks/guard.mjs"}]}]}}';
    expect(registerInHooksJson(old, 'hooks.json', guard)).toEqual({ status: 'already-registered', text: old });
  });

  it.each([
    ['on the same event', 'PreToolUse'],
    ['on another event', 'Stop'],
  ])('refuses an id another command already has %s, rather than declaring it twice', (_name, event) => {
    const taken = `{"hooks": {"${event}": [{"hooks": [{"type": "command", "id": "guard", "command": "./other.sh"}]}]}}`;
    expect(() => registerInHooksJson(taken, 'hooks.json', guard)).toThrow(RegisterError);
    expect(() => registerInHooksJson(taken, 'hooks.json', guard)).toThrow(
      `id "guard" already names the hook \`./other.sh\` on ${event}, and ids must be unique`,
    );
  });

  it('refuses the id for the same command on another event too', () => {
    const taken = registerInHooksJson(null, 'hooks.json', guard).text;
    expect(() => registerInHooksJson(taken, 'hooks.json', { ...guard, event: 'PostToolUse' })).toThrow('already names the hook');
  });

  it('creates a valid file', () => {
    const edit = registerInHooksJson(null, 'hooks.json', guard);
    expect(edit.status).toBe('created');
    expect(JSON.parse(edit.text)).toEqual({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', id: 'guard', command: guard.command }] }] },
    });
    // `id` between `type` and `command`, as the printed snippet shows it.
    expect(edit.text).toContain('"type": "command",\n            "id": "guard",\n            "command"');
  });

  it.each([
    ['{ "hooks": ', /not valid JSON \(line 1, column 12\)/],
    ['[]', /top level is not an object/],
    ['{"hooks": []}', /"hooks" is not an object/],
    ['{"hooks": {"Stop": {}}}', /"hooks.Stop" is not an array/],
  ])('refuses %j without changing it', (text, message) => {
    expect(() => registerInHooksJson(text, 'hooks.json', stop)).toThrow(RegisterError);
    expect(() => registerInHooksJson(text, 'hooks.json', stop)).toThrow(message);
  });
});

const COMMENTED_YAML = `# project hooks
hooks:
  # gate shell
  PreToolUse:
    - matcher: "terminal"          # regex on the tool name
      command: "./scripts/guard.sh"
      timeout: 5s                  # Go duration string
    # after item comment

  Stop:
    - command: './scripts/notify-on-commit.sh'
      async: true   # c
# trailing comment
`;

describe('registerInHooksYaml', () => {
  it.each([
    ['appends to an existing list', guard, '    - matcher: Bash\n      command: node .x/hooks/guard.mjs\n'],
    ['adds a new event at the end of hooks', { ...stop, event: 'PreCompact' }, '  PreCompact:\n    - command: sh .x/hooks/stop.sh\n'],
  ])('%s, keeping comments, blank lines and alignment', (_name, entry, inserted) => {
    const edit = registerInHooksYaml(COMMENTED_YAML, 'hooks.yml', entry);
    expect(edit.status).toBe('added');
    expect(edit.text).toContain(inserted);
    expect(edit.text.replace(inserted, '')).toBe(COMMENTED_YAML);
    const parsed = parseYaml(edit.text) as { hooks: Record<string, { command: string }[]> };
    expect(parsed.hooks[entry.event]!.at(-1)).toEqual(
      entry.matcher ? { matcher: entry.matcher, command: entry.command } : { command: entry.command },
    );
  });

  it.each([
    ['flush lists', 'hooks:\n  Stop:\n  - command: a\n', 'hooks:\n  Stop:\n  - command: a\n  - command: sh .x/hooks/stop.sh\n'],
    ['an empty event', 'hooks:\n  Stop:   # soon\nother: 1\n', 'hooks:\n  Stop:   # soon\n    - command: sh .x/hooks/stop.sh\nother: 1\n'],
    ['empty flow hooks', 'hooks: {}  # none yet\n', 'hooks:  # none yet\n  Stop:\n    - command: sh .x/hooks/stop.sh\n'],
    ['no hooks key', 'version: 1', 'version: 1\nhooks:\n  Stop:\n    - command: sh .x/hooks/stop.sh\n'],
    ['only comments', '# nothing here\n', '# nothing here\nhooks:\n  Stop:\n    - command: sh .x/hooks/stop.sh\n'],
    [
      'four-space indentation',
      'hooks:\n    Stop:\n        - command: a\n',
      'hooks:\n    Stop:\n        - command: a\n        - command: sh .x/hooks/stop.sh\n',
    ],
  ])('handles %s', (_name, before, after) => {
    expect(registerInHooksYaml(before, 'hooks.yml', stop).text).toBe(after);
  });

  it('quotes values YAML would misread', () => {
    const edit = registerInHooksYaml('hooks:\n', 'hooks.yml', { event: 'PreToolUse', matcher: '*', command: 'echo: yes', id: 'echo' });
    expect(parseYaml(edit.text)).toEqual({ hooks: { PreToolUse: [{ matcher: '*', command: 'echo: yes' }] } });
  });

  it('does not add the same command twice', () => {
    const once = registerInHooksYaml(COMMENTED_YAML, 'hooks.yml', guard).text;
    expect(registerInHooksYaml(once, 'hooks.yml', guard)).toEqual({ status: 'already-registered', text: once });
  });

  it('creates a valid file, with no id: octo handlers have none', () => {
    expect(registerInHooksYaml(null, 'hooks.yml', guard)).toEqual({
      status: 'created',
      text: 'hooks:\n  PreToolUse:\n    - matcher: Bash\n      command: node .x/hooks/guard.mjs\n',
    });
  });

  it.each([
    ['hooks: [\n', /not valid YAML \(line/],
    ['- a\n', /top level is not a block mapping/],
    ['hooks: {Stop: []}\n', /"hooks" is not a block mapping/],
    ['hooks:\n  Stop: [{command: a}]\n', /"hooks.Stop" is not a block list/],
  ])('refuses %j', (text, message) => {
    expect(() => registerInHooksYaml(text, 'hooks.yml', stop)).toThrow(message);
  });
});

describe('planRegistration and applyRegistration', () => {
  it.each([
    ['openinterpreter', '.openinterpreter/hooks.json'],
    ['octo', '.octo/hooks.yml'],
    ['claude', '.claude/settings.json'],
  ] as const)('create, then leave alone, the %s project config', async (dialect, relative) => {
    const project = makeTempProject().project;
    const { scaffold } = await loadDialect(dialect);
    const plan = planRegistration(scaffold, project, stop);
    expect(existsSync(join(project, relative))).toBe(false);
    expect(applyRegistration(plan)).toEqual({ status: 'created', file: join(project, relative) });
    const written = readFileSync(join(project, relative), 'utf8');
    expect(applyRegistration(planRegistration(scaffold, project, stop)).status).toBe('already-registered');
    expect(readFileSync(join(project, relative), 'utf8')).toBe(written);
  });
});

/** A realistic project settings file: other settings before and after `hooks`, four-space indent. */
const CLAUDE_SETTINGS = `{
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "permissions": {
        "allow": ["Bash(npm run lint)", "Bash(npm test:*)"],
        "deny": ["Read(./.env)"]
    },
    "hooks": {
        "PostToolUse": [
            {
                "matcher": "Edit|Write",
                "hooks": [{ "type": "command", "command": "jq -r '.tool_input.file_path' | xargs npx prettier --write" }]
            }
        ]
    },
    "model": "claude-sonnet-4-6",
    "env": { "NODE_ENV": "development" }
}
`;

describe('the claude editor (.claude/settings.json)', () => {
  const register = async (text: string | null, entry: RegistrationEntry) =>
    (await loadDialect('claude')).scaffold.register(text, '.claude/settings.json', entry);

  it.each([
    ['appends a group to an existing event, without an id', { ...guard, event: 'PostToolUse' }, 'PostToolUse'],
    ['adds a new event after the others', stop, 'Stop'],
  ])('%s, leaving every other byte as it was', async (_name, entry, event) => {
    const edit = await register(CLAUDE_SETTINGS, entry);
    expect(edit.status).toBe('added');
    insertedText(CLAUDE_SETTINGS, edit.text);
    const parsed = JSON.parse(edit.text) as { hooks: Record<string, { hooks: unknown[] }[]> };
    expect(Object.keys(parsed)).toEqual(['$schema', 'permissions', 'hooks', 'model', 'env']);
    const handler = { type: 'command', command: entry.command };
    expect(parsed.hooks[event]!.at(-1)).toEqual({ ...(entry.matcher === null ? {} : { matcher: entry.matcher }), hooks: [handler] });
    // Inserted lines use the file's four-space indentation.
    expect(edit.text).not.toMatch(/^(?: {4})* {1,3}"/m);
  });

  it('adds `hooks` to settings that have none, after the last key', async () => {
    const before = '{\n  "model": "opus",\n  "permissions": { "allow": [] }\n}\n';
    const edit = await register(before, stop);
    insertedText(before, edit.text);
    expect(JSON.parse(edit.text)).toEqual({
      model: 'opus',
      permissions: { allow: [] },
      hooks: { Stop: [{ hooks: [{ type: 'command', command: stop.command }] }] },
    });
  });

  it('does not add the same command twice', async () => {
    const once = (await register(CLAUDE_SETTINGS, stop)).text;
    expect(await register(once, stop)).toEqual({ status: 'already-registered', text: once });
  });

  it.each([
    [
      'a comment',
      '{\n  // team settings\n  "model": "opus"\n}\n',
      'it has a comment (line 2, column 3), which strict JSON does not allow: the agent ignores the whole file; remove the comments first',
    ],
    ['a trailing comma', '{\n  "model": "opus",\n}\n', 'it is not valid JSON (line 3, column 1)'],
  ])('refuses a file with %s: Claude Code drops such a file whole', async (_name, text, reason) => {
    await expect(register(text, stop)).rejects.toThrow(new RegisterError('.claude/settings.json', reason));
  });
});
