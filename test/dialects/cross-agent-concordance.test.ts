import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_RULES } from '../../src/dialects/claude/event-rules.js';
import { GUARD_EVENTS } from '../../src/dialects/claude/events.js';
import { eventHints, toolHints, type ConcordanceRow } from '../../src/dialects/cross-agent.js';
import { concordanceRows, loadConfigSpec, loadDialect, manifestOf } from '../../src/dialects/registry.js';
import { CANONICAL_TOOLS, toolNamesOf } from '../../src/kit/index.js';
import { scaffoldHook } from '../../src/scaffold/scaffold.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './claude/sandbox.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * Issue 41: one cross-agent concordance. Each dialect declares one row of its own names; the
 * registry gathers them; lint's hints, the matcher-alternatives check, case translation and the
 * multi-agent guard derive from it; each dialect's guard events are one fact of its event table.
 */
describe('the cross-agent concordance', () => {
  const rows = concordanceRows();

  it('has one row per agent, the canonical row (Claude Code) first, and each row names only its own agent’s events', () => {
    expect(rows.map((row) => row.agent)).toEqual([
      'Claude Code',
      'octo',
      'Codex',
      'Gemini CLI',
      'GitHub Copilot CLI',
      'Cursor',
      'Antigravity',
    ]);
    for (const { dialect, row } of rows) {
      if (dialect === null) continue;
      const events = new Set(manifestOf(dialect as never).events.map((event) => event.name));
      for (const name of [...Object.values(row.events), ...Object.values(row.movedEvents ?? {})])
        expect(events, `${dialect} ${name}`).toContain(name);
    }
  });

  it.each(['claude', 'codex', 'gemini'] as const)('%s: every tool its row names is a tool its lint knows', async (id) => {
    const row = rows.find((candidate) => candidate.dialect === id)!.row;
    const toolNames = (await loadConfigSpec(id)).lint?.toolNames;
    for (const tool of CANONICAL_TOOLS)
      for (const name of toolNamesOf(row, tool)) expect(toolNames?.tools, `${id} ${tool}`).toContain(name);
  });

  it('copilot: its row names the tools its payloads carry', async () => {
    const row = rows.find((candidate) => candidate.dialect === 'copilot')!.row;
    const samples = (await loadDialect('copilot')).toolSamples!.tools;
    // The Claude-named events carry Claude's names: PreToolUse `Bash`, PostToolUseFailure `Read` (its fixture), and the
    // PreToolUse payloads test/agents/copilot/replay.test.ts records (`Write`, `Edit`, `Grep`, `Glob`); `task` (`Agent`
    // there) is its subagent tool, which test/agents/copilot/events.test.ts drives.
    const claudeNamed = ['Bash', 'Read', 'Write', 'Edit', 'Grep', 'Glob', 'task', 'Agent'];
    for (const tool of CANONICAL_TOOLS) for (const name of toolNamesOf(row, tool)) expect([...samples, ...claudeNamed]).toContain(name);
  });

  it('adding an agent is one row: its tools and events reach every other agent’s hints, with that agent’s own names', () => {
    const toy: ConcordanceRow = {
      agent: 'Toy Agent',
      dialect: null,
      row: { events: { PreToolUse: 'beforeAction', Stop: 'turnDone' }, tools: { shell: 'exec', edit: ['patch_file', 'edit_file'] } },
    };
    const all = [...rows, toy];
    const gemini = all.find((row) => row.dialect === 'gemini')!;
    const codex = all.find((row) => row.dialect === 'codex')!;
    expect(toolHints(all, gemini, new Set())).toMatchObject({
      exec: { agent: 'Toy Agent', instead: 'run_shell_command' },
      patch_file: { agent: 'Toy Agent', instead: 'replace' },
      edit_file: { agent: 'Toy Agent', instead: 'replace' },
    });
    expect(toolHints(all, codex, new Set())).toMatchObject({ edit_file: { agent: 'Toy Agent', instead: 'apply_patch|Edit' } });
    expect(eventHints(all, gemini, new Set(manifestOf('gemini').events.map((event) => event.name)))).toMatchObject({
      beforeAction: { agent: 'Toy Agent', instead: 'BeforeTool' },
      turnDone: { agent: 'Toy Agent', instead: 'AfterAgent' },
    });
    // The toy's own hints: every other agent's names for what it has, and nothing for what it lacks.
    const own = toolHints(all, toy, new Set());
    expect(own).toMatchObject({
      Bash: { agent: 'Claude Code', instead: 'exec' },
      replace: { agent: 'Gemini CLI', instead: 'patch_file|edit_file' },
    });
    expect(own).not.toHaveProperty('read_file');
  });

  it('a name several agents share is attributed to the canonical row; a name of the agent itself is never foreign', async () => {
    const gemini = await loadConfigSpec('gemini');
    expect(gemini.lint?.otherAgentEvents?.PreToolUse).toEqual({ agent: 'Claude Code', instead: 'BeforeTool' });
    expect(gemini.lint?.toolNames?.equivalents?.Bash).toEqual({ agent: 'Claude Code', instead: 'run_shell_command' });
    const codex = await loadConfigSpec('codex');
    expect(codex.lint?.toolNames?.equivalents).not.toHaveProperty('Bash');
    expect(codex.lint?.otherAgentEvents).not.toHaveProperty('PreToolUse');
    // claude's former names are its spec's legacy and removed notes, not foreign names.
    const claude = await loadConfigSpec('claude');
    expect(claude.lint?.toolNames?.equivalents).not.toHaveProperty('MultiEdit');
    expect(claude.lint?.toolNames?.equivalents).not.toHaveProperty('Task');
  });
});

describe('one guard-event fact per dialect (its event table)', () => {
  it('claude: the guard events are the binary’s set; exit 2 refuses exactly where its exit-code table blocks', () => {
    expect([...GUARD_EVENTS].sort()).toEqual(
      ['PermissionRequest', 'PreModelSwitch', 'PreSkillShellCommand', 'PreToolUse', 'UserPromptExpansion', 'UserPromptSubmit'].sort(),
    );
    for (const event of manifestOf('claude').events) {
      if (event.guard === undefined) continue;
      expect(EVENT_RULES[event.name]!.exitTwo === 'block', event.name).toBe(event.guard === 'exit-2');
    }
  });

  it('claude PreModelSwitch (a guard whose exit 2 blocks the switch) gets the fail-closed sh scaffold', async () => {
    const box = makeTempProject();
    const scaffold = await scaffoldHook({
      dialect: await loadDialect('claude'),
      projectDir: box.project,
      event: 'PreModelSwitch',
      lang: 'sh',
    });
    const bin = join(box.root, 'bin');
    mkdirSync(bin);
    for (const program of ['sh', 'cat']) {
      const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).stdout.trim();
      symlinkSync(found, join(bin, program));
    }
    chmodSync(bin, 0o755);
    const run = spawnSync('/bin/sh', ['-c', scaffold.command], {
      cwd: box.project,
      input: '{"hook_event_name":"PreModelSwitch","to_model":"x"}',
      encoding: 'utf8',
      env: { PATH: bin, CLAUDE_PROJECT_DIR: box.project },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/cannot read the PreModelSwitch payload: install jq \(or python3 or node\)\n$/);
  });
});

describe('hints at load time', () => {
  it('claude: another agent’s event in a settings file is a warning when loading, and the file’s other hooks run', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({ BeforeTool: [group([command('echo never')])], Stop: [group([command('echo stop')])] }),
    );
    const outcome = await dispatchOnce(box, 'Stop');
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo stop']);
    expect(outcome.warnings).toContainEqual(
      expect.stringMatching(
        /settings\.json:\d+:\d+: warning: "BeforeTool" is an event of Gemini CLI, not of claude, .*"PreToolUse" \(unknown-event\)$/,
      ),
    );
  });
});
