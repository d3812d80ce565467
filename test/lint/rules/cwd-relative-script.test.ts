import type { DialectConfigSpec } from '../../../src/config/config-spec.js';
import { expect } from 'vitest';
import { cwdRelativeScript } from '../../../src/lint/rules/cwd-relative-script.js';
import { CLAUDE_SETTINGS, CODEX_JSON, OCTO_YAML, OI_JSON, OI_TOML, RuleTester, COPILOT_JSON, copilotHook } from '../rule-tester.js';

/** A claude settings file with one handler on `event`. */
function claude(event: string, handler: Record<string, unknown>, matcher?: string): string {
  const group =
    matcher === undefined ? { hooks: [{ type: 'command', ...handler }] } : { matcher, hooks: [{ type: 'command', ...handler }] };
  return `{\n  "hooks": {\n    "${event}": [\n      ${JSON.stringify(group)}\n    ]\n  }\n}\n`;
}
/** A hooks.json (openinterpreter, codex) with one command on `event`. */
function groups(event: string, command: string): string {
  return `{\n  "hooks": {\n    "${event}": [\n      ${JSON.stringify({ hooks: [{ type: 'command', command }] })}\n    ]\n  }\n}\n`;
}

const GIT_ROOT = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/';
/** Why the path misses, per agent (issue 39): claude, openinterpreter and octo follow `cd`; Codex has its own reason. */
const FOLLOWS_CD = "the agent runs hooks in the session's cwd, which follows `cd`: from any other directory";
const CODEX_PREMISE =
  'Codex finds .codex/ from the git root but runs hooks in the directory the session started in: in a session started in a subdirectory';

// Copilot's own spec says nothing (cwdPremise null: that a `cd` moves its hooks is not proven); with the default premise
// the rule reads its `bash` command (issue 42).
const COPILOT_REL = copilotHook('preToolUse', 'bash .github/hooks/guard.sh');
const followsCd = (spec: DialectConfigSpec): DialectConfigSpec => ({
  ...spec,
  lint: { ...spec.lint, projectAnchor: { ...spec.lint!.projectAnchor!, cwdPremise: undefined } },
});

new RuleTester().run(cwdRelativeScript, {
  valid: [
    {
      name: 'copilot: an ignored command is run from nowhere (issue 39)',
      files: {
        'project/.github/hooks/hooks.json':
          '{ "version": 1, "hooks": { "preToolUse": [{ "type": "command", "bash": "true", "command": "bin/run-hook.sh" }] } }',
        'project/bin/run-hook.sh': { content: '#!/bin/sh\n', executable: true },
      },
    },
    {
      name: 'claude: anchored on the project dir',
      files: { [CLAUDE_SETTINGS]: claude('PreToolUse', { command: 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh' }) },
    },
    {
      name: 'claude: braced and inside the quotes',
      files: { [CLAUDE_SETTINGS]: claude('Stop', { command: 'python3 "${CLAUDE_PROJECT_DIR}/.claude/hooks/s.py"' }) },
    },
    {
      name: 'claude exec form: the placeholder Claude substitutes',
      files: { [CLAUDE_SETTINGS]: claude('PreToolUse', { command: 'node', args: ['${CLAUDE_PROJECT_DIR}/.claude/hooks/g.mjs'] }) },
    },
    {
      name: "claude exec form: a program name with spaces is exec-command-has-spaces' finding",
      files: { [CLAUDE_SETTINGS]: claude('PreToolUse', { command: 'node .claude/hooks/log.mjs', args: ['x'] }) },
    },
    {
      name: "an unknown event is unknown-event's finding",
      files: { [OI_JSON]: groups('PreToolUze', 'python3 hooks/g.py') },
    },
    {
      name: 'claude: a cd to the project dir first',
      files: { [CLAUDE_SETTINGS]: claude('Stop', { command: 'cd "$CLAUDE_PROJECT_DIR" && ./hooks/s.sh' }) },
    },
    { name: 'claude: a program on PATH', files: { [CLAUDE_SETTINGS]: claude('PreToolUse', { command: 'jq -r .tool_name' }) } },
    { name: 'claude: an absolute path', files: { [CLAUDE_SETTINGS]: claude('PreToolUse', { command: '/opt/guards/g.sh' }) } },
    { name: 'claude: a module, not a file', files: { [CLAUDE_SETTINGS]: claude('PreToolUse', { command: 'python3 -m guards.bash' }) } },
    {
      name: "claude: the user's own settings are not the repository's",
      files: { 'home/.claude/settings.json': claude('PreToolUse', { command: 'bash hooks/g.sh' }) },
    },
    { name: 'codex: anchored on the git root', files: { [CODEX_JSON]: groups('PreToolUse', `node ${GIT_ROOT}.codex/hooks/g.mjs`) } },
    {
      name: 'openinterpreter: anchored on the git root',
      files: { [OI_JSON]: groups('Stop', `python3 ${GIT_ROOT}.openinterpreter/hooks/s.py`) },
    },
    {
      // Issue 39: Gemini CLI reads .gemini/settings.json only from the directory it starts in and runs
      // hooks there, so a path relative to that directory cannot break after a cd.
      name: 'gemini: workspace settings, whose hooks run where the file was found',
      files: {
        'project/.gemini/settings.json':
          '{\n  "hooks": {\n    "BeforeTool": [\n      { "matcher": "run_shell_command", ' +
          '"hooks": [{ "type": "command", "command": "python3 .gemini/hooks/guard.py" }] }\n    ]\n  }\n}\n',
      },
    },
    {
      name: 'octo: anchored on the git root',
      files: { [OCTO_YAML]: `hooks:\n  PreToolUse:\n    - command: sh ${GIT_ROOT}.octo/hooks/g.sh\n` },
    },
  ],
  invalid: [
    {
      name: 'copilot: the bash command, under a premise that hooks follow cd',
      files: { [COPILOT_JSON]: COPILOT_REL.text, 'project/.github/hooks/guard.sh': '#!/bin/sh\n' },
      adjustSpec: followsCd,
      errors: [{ messageId: 'fails', ...COPILOT_REL.at }],
    },
    {
      name: 'claude: bash on PreToolUse fails open',
      files: { [CLAUDE_SETTINGS]: claude('PreToolUse', { command: 'bash .claude/hooks/guard.sh' }, 'Bash') },
      errors: [
        {
          messageId: 'failsOpen',
          line: 4,
          column: 62,
          message:
            '".claude/hooks/guard.sh" is relative to the cwd, and the agent runs hooks in the session\'s cwd, which follows `cd`: ' +
            'from any other directory bash exits 127, a non-blocking error: this PreToolUse hook silently does nothing (it fails open); ' +
            'write "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
        },
      ],
    },
    {
      name: 'claude: python on PreToolUse blocks every tool call',
      files: { [CLAUDE_SETTINGS]: claude('PreToolUse', { command: 'python3 .claude/hooks/guard.py' }) },
      errors: [
        {
          messageId: 'blocks',
          line: 4,
          column: 45,
          data: {
            script: '.claude/hooks/guard.py',
            premise: FOLLOWS_CD,
            runner: 'python3',
            event: 'PreToolUse',
            effect: 'denies every tool call it matches',
            anchored: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.py',
          },
        },
      ],
    },
    {
      name: 'claude: uv run on Stop never lets the turn end',
      files: { [CLAUDE_SETTINGS]: claude('Stop', { command: 'uv run .claude/hooks/stop.py' }) },
      errors: [
        {
          messageId: 'blocks',
          line: 4,
          column: 45,
          data: expectData('uv', 'Stop', 'keeps every turn from ending (Claude gives up after 8 blocks)'),
        },
      ],
    },
    {
      name: 'claude: sh is dash on Debian, where exit 2 blocks',
      files: { [CLAUDE_SETTINGS]: claude('UserPromptSubmit', { command: 'sh ./.claude/hooks/p.sh' }) },
      errors: [
        {
          messageId: 'mayBlock',
          line: 4,
          column: 45,
          data: {
            script: './.claude/hooks/p.sh',
            premise: FOLLOWS_CD,
            runner: 'sh',
            exit: '127',
            event: 'UserPromptSubmit',
            effect: 'blocks and erases every prompt',
            anchored: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/p.sh',
          },
        },
      ],
    },
    {
      name: 'claude: any failure of a WorktreeCreate hook fails the creation',
      files: { [CLAUDE_SETTINGS]: claude('WorktreeCreate', { command: 'node .claude/hooks/wt.mjs' }) },
      errors: [
        {
          messageId: 'fails',
          line: 4,
          column: 45,
          data: {
            script: '.claude/hooks/wt.mjs',
            premise: FOLLOWS_CD,
            runner: 'node',
            exit: '1',
            event: 'WorktreeCreate',
            effect: 'fails every worktree creation',
            anchored: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/wt.mjs',
          },
        },
      ],
    },
    {
      name: 'claude exec form: the anchor is the placeholder',
      files: { [CLAUDE_SETTINGS]: claude('SessionStart', { command: 'node', args: ['.claude/hooks/start.mjs'] }) },
      errors: [
        {
          messageId: 'failsOpen',
          line: 4,
          column: 45,
          data: { ...expectData('node', 'SessionStart'), anchored: '${CLAUDE_PROJECT_DIR}/.claude/hooks/start.mjs' },
        },
      ],
    },
    {
      name: 'claude local settings, a cd into a relative directory',
      files: { 'project/.claude/settings.local.json': claude('PostToolUse', { command: 'cd .claude/hooks && ./fmt.sh' }) },
      errors: [
        {
          messageId: 'failsOpen',
          line: 4,
          column: 45,
          data: {
            script: '.claude/hooks/fmt.sh',
            premise: FOLLOWS_CD,
            runner: 'the shell',
            exit: '127',
            event: 'PostToolUse',
            anchored: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/fmt.sh',
          },
        },
      ],
    },
    {
      name: 'codex: node on PreToolUse fails open; the anchor is the git root',
      files: { [CODEX_JSON]: groups('PreToolUse', 'node .codex/hooks/guard.mjs') },
      errors: [
        {
          messageId: 'failsOpen',
          line: 4,
          column: 45,
          data: {
            script: '.codex/hooks/guard.mjs',
            premise: CODEX_PREMISE,
            runner: 'node',
            exit: '1',
            event: 'PreToolUse',
            anchored: `${GIT_ROOT}.codex/hooks/guard.mjs`,
          },
          // Codex's own reason (issue 39): it finds .codex/ from the git root, not from the session's cwd.
          message:
            '".codex/hooks/guard.mjs" is relative to the cwd, and Codex finds .codex/ from the git root but runs hooks in the ' +
            'directory the session started in: in a session started in a subdirectory node exits 1, a non-blocking error: ' +
            `this PreToolUse hook silently does nothing (it fails open); write ${GIT_ROOT}.codex/hooks/guard.mjs`,
        },
      ],
    },
    {
      name: 'openinterpreter TOML: python on PermissionRequest denies',
      files: {
        [OI_TOML]: '[[hooks.PermissionRequest]]\n[[hooks.PermissionRequest.hooks]]\ntype = "command"\ncommand = "python3 hooks/p.py"\n',
      },
      errors: [
        {
          messageId: 'blocks',
          line: 4,
          column: 11,
          data: {
            script: 'hooks/p.py',
            premise: FOLLOWS_CD,
            runner: 'python3',
            event: 'PermissionRequest',
            effect: 'denies every approval request it matches',
            anchored: `${GIT_ROOT}hooks/p.py`,
          },
        },
      ],
    },
    {
      name: 'octo: exit 2 blocks only on PreToolUse',
      files: {
        [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: python3 .octo/hooks/g.py\n  Stop:\n    - command: python3 .octo/hooks/s.py\n',
      },
      errors: [
        {
          messageId: 'blocks',
          line: 3,
          column: 16,
          data: { ...expectData('python3', 'PreToolUse', 'blocks every tool call it matches'), anchored: `${GIT_ROOT}.octo/hooks/g.py` },
        },
        {
          messageId: 'failsOpen',
          line: 5,
          column: 16,
          data: { ...expectData('python3', 'Stop'), exit: '2', anchored: `${GIT_ROOT}.octo/hooks/s.py` },
        },
      ],
    },
  ],
});

/** The data of a finding, with the placeholders a case does not care about matched loosely. */
function expectData(runner: string, event: string, effect?: string): Record<string, unknown> {
  const any = expect.any(String);
  return effect === undefined
    ? { script: any, premise: FOLLOWS_CD, runner, exit: any, event, anchored: any }
    : { script: any, premise: FOLLOWS_CD, runner, event, effect, anchored: any };
}
