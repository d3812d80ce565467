import { describe, expect, it } from 'vitest';
import { contracts as claudeContracts } from '../../src/dialects/claude/contracts.js';
import { CLAUDE_EVENTS } from '../../src/dialects/claude/events.js';
import { contracts as octoContracts } from '../../src/dialects/octo/contracts.js';
import { OCTO_EVENTS } from '../../src/dialects/octo/events.js';
import { contracts } from '../../src/dialects/openinterpreter/contracts.js';
import { OPENINTERPRETER_EVENTS } from '../../src/dialects/openinterpreter/events.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

const CASES = [
  ...OPENINTERPRETER_EVENTS.map((e) => ({ dialect: 'openinterpreter', event: e.name, contracts })),
  ...OCTO_EVENTS.map((e) => ({ dialect: 'octo', event: e.name, contracts: octoContracts })),
  ...CLAUDE_EVENTS.map((e) => ({ dialect: 'claude', event: e.name, contracts: claudeContracts })),
];

/**
 * The events whose documented payloads carry `permission_mode` (SPEC-dialects 8.4, from the JSON
 * examples of the Claude Code hooks reference); claude fixtures carry it exactly there.
 */
const PERMISSION_MODE_EVENTS = new Set([
  'UserPromptSubmit',
  'UserPromptExpansion',
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'SubagentStop',
  'Stop',
  'TaskCreated',
  'TaskCompleted',
  'TeammateIdle',
  'Elicitation',
  'ElicitationResult',
  // Not documented: Claude Code 2.1.332 sends it (test/agents/claude PreSkillShellCommand cases).
  'PreSkillShellCommand',
]);

describe('hookctl fixture --dialect claude', () => {
  it.each(CLAUDE_EVENTS.map((e) => e.name))(
    '%s: the documented common fields, permission_mode only where the docs have it',
    async (event) => {
      const { project, home } = makeTempProject();
      const result = await runCli(['fixture', event, '--dialect', 'claude', '--cwd', project, '--home', home]);
      expect(result.code).toBe(0);
      const payload = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(payload.hook_event_name).toBe(event);
      expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(payload.transcript_path).toMatch(/\.jsonl$/);
      expect('permission_mode' in payload).toBe(PERMISSION_MODE_EVENTS.has(event));
      if (PERMISSION_MODE_EVENTS.has(event)) expect(['default', 'auto']).toContain(payload.permission_mode);
    },
  );

  it('a fresh session id each time', async () => {
    const { project, home } = makeTempProject();
    const ids = await Promise.all(
      [1, 2].map(
        async () =>
          (
            JSON.parse((await runCli(['fixture', 'Stop', '--dialect', 'claude', '--cwd', project, '--home', home])).stdout) as {
              session_id: string;
            }
          ).session_id,
      ),
    );
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('--set tool_name and tool_input give another tool, still schema-valid', async () => {
    const { project, home } = makeTempProject();
    const result = await runCli([
      'fixture',
      'PreToolUse',
      '--dialect',
      'claude',
      '--cwd',
      project,
      '--home',
      home,
      '--set',
      'tool_name="Write"',
      '--set',
      'tool_input={"file_path":"/p/a.ts","content":"x"}',
    ]);
    expect(result.code).toBe(0);
    const payload = JSON.parse(result.stdout) as Record<string, unknown>;
    expect([payload.tool_name, payload.tool_input]).toEqual(['Write', { file_path: '/p/a.ts', content: 'x' }]);
    expect(claudeContracts.validateInput('PreToolUse', payload).ok).toBe(true);
  });
});

describe('hookctl fixture', () => {
  it.each(CASES)('prints a valid $dialect $event payload for the --cwd project', async ({ dialect, event, contracts }) => {
    const { project, home } = makeTempProject();
    const result = await runCli(['fixture', event, '--dialect', dialect, '--cwd', project, '--home', home]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const payload = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(contracts.validateInput(event, payload).ok).toBe(true);
    expect(payload.cwd).toBe('${PROJECT}');
  });

  it('applies --set overrides, parsing JSON values', async () => {
    const { project, home } = makeTempProject();
    const result = await runCli([
      'fixture',
      'PreToolUse',
      '--dialect',
      'openinterpreter',
      '--cwd',
      project,
      '--home',
      home,
      '--set',
      'tool_input.command=rm -rf /',
      '--set',
      'tool_input.timeout=5',
      '--set',
      'permission_mode=plan',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ tool_input: { command: 'rm -rf /', timeout: 5 }, permission_mode: 'plan' });
  });

  it.each([
    ['gemini', 'BeforeTool'],
    ['claude', 'PreToolUse'],
  ])("%s: a --set command drops the sample's description of another command, unless it is set too", async (dialect, event) => {
    const { project, home } = makeTempProject();
    const common = ['fixture', event, '--dialect', dialect, '--cwd', project, '--home', home];
    const replaced = JSON.parse((await runCli([...common, '--set', 'tool_input.command=rm -rf /'])).stdout);
    expect(replaced.tool_input).toEqual({ command: 'rm -rf /' });
    const both = await runCli([...common, '--set', 'tool_input.command=rm -rf /', '--set', 'tool_input.description=Wipe']);
    expect(JSON.parse(both.stdout).tool_input).toEqual({ command: 'rm -rf /', description: 'Wipe' });
  });

  it('detects the dialect from the project config dir', async () => {
    const { project, home, write } = makeTempProject();
    write('project/.octo/hooks.yml', 'hooks: {}\n');
    const result = await runCli(['fixture', 'Stop', '--cwd', project, '--home', home]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ event: 'Stop', transport: 'cli', status: 'success' });
  });

  it('exits 2 with the validator message when an override makes the payload invalid', async () => {
    const { project, home } = makeTempProject();
    const result = await runCli(['fixture', 'Stop', '--dialect', 'octo', '--cwd', project, '--home', home, '--set', 'status=crashed']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'hookctl: the --set overrides make the Stop fixture invalid against its input schema:\n' +
        '  /status: must be one of "success", "error"\n',
    );
  });

  it('exits 2 on a malformed override', async () => {
    const { project, home } = makeTempProject();
    const result = await runCli(['fixture', 'Stop', '--dialect', 'octo', '--cwd', project, '--home', home, '--set', 'status']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('hookctl: --set status: expected path=value');
  });

  it('exits 2 on an unknown event with a suggestion', async () => {
    const { project, home } = makeTempProject();
    const result = await runCli(['fixture', 'PreToolUs', '--dialect', 'openinterpreter', '--cwd', project, '--home', home]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('hookctl: unknown openinterpreter event "PreToolUs"; did you mean "PreToolUse"?\n');
  });
});

describe('hookctl fixture --set with a field the event does not have', () => {
  it('warns with a suggestion, and still prints the (schema-valid) payload', async () => {
    const result = await runCli([
      'fixture',
      'PreToolUse',
      '--dialect',
      'openinterpreter',
      '--set',
      'tool_inptu.command=rm -rf /',
      '--set',
      'tool_input.command=ls',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'hookctl: warning: --set tool_inptu: PreToolUse input has no field "tool_inptu" (did you mean "tool_input"?); ' +
        'it is added as an extra field\n',
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ tool_inptu: { command: 'rm -rf /' }, tool_input: { command: 'ls' } });
  });
});
