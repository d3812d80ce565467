import { toolMatcherNeverMatches } from '../../../src/lint/rules/tool-matcher-never-matches.js';
import { CLAUDE_CODE } from '../../../src/dialects/claude/agent-version.js';
import { CLAUDE_SETTINGS, CODEX_JSON, OI_JSON, positionOf, RuleTester } from '../rule-tester.js';

const group = (event: string, matcher: string) =>
  `{ "hooks": { "${event}": [{ "matcher": ${JSON.stringify(matcher)}, "hooks": [{ "type": "command", "command": "x" }] }] } }`;
const NEVER = 'so it matches no tool and this hook never runs';
const at = (text: string, matcher: string) => positionOf(text, JSON.stringify(matcher));

const STOP = group('PostToolUse', 'Stop');
const GIT_COMMIT = group('PreToolUse', 'Bash(git commit*)');
const SKILL = group('PreToolUse', 'Skill(x.*)');
const CODEX_RULE = group('PreToolUse', 'Bash(rm *)');
const LOWER = group('PreToolUse', 'bash');
const LIST = group('PostToolUse', 'Edit|write');
const TERMINAL = group('PreToolUse', 'terminal');
const CODEX_SHELL = group('PreToolUse', 'Shell');
const TASK = group('PreToolUse', 'Task');
const MULTI_EDIT = group('PostToolUse', 'MultiEdit');
const EDITS = group('PostToolUse', 'Edit|Write|MultiEdit');
const GEMINI = 'project/.gemini/settings.json';
// Issue 39: an edit guard copied from Antigravity onto Gemini: write_file is Gemini's, the edits are not.
const ANTIGRAVITY_EDITS = group('BeforeTool', 'write_file|replace_file_content|multi_replace_file_content');

new RuleTester().run(toolMatcherNeverMatches, {
  valid: [
    {
      name: "another agent's name beside this agent's own for the same work (a config shared by two agents)",
      files: { [GEMINI]: group('BeforeTool', 'write_file|replace|replace_file_content') },
    },
    { name: "Codex's apply_patch beside Claude's Edit", files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'Edit|apply_patch') } },
    { name: 'a built-in tool', files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'Bash') } },
    { name: 'a list of tools', files: { [CLAUDE_SETTINGS]: group('PostToolUse', 'Edit|Write|NotebookEdit') } },
    { name: 'the Agent tool by its name', files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'Agent') } },
    { name: 'Task as a subagent type is not a tool name', files: { [CLAUDE_SETTINGS]: group('SubagentStart', 'Task') } },
    { name: 'a regex', files: { [CLAUDE_SETTINGS]: group('PreToolUse', '^(Bash|Edit)$') } },
    { name: 'an MCP tool', files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'mcp__github__create_issue') } },
    { name: 'an unknown tool is not guessed at', files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'SomeFutureTool') } },
    { name: 'an event name where the matcher is not a tool name', files: { [CLAUDE_SETTINGS]: group('SessionStart', 'startup') } },
    // Gemini tests an unanchored regex: the Codex model's `shell` matches run_shell_command, so no hint.
    { name: "Gemini: the Codex model's shell, a piece of run_shell_command", files: { [GEMINI]: group('BeforeTool', 'shell') } },
    { name: 'codex: apply_patch and its alias', files: { [CODEX_JSON]: group('PreToolUse', 'apply_patch|Edit') } },
    {
      name: 'openinterpreter: a host may add aliases, so foreign names are left alone',
      files: { [OI_JSON]: group('PreToolUse', 'terminal') },
    },
  ],
  invalid: [
    {
      name: 'an event name as the matcher of a tool event',
      files: { [CLAUDE_SETTINGS]: STOP },
      errors: [
        {
          messageId: 'eventName',
          ...at(STOP, 'Stop'),
          message:
            'matcher "Stop" is an event name, but PostToolUse matchers are compared with tool names, ' +
            'so it matches no tool and this hook never runs; declare it under "hooks.Stop"',
        },
      ],
    },
    {
      name: 'permission-rule syntax on an event that evaluates if',
      files: { [CLAUDE_SETTINGS]: GIT_COMMIT },
      errors: [
        {
          messageId: 'permissionRuleIf',
          ...at(GIT_COMMIT, 'Bash(git commit*)'),
          message:
            'matcher "Bash(git commit*)" is permission-rule syntax, but matchers are compared with tool names, ' +
            'so it matches no tool and this hook never runs; write "matcher": "Bash" and "if": "Bash(git commit*)" on the handler',
        },
      ],
    },
    {
      name: 'a Skill rule',
      files: { [CLAUDE_SETTINGS]: SKILL },
      errors: [
        { messageId: 'permissionRuleIf', ...at(SKILL, 'Skill(x.*)'), data: { name: '"Skill(x.*)"', tool: 'Skill', rule: '"Skill(x.*)"' } },
      ],
    },
    {
      name: 'codex has no if: only the matcher is suggested',
      files: { [CODEX_JSON]: CODEX_RULE },
      errors: [{ messageId: 'permissionRule', ...at(CODEX_RULE, 'Bash(rm *)'), data: { name: '"Bash(rm *)"', tool: 'Bash' } }],
    },
    {
      name: 'a built-in tool in the wrong case',
      files: { [CLAUDE_SETTINGS]: LOWER },
      errors: [
        {
          messageId: 'wrongCase',
          ...at(LOWER, 'bash'),
          message: `matcher "bash" is compared with tool names case-sensitively, ${NEVER}; the tool is "Bash"`,
        },
      ],
    },
    {
      name: 'one piece of a list in the wrong case',
      files: { [CLAUDE_SETTINGS]: LIST },
      errors: [{ messageId: 'wrongCase', ...at(LIST, 'Edit|write'), data: { name: '"write"', tool: 'Write' } }],
    },
    {
      name: "octo's shell tool in claude",
      files: { [CLAUDE_SETTINGS]: TERMINAL },
      errors: [
        {
          messageId: 'otherAgent',
          ...at(TERMINAL, 'terminal'),
          message: `matcher "terminal" is a tool name of octo, not of claude, ${NEVER}; claude calls it "Bash"`,
        },
      ],
    },
    {
      name: "Cursor's shell tool in codex",
      files: { [CODEX_JSON]: CODEX_SHELL },
      errors: [
        {
          messageId: 'otherAgent',
          ...at(CODEX_SHELL, 'Shell'),
          data: { name: '"Shell"', agent: 'Cursor', dialect: 'codex', tool: 'Bash' },
        },
      ],
    },
    {
      name: 'Task, the old name of Agent: the hook runs (Claude Code maps it), an info note',
      files: { [CLAUDE_SETTINGS]: TASK },
      errors: [
        {
          messageId: 'legacyName',
          ...at(TASK, 'Task'),
          severity: 'info',
          message:
            'matcher "Task" uses "Task", the old name of the Agent tool: Claude Code (2.1.63 and later) still matches it against ' +
            'Agent calls, whose payloads say "tool_name": "Agent"; write "Agent"',
        },
      ],
    },
    {
      name: 'a removed tool alone: the hook never runs, an error',
      files: { [CLAUDE_SETTINGS]: MULTI_EDIT },
      errors: [
        {
          messageId: 'removed',
          ...at(MULTI_EDIT, 'MultiEdit'),
          severity: 'error',
          message:
            `matcher "MultiEdit" names "MultiEdit", a tool ${CLAUDE_CODE} no longer has, so it matches no tool and this hook ` +
            'never runs; its work comes as "Edit"',
        },
      ],
    },
    {
      name: 'a removed tool beside tools that match: an info note',
      files: { [CLAUDE_SETTINGS]: EDITS },
      errors: [
        {
          messageId: 'removed',
          ...at(EDITS, 'Edit|Write|MultiEdit'),
          severity: 'info',
          data: {
            name: '"Edit|Write|MultiEdit"',
            old: 'MultiEdit',
            agent: `${CLAUDE_CODE}`,
            effect: 'that name matches nothing',
            tool: 'Edit',
          },
        },
      ],
    },
    {
      // Issue 41: GitHub Copilot CLI's row of the concordance: its camelCase tool names reach every dialect's hints.
      name: "Gemini: Copilot CLI's view tool, from copilot's row of the concordance",
      files: { [GEMINI]: group('BeforeTool', 'view') },
      errors: [
        {
          messageId: 'otherAgent',
          ...at(group('BeforeTool', 'view'), 'view'),
          message: `matcher "view" is a tool name of GitHub Copilot CLI, not of gemini, ${NEVER}; gemini calls it "read_file"`,
        },
      ],
    },
    {
      name: "Codex: Claude Code's former MultiEdit, from claude's row (otherNames): Codex matches Edit against apply_patch",
      files: { [CODEX_JSON]: group('PreToolUse', 'MultiEdit') },
      errors: [
        {
          messageId: 'otherAgent',
          ...at(group('PreToolUse', 'MultiEdit'), 'MultiEdit'),
          message: `matcher "MultiEdit" is a tool name of Claude Code, not of codex, ${NEVER}; codex calls it "apply_patch|Edit"`,
        },
      ],
    },
    {
      name: "Gemini: write_file with Antigravity's edit tools, but not Gemini's replace: each foreign alternative is reported",
      files: { [GEMINI]: ANTIGRAVITY_EDITS },
      errors: [
        {
          messageId: 'foreignAlternative',
          ...at(ANTIGRAVITY_EDITS, 'write_file|replace_file_content|multi_replace_file_content'),
          severity: 'error',
          message:
            'matcher "write_file|replace_file_content|multi_replace_file_content" names "replace_file_content", a tool of Antigravity, ' +
            'not of gemini, and not "replace", which gemini calls it: its replace calls bypass this hook; add "replace"',
        },
        {
          messageId: 'foreignAlternative',
          ...at(ANTIGRAVITY_EDITS, 'write_file|replace_file_content|multi_replace_file_content'),
          data: {
            matcher: '"write_file|replace_file_content|multi_replace_file_content"',
            name: '"multi_replace_file_content"',
            agent: 'Antigravity',
            dialect: 'gemini',
            tool: 'replace',
          },
        },
      ],
    },
    {
      name: "claude: Bash beside Gemini's read_file, without Read",
      files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'Bash|read_file') },
      errors: [
        {
          messageId: 'foreignAlternative',
          line: 1,
          column: 42,
          data: { matcher: '"Bash|read_file"', name: '"read_file"', agent: 'Gemini CLI', dialect: 'claude', tool: 'Read' },
        },
      ],
    },
    {
      name: "a matcher of another agent's names only is still one finding: the hook never runs",
      files: { [GEMINI]: group('BeforeTool', 'replace_file_content|multi_replace_file_content') },
      errors: [
        {
          messageId: 'otherAgent',
          line: 1,
          column: 42,
          message: /a tool name of Antigravity, not of gemini, so it matches no tool .*"replace"$/,
        },
      ],
    },
  ],
});
