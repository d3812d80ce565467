import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from '../../dialects/claude/sandbox.js';
import { readFixture } from './harness.js';

/**
 * Worked examples of the Claude Code docs (mirror zhalice2011/claude-code-docs at 19dd01fa), run as
 * written: the documented settings, the documented scripts (with jq), the documented commands, and
 * what the docs say happens. Each test names the file, section and line.
 */

// The script of hooks.md §How a hook resolves, line 100, as documented.
const BLOCK_RM = `#!/bin/bash
# .claude/hooks/block-rm.sh
COMMAND=$(jq -r '.tool_input.command')

if echo "$COMMAND" | grep -q 'rm -rf'; then
  jq -n '{
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "Destructive command blocked by hook"
    }
  }'
else
  exit 0  # no decision; normal permission flow applies
fi
`;

const bash = (commandText: string) => ({ tool_name: 'Bash', tool_input: { command: commandText } });

describe('hooks.md §How a hook resolves (line 69)', () => {
  // The settings of line 77 (config/hooks-how-a-hook-resolves.json): exec form with "args": [], an if filter.
  function box() {
    const sandbox = makeClaudeSandbox();
    sandbox.settings('project/.claude/settings.json', readFixture('config/hooks-how-a-hook-resolves.json'));
    sandbox.write('project/.claude/hooks/block-rm.sh', BLOCK_RM, { executable: true });
    return sandbox;
  }

  it('"rm -rf /tmp/build" matches Bash(rm *), so block-rm.sh spawns and denies (line 207)', async () => {
    const outcome = await dispatchOnce(box(), 'PreToolUse', bash('rm -rf /tmp/build'));
    expect(outcome).toMatchObject({ decision: 'deny', reason: 'Destructive command blocked by hook', blocked: true });
    expect(outcome.runs).toHaveLength(1);
  });

  it('"npm test" fails the if check, so block-rm.sh never runs (line 207)', async () => {
    const outcome = await dispatchOnce(box(), 'PreToolUse', bash('npm test'));
    expect(outcome).toMatchObject({ decision: null, runs: [] });
  });

  it('a Read call is not matched by "Bash" at all', async () => {
    expect((await dispatchOnce(box(), 'PreToolUse', { tool_name: 'Read', tool_input: { file_path: '/tmp/x' } })).runs).toEqual([]);
  });
});

describe('hooks-guide.md §Combine results from multiple hooks (line 512)', () => {
  it('both hooks run; the guardrail’s exit 2 denies; the log entry is still written (line 541)', async () => {
    const sandbox = makeClaudeSandbox();
    const settings = readFixture('config/hooks-guide-combine-results-from-multiple-hooks.json');
    sandbox.settings('project/.claude/settings.json', settings);
    sandbox.write('home/.claude/settings.json', '{}');
    sandbox.write(
      'project/.claude/hooks/block-rm-rf.sh',
      '#!/bin/bash\nif jq -r .tool_input.command | grep -q "rm -rf"; then echo "rm -rf is not allowed" >&2; exit 2; fi\n',
      { executable: true },
    );
    const outcome = await dispatchOnce(sandbox, 'PreToolUse', bash('rm -rf /tmp/build'), {
      env: { PATH: process.env.PATH, HOME: sandbox.home },
    });
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'rm -rf is not allowed' });
    expect(outcome.runs.map((run) => run.status)).toEqual(['completed', 'blocked']);
    expect(readFileSync(join(sandbox.home, '.claude/bash.log'), 'utf8')).toBe('rm -rf /tmp/build\n');
  });
});

describe('hooks-guide.md §Auto-approve specific permission prompts (line 415)', () => {
  it('ExitPlanMode is allowed; other prompts are not touched', async () => {
    const sandbox = makeClaudeSandbox();
    sandbox.settings('home/.claude/settings.json', readFixture('config/hooks-guide-auto-approve-specific-permission-prompts.json'));
    expect(await dispatchOnce(sandbox, 'PermissionRequest', { tool_name: 'ExitPlanMode', tool_input: { plan: 'x' } })).toMatchObject({
      decision: 'allow',
      blocked: false,
    });
    expect(await dispatchOnce(sandbox, 'PermissionRequest', bash('ls'))).toMatchObject({ decision: null, runs: [] });
  });
});

describe('hooks.md §Matcher patterns (line 282)', () => {
  // The table of line 286 and the sentences after it, each as [matcher, tool name, fires].
  it.each([
    ['*', 'Bash', true],
    ['', 'Bash', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Edit|Write', 'Write', true],
    ['Edit, Write', 'Edit', true],
    ['^Notebook', 'NotebookEdit', true],
    ['^Notebook', 'Edit', false],
    ['mcp__memory__.*', 'mcp__memory__create_entities', true],
    ['mcp__memory__.*', 'mcp__filesystem__read_file', false],
    ['Edit.*', 'NotebookEdit', true],
    ['^Edit$', 'NotebookEdit', false],
    // hooks.md §Match MCP tools (line 351): `mcp__.*` matches every MCP tool; a bare server name is exact.
    ['mcp__.*', 'mcp__github__search_repositories', true],
    ['mcp__memory', 'mcp__memory__create_entities', false],
  ])('matcher %j on %s fires: %s', async (matcher, toolName, fires) => {
    const sandbox = makeClaudeSandbox();
    sandbox.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([command('true')], matcher)] }));
    expect((await dispatchOnce(sandbox, 'PreToolUse', { tool_name: toolName, tool_input: {} })).runs.length).toBe(fires ? 1 : 0);
  });

  it.each([
    ['code-reviewer', 'code-reviewer', true],
    ['code-reviewer', 'senior-code-reviewer', false],
  ])('SubagentStart matcher %j on agent type %s fires: %s (line 295)', async (matcher, agentType, fires) => {
    const sandbox = makeClaudeSandbox();
    sandbox.settings('project/.claude/settings.json', hooks({ SubagentStart: [group([command('true')], matcher)] }));
    expect((await dispatchOnce(sandbox, 'SubagentStart', { agent_type: agentType })).runs.length).toBe(fires ? 1 : 0);
  });

  it('a matcher on an event without matcher support is silently ignored: the hook fires (line 347)', async () => {
    const sandbox = makeClaudeSandbox();
    sandbox.settings('project/.claude/settings.json', hooks({ UserPromptSubmit: [group([command('true')], 'Bash')] }));
    expect((await dispatchOnce(sandbox, 'UserPromptSubmit')).runs).toHaveLength(1);
  });
});

describe('hooks.md §Exit code 2 (line 780): the documented block-rm script', () => {
  it('exit 2 blocks with stderr as the reason; any other command is left to the permission flow', async () => {
    const sandbox = makeClaudeSandbox();
    // hooks.md line 788, as documented.
    sandbox.write(
      'project/block.sh',
      '#!/bin/bash\ninput=$(cat)\ncommand=$(jq -r \'.tool_input.command\' <<<"$input")\n\nif [[ "$command" == rm* ]]; then\n' +
        '  echo "Blocked: rm commands are not allowed" >&2\n  exit 2\nfi\n\nexit 0\n',
      { executable: true },
    );
    sandbox.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([command('./block.sh')], 'Bash')] }));
    expect(await dispatchOnce(sandbox, 'PreToolUse', bash('rm -rf dist'))).toMatchObject({
      decision: 'deny',
      reason: 'Blocked: rm commands are not allowed',
    });
    expect(await dispatchOnce(sandbox, 'PreToolUse', bash('ls'))).toMatchObject({ decision: null, blocked: false });
  });
});

describe('hooks.md §Exit code 2 behavior per event (line 829), row by row', () => {
  // [event, "Can block?", what the row says happens, the outcome hookctl reports]
  const ROWS: [string, boolean, string][] = [
    ['PreToolUse', true, 'Blocks the tool call'],
    ['PermissionRequest', false, 'Exit code 2 isn’t honored for this event'],
    ['UserPromptSubmit', true, 'Blocks prompt processing and erases the prompt'],
    ['UserPromptExpansion', true, 'Blocks the expansion'],
    ['Stop', true, 'Prevents Claude from stopping'],
    ['SubagentStop', true, 'Prevents the subagent from stopping'],
    ['TeammateIdle', true, 'Prevents the teammate from going idle'],
    ['TaskCreated', true, 'Rolls back the task creation'],
    ['TaskCompleted', true, 'Prevents the task from being marked as completed'],
    ['ConfigChange', true, 'Blocks the configuration change'],
    ['StopFailure', false, 'Output and exit code are ignored'],
    ['PostToolUse', true, 'Shows stderr to Claude; the tool already ran'],
    ['PostToolUseFailure', true, 'Shows stderr to Claude; the tool already failed'],
    ['PostToolBatch', true, 'Stops the agentic loop'],
    ['PermissionDenied', false, 'Exit code and stderr are ignored'],
    ['Notification', false, 'Exit code and stderr are ignored'],
    ['SubagentStart', false, 'Shows stderr to user only'],
    ['SessionStart', false, 'Shows stderr to user only'],
    ['Setup', false, 'Shows stderr to user only'],
    ['SessionEnd', false, 'Shows stderr to user only'],
    ['CwdChanged', false, 'Shows stderr to user only'],
    ['DirectoryAdded', false, 'Stderr goes to the debug log'],
    ['FileChanged', false, 'Shows stderr to user only'],
    ['PreCompact', true, 'Blocks compaction'],
    ['PostCompact', false, 'Shows stderr to user only'],
    ['Elicitation', true, 'Denies the elicitation'],
    ['ElicitationResult', true, 'Blocks the response (action becomes decline)'],
    ['WorktreeCreate', true, 'Any non-zero exit code causes worktree creation to fail'],
    ['WorktreeRemove', false, 'Failures are logged in debug mode only'],
    ['InstructionsLoaded', false, 'Exit code is ignored'],
    ['MessageDisplay', false, 'The original text is displayed'],
  ];

  it('has a row for each of the 31 events', () => {
    expect(new Set(ROWS.map(([event]) => event)).size).toBe(31);
  });

  // PostToolUse/PostToolUseFailure "can block" only in the sense that the feedback reaches Claude:
  // hookctl reports it as blocked (SPEC-dialects 8.5.8).
  it.each(ROWS)('%s: blocks %s (%s)', async (event, blocks) => {
    const sandbox = makeClaudeSandbox();
    sandbox.settings('project/.claude/settings.json', hooks({ [event]: [group([command('echo "stop this" >&2; exit 2')])] }));
    const outcome = await dispatchOnce(sandbox, event);
    expect(outcome.blocked).toBe(blocks);
    if (event === 'PreToolUse') expect(outcome.decision).toBe('deny');
    if (event === 'Elicitation' || event === 'ElicitationResult') expect(outcome.dialectOutput).toEqual({ action: 'decline' });
    if (blocks && event !== 'WorktreeCreate') expect(outcome.reason).toBe('stop this');
  });
});

describe('hooks.md §Hook handler fields (line 400): the same handler in several settings files runs once', () => {
  it('user and project copies of one command run once; a plugin copy stays separate (line 410)', async () => {
    const sandbox = makeClaudeSandbox();
    const settings = hooks({ PostToolUse: [group([command('npx prettier --write')], 'Edit|Write')] });
    sandbox.settings('home/.claude/settings.json', settings);
    sandbox.settings('project/.claude/settings.json', settings);
    sandbox.settings('home/.claude/plugins/cache/m/fmt/1/hooks/hooks.json', settings);
    sandbox.settings('project/.claude/settings.local.json', { enabledPlugins: { 'fmt@m': true } });
    const outcome = await dispatchOnce(
      sandbox,
      'PostToolUse',
      { tool_name: 'Write', tool_input: { file_path: 'x', content: '' }, tool_response: {} },
      { env: { PATH: '/nonexistent' } },
    );
    expect(outcome.runs.map((run) => [run.source, run.skipReason])).toEqual([
      ['user', null],
      ['project', 'duplicate'],
      ['plugin', null],
    ]);
  });
});
