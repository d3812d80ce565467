import { describe, expect, it } from 'vitest';
import { type CollectionFile, lintCollectionRepo } from './lint-collection-repo.js';

/**
 * Issue 39, measured: a collection modelled on 50 public hook configurations (Codex `.codex/hooks.json`,
 * Gemini `.gemini/settings.json` and an extension, Copilot `.github/hooks/*.json`, Claude plugins and
 * `.claude/hooks.json` near misses). No third-party file is here: each case is our own config with the
 * same shapes and mistakes (event names, matcher strings, path shapes), and the findings expected from
 * reading the original. `*` marks a mistake that makes a hook fail open or never run.
 *
 * The test lints each case with the binary and computes, over the whole collection, precision (error and
 * warning findings that are expected) and recall (expected fail-open mistakes found); it prints both and
 * fails below 98% / 90%.
 */
type File = CollectionFile;
interface Case {
  name: string;
  files: Record<string, File>;
  /** `ruleId`, with a trailing `*` for a fail-open mistake; one entry per expected finding. */
  expected: string[];
}

const SCRIPT: File = { content: '#!/bin/sh\nexit 0\n', executable: true };
const json = (value: unknown) => JSON.stringify(value, null, 2);
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
const group = (hooks: unknown[], matcher?: string) => ({ ...(matcher === undefined ? {} : { matcher }), hooks });
const settings = (hooks: Record<string, unknown[]>, rest: Record<string, unknown> = {}) => json({ ...rest, hooks });

const CASES: Case[] = [
  // ---------------------------------------------------------------- codex
  {
    name: 'codex: a Stop gate run from the git root',
    files: {
      '.codex/hooks.json': settings({
        Stop: [group([cmd('cd "$(git rev-parse --show-toplevel)" && .codex/hooks/stop-gate.sh make -s gate', { timeout: 300 })])],
      }),
      '.codex/hooks/stop-gate.sh': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'codex: one tracer on six events, python and its rules under a home directory',
    files: {
      '.codex/hooks.json': settings(
        Object.fromEntries(
          ['SessionStart', 'SubagentStart', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'SessionEnd'].map((event) => [
            event,
            [
              group(
                [
                  cmd(
                    '/usr/bin/python3 /Users/mara/Desktop/Projects/Tracer/.tracer/hook.py ' +
                      '--rules /Users/mara/Desktop/Projects/Tracer/.tracer/rules.json',
                    { timeout: 2 },
                  ),
                ],
                event.startsWith('P') ? '*' : undefined,
              ),
            ],
          ]),
        ),
        { description: 'tracing hooks' },
      ),
      '.tracer/hook.py': SCRIPT,
    },
    expected: Array(6).fill('machine-specific-path*'),
  },
  {
    name: 'codex: guards quoted at the author’s checkout, a Skill matcher, a script relative to the cwd',
    files: {
      '.codex/hooks.json': settings({
        PreToolUse: [
          group([cmd('.claude/scripts/clean-context.sh --prompt')], 'Skill(plan-and-analyze.*)'),
          group(
            [
              cmd("'/Users/sol/Documents/GitHub/constructs/.codex/hooks/safety/block-destructive.sh'"),
              cmd("'/Users/sol/Documents/GitHub/constructs/.codex/hooks/safety/role-guard.sh'"),
            ],
            'Bash',
          ),
          group([cmd("'/Users/sol/Documents/GitHub/constructs/.codex/hooks/safety/role-guard-write.sh'")], 'Write'),
          group([cmd("'/Users/sol/Documents/GitHub/constructs/.codex/hooks/trajectory/skill-pre.sh'")], 'Skill'),
        ],
        PostToolUse: [group([cmd("'/Users/sol/Documents/GitHub/constructs/.codex/hooks/audit/mutation-log.sh'")], 'Bash')],
        Stop: [group([cmd("'/Users/sol/Documents/GitHub/constructs/.codex/hooks/safety/stop-guard.sh'")])],
      }),
      '.claude/scripts/clean-context.sh': SCRIPT,
      '.codex/hooks/safety/block-destructive.sh': SCRIPT,
      '.codex/hooks/safety/role-guard.sh': SCRIPT,
      '.codex/hooks/safety/role-guard-write.sh': SCRIPT,
      '.codex/hooks/trajectory/skill-pre.sh': SCRIPT,
      '.codex/hooks/audit/mutation-log.sh': SCRIPT,
      '.codex/hooks/safety/stop-guard.sh': SCRIPT,
    },
    expected: [
      'tool-matcher-never-matches*',
      'cwd-relative-script*',
      'machine-specific-path*',
      'machine-specific-path*',
      'machine-specific-path*',
      'tool-matcher-never-matches*',
      'machine-specific-path*',
      'machine-specific-path*',
      'machine-specific-path*',
    ],
  },
  {
    name: 'codex: node -e walking up to the project’s marker file',
    files: {
      '.codex/hooks.json': settings({
        SessionStart: [
          group(
            [
              cmd(
                `node -e 'const fs=require("node:fs"),p=require("node:path");let r=process.cwd();` +
                  `while(!fs.existsSync(p.join(r,".kit/root.json"))&&p.dirname(r)!==r)r=p.dirname(r);require(p.join(r,".kit/start.js"))'`,
              ),
            ],
            'startup|resume',
          ),
        ],
      }),
      '.kit/root.json': '{}',
    },
    expected: [],
  },
  {
    name: 'codex: checks from the git root on an anchored matcher',
    files: {
      '.codex/hooks.json': settings({
        PostToolUse: [
          group([cmd('node "$(git rev-parse --show-toplevel)/scripts/check-design.mjs" --hook', { timeout: 10 })], '^(apply_patch|Bash)$'),
        ],
      }),
      'scripts/check-design.mjs': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'codex: a guard installed in the author’s ~/.local/bin',
    files: { '.codex/hooks.json': settings({ PreToolUse: [group([cmd('/Users/tomas/.local/bin/graphtool hook-check')], 'Bash')] }) },
    expected: ['machine-specific-path*'],
  },
  {
    name: 'codex: gates from the git root, Claude tool names beside apply_patch',
    files: {
      '.codex/hooks.json': settings({
        PostToolUse: [group([cmd('"$(git rev-parse --show-toplevel)/scripts/go-check.sh"', { timeout: 120 })], 'apply_patch|Edit|Write')],
        Stop: [group([cmd('"$(git rev-parse --show-toplevel)/scripts/stop-gate.sh"', { timeout: 300 })])],
      }),
      'scripts/go-check.sh': SCRIPT,
      'scripts/stop-gate.sh': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'codex: four hooks quoted at another machine’s checkout of this repository',
    files: {
      '.codex/hooks.json': settings({
        PreToolUse: [
          group([cmd("'/Users/gwon/IdeaProjects/shop/.codex/hooks/adr-check.sh'", { timeout: 10 })], 'Write|Edit'),
          group([cmd("'/Users/gwon/IdeaProjects/shop/.codex/hooks/browser-guard.sh'", { timeout: 10 })], 'Bash'),
        ],
        PostToolUse: [group([cmd("'/Users/gwon/IdeaProjects/shop/.codex/hooks/submodule-push.sh'", { timeout: 30 })], 'Write|Edit')],
      }),
      '.codex/hooks/adr-check.sh': SCRIPT,
      '.codex/hooks/browser-guard.sh': SCRIPT,
      '.codex/hooks/submodule-push.sh': SCRIPT,
    },
    expected: ['machine-specific-path*', 'machine-specific-path*', 'machine-specific-path*'],
  },
  {
    name: 'codex: a guard found through git’s common dir, skipped when absent',
    files: {
      '.codex/hooks.json': settings({
        PreToolUse: [
          group(
            [
              cmd(
                `sh -c 'g=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null)/kit/guard-push.sh; ` +
                  `[ -f "$g" ] || exit 0; exec sh "$g"'`,
              ),
            ],
            'Bash',
          ),
        ],
      }),
    },
    expected: [],
  },
  {
    name: 'codex: a plugin’s hooks copied into the project, ${CODEX_PLUGIN_ROOT} and all',
    files: {
      '.codex/hooks.json': settings({
        UserPromptSubmit: [group([cmd('node ${CODEX_PLUGIN_ROOT}/dist/hooks/prompt-submit.js', { timeout: 60 })])],
        Stop: [group([cmd('node ${CODEX_PLUGIN_ROOT}/dist/hooks/stop.js', { timeout: 5 })])],
        PostToolUse: [group([cmd('node ${CODEX_PLUGIN_ROOT}/dist/hooks/post-tool.js', { timeout: 5 })], 'Bash')],
      }),
    },
    expected: ['unset-variable*', 'unset-variable*', 'unset-variable*'],
  },
  {
    name: 'codex: a dispatcher run from the git root for every guard',
    files: {
      '.codex/hooks.json': settings({
        PreToolUse: [
          group([cmd('bash "$(git rev-parse --show-toplevel)/hooks/dispatch.sh" safety.sh', { timeout: 10 })], 'Bash'),
          group(
            [cmd('bash "$(git rev-parse --show-toplevel)/hooks/dispatch.sh" file-safety.sh', { timeout: 10 })],
            'Edit|Write|apply_patch',
          ),
          group([cmd('bash "$(git rev-parse --show-toplevel)/hooks/dispatch.sh" workflow.sh', { timeout: 10 })], '*'),
        ],
        PermissionRequest: [
          group(
            [cmd('bash "$(git rev-parse --show-toplevel)/hooks/permission-guard.sh"', { timeout: 10 })],
            'Bash|apply_patch|Edit|Write|mcp__.*',
          ),
        ],
        Stop: [group([cmd('bash "$(git rev-parse --show-toplevel)/hooks/dispatch.sh" stop-gate.sh', { timeout: 90 })])],
      }),
      'hooks/dispatch.sh': SCRIPT,
      'hooks/permission-guard.sh': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'codex: a forwarder on PATH for every event',
    files: {
      '.codex/hooks.json': settings({
        SessionStart: [group([cmd('relay forward codex SessionStart # relay-managed')], 'startup|resume|clear|compact')],
        PreToolUse: [group([cmd('relay forward codex PreToolUse # relay-managed')])],
        PreCompact: [group([cmd('relay forward codex PreCompact # relay-managed')], 'manual|auto')],
        Stop: [group([cmd('relay forward codex Stop # relay-managed', { timeout: 30 })])],
      }),
    },
    // The tool's own CLI, installed with it: no finding (needs-program names only the runners people forget).
    expected: [],
  },
  {
    name: 'codex: a memory CLI on two events',
    files: {
      '.codex/hooks.json': settings({
        SessionStart: [group([cmd('xm _memory-hook session-start --agent codex', { timeout: 5 })], 'startup|resume')],
        UserPromptSubmit: [group([cmd('xm _memory-hook prompt-submit --agent codex', { timeout: 5 })])],
      }),
    },
    expected: [],
  },
  {
    name: 'codex: one matcher naming every agent’s tools, its own among them',
    files: {
      '.codex/hooks.json': settings({
        PreToolUse: [
          group(
            [
              cmd(
                '"$(git rev-parse --show-toplevel)/scripts/agent-python.sh" ' +
                  '"$(git rev-parse --show-toplevel)/tools/hooks/agent_hook.py" pre-tool',
                { timeout: 10 },
              ),
            ],
            'run_command|view_file|replace_file_content|write_to_file|Bash|Read|Edit|Write|(?:functions\\.)?apply_patch|shell',
          ),
        ],
        Stop: [
          group([
            cmd(
              '"$(git rev-parse --show-toplevel)/scripts/agent-python.sh" ' +
                '"$(git rev-parse --show-toplevel)/tools/hooks/agent_hook.py" stop',
              { timeout: 600 },
            ),
          ]),
        ],
      }),
      'scripts/agent-python.sh': SCRIPT,
      'tools/hooks/agent_hook.py': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'codex: five hooks at the author’s workspace, two without a matcher',
    files: {
      '.codex/hooks.json': settings({
        PreToolUse: [
          group([cmd("'/Users/jonas/GitHub/ws/Platform/.codex/hooks/pre-bash.sh'")], 'Bash'),
          group([cmd("'/Users/jonas/GitHub/ws/Platform/.codex/hooks/excuse-check.sh'")]),
        ],
        Stop: [group([cmd("'/Users/jonas/GitHub/ws/Platform/.codex/hooks/stop-check.sh'")])],
      }),
      '.codex/hooks/pre-bash.sh': SCRIPT,
      '.codex/hooks/excuse-check.sh': SCRIPT,
      '.codex/hooks/stop-check.sh': SCRIPT,
    },
    expected: ['machine-specific-path*', 'machine-specific-path*', 'machine-specific-path*'],
  },
  {
    name: 'codex: Claude’s guard scripts reused from the git root',
    files: {
      '.codex/hooks.json': settings({
        PreToolUse: [
          group([cmd('bash "$(git rev-parse --show-toplevel)/.claude/hooks/scope-guard.sh"', { timeout: 5 })], '^apply_patch$'),
          group([cmd('bash "$(git rev-parse --show-toplevel)/.claude/hooks/push-guard.sh"', { timeout: 5 })], '^Bash$'),
        ],
        PostToolUse: [group([cmd('node "$(git rev-parse --show-toplevel)/adapters/loop-detector/hook.cjs"', { timeout: 10 })], '.*')],
      }),
      '.claude/hooks/scope-guard.sh': SCRIPT,
      '.claude/hooks/push-guard.sh': SCRIPT,
      'adapters/loop-detector/hook.cjs': SCRIPT,
    },
    expected: [],
  },
  // ---------------------------------------------------------------- gemini
  {
    name: 'gemini: context printed as JSON with backslashed quotes, at the top level of BeforeTool output',
    files: {
      '.gemini/settings.json': settings({
        BeforeTool: [
          group(
            [
              cmd(
                `[ -f graph-out/graph.json ] && ` +
                  `echo '{\\"decision\\":\\"allow\\",\\"additionalContext\\":\\"A graph exists: read graph-out/REPORT.md.\\"}' ` +
                  `|| echo '{\\"decision\\":\\"allow\\"}'`,
              ),
            ],
            'read_file|list_directory',
          ),
          group([cmd('python3 scripts/job_hook.py --platform gemini --event BeforeTool')], 'write_file|replace|run_shell_command'),
        ],
      }),
      'scripts/job_hook.py': SCRIPT,
    },
    // Both literals: inside single quotes the backslashes stay, so neither is JSON.
    expected: ['output-ignored*', 'output-ignored'],
  },
  {
    name: 'gemini: Claude’s PostToolUse and tool names in Gemini settings',
    files: {
      '.gemini/settings.json': settings(
        { PostToolUse: [group([cmd('powershell -ExecutionPolicy Bypass -File scripts/sync-md.ps1')], 'Write|Edit')] },
        { mcpServers: {}, permissions: { allow: ['Bash(git add *)'] } },
      ),
    },
    expected: ['unknown-event*'],
  },
  {
    name: 'gemini: logging on AfterModel and SessionEnd',
    files: {
      '.gemini/settings.json': settings({
        AfterModel: [group([cmd('AI_TOOL_NAME=gemini python3 scripts/log_hook.py', { name: 'log-model', timeout: 10000 })], '.*')],
        SessionEnd: [group([cmd('AI_TOOL_NAME=gemini python3 scripts/log_hook.py', { name: 'log-end', timeout: 10000 })], '.*')],
      }),
      'scripts/log_hook.py': SCRIPT,
    },
    // Left out of the first labelling: Gemini compares a lifecycle matcher as exact text, so ".*" never
    // equals a SessionEnd reason and that hook never runs (lint's finding is right).
    expected: ['matcher-never-matches*'],
  },
  {
    name: 'gemini: an Antigravity edit guard run by bun, a SessionStart entry with no hooks list',
    files: {
      '.gemini/settings.json': settings({
        SessionStart: [{ type: 'command', command: 'git config core.hooksPath .githooks' }],
        BeforeTool: [
          group(
            [cmd('bun scripts/hooks/fact-gate.ts --platform gemini', { timeout: 5000 })],
            'write_file|replace_file_content|multi_replace_file_content',
          ),
        ],
        AfterTool: [
          group(
            [cmd('bun scripts/hooks/post-write.ts --platform gemini', { timeout: 5000 })],
            'write_file|replace_file_content|multi_replace_file_content',
          ),
        ],
      }),
      'scripts/hooks/fact-gate.ts': SCRIPT,
      'scripts/hooks/post-write.ts': SCRIPT,
    },
    // The SessionStart entry is a handler where Gemini wants a group: its type and command are ignored.
    expected: [
      'invalid-value*',
      'unknown-key',
      'unknown-key',
      'tool-matcher-never-matches*',
      'tool-matcher-never-matches*',
      'needs-program*',
      'tool-matcher-never-matches*',
      'tool-matcher-never-matches*',
      'needs-program*',
    ],
  },
  {
    name: 'gemini: workspace-relative scripts on SessionStart and BeforeAgent',
    files: {
      '.gemini/settings.json': settings({
        SessionStart: [group([cmd('python3 .gemini/hooks/session-start.py', { timeout: 30000 })], '')],
        BeforeAgent: [group([cmd('python3 .gemini/hooks/inject-state.py', { timeout: 15000 })], '')],
      }),
      '.gemini/hooks/session-start.py': SCRIPT,
      '.gemini/hooks/inject-state.py': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'gemini extension: context injection through ${extensionPath}',
    files: {
      'gemini-extension.json': json({ name: 'memory-ext', version: '0.2.0' }),
      'hooks/hooks.json': json({
        hooks: { BeforeAgent: [group([cmd('node ${extensionPath}/hooks/before-agent.js', { name: 'memory', timeout: 10000 })])] },
      }),
      'hooks/before-agent.js': SCRIPT,
    },
    expected: [],
  },
  // ---------------------------------------------------------------- copilot
  {
    name: 'copilot: a Claude-style entry with command and no bash',
    files: {
      '.github/hooks/hooks.json': json({
        version: 1,
        hooks: { PreToolUse: [{ command: 'bin/run-hook.sh validate-env-files', timeout: 15 }] },
      }),
    },
    // Copilot runs a `bash` of a `type: "command"` handler: this guard never runs; command and timeout are ignored.
    expected: ['invalid-value*', 'unknown-key', 'unknown-key'],
  },
  {
    name: 'copilot: a preToolUse script run by bash from the repository root',
    files: {
      '.github/hooks/hooks.json': json({
        hooks: { preToolUse: [{ type: 'command', bash: 'bash .github/hooks/pre-tool', timeoutSec: 10 }] },
      }),
      '.github/hooks/pre-tool': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'copilot: a session log with bash and powershell',
    files: {
      '.github/hooks/hooks.json': json({
        version: 1,
        hooks: {
          sessionStart: [
            {
              type: 'command',
              bash: 'echo "started: $(date)" >> logs/session.log',
              powershell: 'Add-Content logs/session.log started',
              cwd: '.',
              timeoutSec: 10,
            },
          ],
        },
      }),
    },
    expected: [],
  },
  {
    name: 'copilot: VS Code’s command/windows form on PostToolUse',
    files: {
      '.github/hooks/hooks.json': json({
        hooks: {
          PostToolUse: [
            { type: 'command', command: 'python .github/hooks/check_io.py', windows: 'python .github\\hooks\\check_io.py', timeout: 10 },
          ],
        },
      }),
      '.github/hooks/check_io.py': SCRIPT,
    },
    expected: ['invalid-value*', 'unknown-key', 'unknown-key', 'unknown-key'],
  },
  {
    name: 'copilot: lint and format scripts by relative path',
    files: {
      '.github/hooks/hooks.json': json({
        version: 1,
        hooks: {
          preToolUse: [{ type: 'command', bash: '.github/hooks/scripts/lint.sh' }],
          postToolUse: [{ type: 'command', bash: '.github/hooks/scripts/format.sh' }],
        },
      }),
      '.github/hooks/scripts/lint.sh': SCRIPT,
      '.github/hooks/scripts/format.sh': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'copilot: a session-start script for each shell',
    files: {
      '.github/hooks/hooks.json': json({
        version: 1,
        hooks: {
          sessionStart: [
            {
              type: 'command',
              bash: '.github/hooks/scripts/started.sh',
              powershell: '.github/hooks/scripts/started.ps1',
              cwd: '.',
              timeoutSec: 15,
            },
          ],
        },
      }),
      '.github/hooks/scripts/started.sh': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'copilot: Stop hooks with a Windows command only, JSON from printf',
    files: {
      '.github/hooks/hooks.json': json({
        hooks: {
          Stop: [
            {
              type: 'command',
              windows: 'powershell -NoProfile -File .github/hooks/stamp.ps1',
              command: `bash -c "printf '{\\"systemMessage\\":\\"at %s\\"}' \\"$(date)\\""`,
              timeout: 5,
            },
            { type: 'command', windows: 'pwsh -NoProfile -File ./.github/hooks/auto-push.ps1', timeout: 120 },
          ],
        },
      }),
    },
    // Neither has `bash`: on Linux and macOS neither runs (command, windows, timeout ignored).
    expected: ['invalid-value*', 'unknown-key', 'unknown-key', 'unknown-key', 'invalid-value*', 'unknown-key', 'unknown-key'],
  },
  {
    name: 'copilot: every event declared, none with a hook',
    files: {
      '.github/hooks/hooks.json': json({
        version: 1,
        hooks: { sessionStart: [], sessionEnd: [], userPromptSubmitted: [], preToolUse: [], postToolUse: [], errorOccurred: [] },
      }),
    },
    expected: [],
  },
  {
    name: 'copilot: an amend guard that reads the command with jq fromjson',
    files: {
      '.github/hooks/guards.json': json({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: '.github/hooks/scripts/no-amend.sh', timeoutSec: 10 }] },
      }),
      '.github/hooks/scripts/no-amend.sh': {
        content:
          '#!/bin/bash\nINPUT=$(cat)\nCOMMAND=$(echo "$INPUT" | jq -r \'.toolArgs | fromjson | .command // empty\')\n' +
          '[ -z "$COMMAND" ] && exit 0\n' +
          'echo "$COMMAND" | grep -q -- --amend && echo \'{"permissionDecision":"deny","permissionDecisionReason":"pushed"}\'\nexit 0\n',
        executable: true,
      },
    },
    // jq fails on the object, COMMAND is empty, the guard allows every call (issue 42); jq is not on the test's PATH.
    expected: ['tool-args-parsed*', 'needs-program'],
  },
  {
    name: 'copilot: a Node check after edits that parses toolArgs, and a guard that exits 2 with its reason on stderr',
    files: {
      '.github/hooks/hooks.json': json({
        version: 1,
        hooks: {
          postToolUse: [{ type: 'command', bash: 'node .github/hooks/biome-check.mjs' }],
          preToolUse: [{ type: 'command', bash: 'node .github/hooks/protect-env.mjs' }],
        },
      }),
      '.github/hooks/biome-check.mjs': 'const input = JSON.parse(await readStdin());\nconst toolArgs = JSON.parse(input.toolArgs);\n',
      '.github/hooks/protect-env.mjs':
        'const input = JSON.parse(raw);\nconst path = input.toolArgs.path ?? "";\n' +
        'if (path.includes(".env")) { console.error("reading .env is blocked"); process.exit(2); }\n',
    },
    // The post-edit check throws on every call (not a guard); the .env guard denies, but the model never sees why.
    expected: ['tool-args-parsed', 'exit-two-stderr'],
  },
  {
    name: 'copilot: a guard reading toolArgs as an object first, the string as a fallback',
    files: {
      '.github/hooks/hooks.json': json({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'bash .github/hooks/pre-bash.sh' }] },
      }),
      '.github/hooks/pre-bash.sh':
        "#!/usr/bin/env bash\ncmd=$(jq -r '.toolArgs.command // (try (.toolArgs | fromjson | .command) catch empty) // empty')\n" +
        'case "$cmd" in *deploy*) echo \'{"permissionDecision":"deny","permissionDecisionReason":"no deploys"}\';; esac\n',
    },
    // Only jq, which is not on the test's PATH.
    expected: ['needs-program'],
  },
  {
    name: 'copilot: a Claude config ported by adding the camelCase names beside the Claude ones',
    files: {
      '.github/hooks/hooks.json': json({
        version: 1,
        hooks: {
          PreToolUse: [{ type: 'command', bash: '"$COPILOT_PROJECT_DIR"/.github/hooks/guard.sh' }],
          preToolUse: [{ type: 'command', bash: '"$COPILOT_PROJECT_DIR"/.github/hooks/guard.sh' }],
        },
      }),
      '.github/hooks/guard.sh': SCRIPT,
    },
    // Both names fire: the guard runs twice per call, once with each payload shape.
    expected: ['both-event-names'],
  },
  // ---------------------------------------------------------------- claude plugins
  {
    name: 'claude plugin: a template placeholder never filled in',
    files: {
      '.claude-plugin/plugin.json': json({ name: 'vibes', version: '1.0.0' }),
      'hooks/hooks.json': json({ hooks: { PreToolUse: [group([cmd('node "{{VIBES_PATH}}/bin/scan.js"', { timeout: 30 })], 'Bash')] } }),
      'bin/scan.js': SCRIPT,
    },
    expected: ['missing-script*'],
  },
  {
    name: 'claude plugin: exec form with ${CLAUDE_PLUGIN_ROOT} in args, async',
    files: {
      '.claude-plugin/plugin.json': json({ name: 'recall', version: '0.4.0' }),
      'hooks/hooks.json': json({
        hooks: {
          SessionStart: [
            group([
              { type: 'command', command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/scripts/hook.mjs', 'start'], async: true, timeout: 30 },
            ]),
          ],
          Stop: [
            group([
              { type: 'command', command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/scripts/hook.mjs', 'stop'], async: true, timeout: 30 },
            ]),
          ],
        },
      }),
      'scripts/hook.mjs': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'codex plugin: ${PLUGIN_ROOT} on PreCompact and SessionStart',
    files: {
      '.codex-plugin/plugin.json': json({ name: 'longtask', version: '0.1.0' }),
      'hooks/hooks.json': json({
        hooks: {
          PreCompact: [group([cmd('python3 "${PLUGIN_ROOT}/scripts/task_hooks.py"', { timeout: 5 })], '^(auto|manual)$')],
          SessionStart: [
            group([cmd('python3 "${PLUGIN_ROOT}/scripts/task_hooks.py"', { timeout: 5, additionalContextLimit: 2500 })], '^compact$'),
          ],
        },
      }),
      'scripts/task_hooks.py': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'claude plugin: context and an allowlist guard',
    files: {
      '.claude-plugin/plugin.json': json({ name: 'task-loop', version: '0.2.0' }),
      'hooks/hooks.json': json({
        hooks: {
          SessionStart: [group([cmd('node "${CLAUDE_PLUGIN_ROOT}/scripts/hooks/inject_context.js" --event SessionStart', { timeout: 5 })])],
          PreToolUse: [
            group(
              [cmd('node "${CLAUDE_PLUGIN_ROOT}/scripts/hooks/enforce_allowlist.js"', { timeout: 5 })],
              'Edit|Write|MultiEdit|NotebookEdit',
            ),
          ],
        },
      }),
      'scripts/hooks/inject_context.js': SCRIPT,
      'scripts/hooks/enforce_allowlist.js': SCRIPT,
    },
    expected: [],
  },
  // ---------------------------------------------------------------- claude settings and plugins
  {
    name: 'claude: scripts relative to the cwd on every event, a permission-rule matcher, once in settings',
    files: {
      '.claude/settings.json': settings({
        Setup: [group([cmd('.claude/scripts/health-check.sh')], '')],
        SessionStart: [group([cmd('.claude/scripts/check-updates.sh --notify', { async: true, once: true })], '')],
        PreToolUse: [
          group([cmd('.claude/scripts/clean-context.sh --prompt')], 'Skill(plan-and-analyze.*)'),
          group([cmd('.claude/hooks/safety/block-destructive.sh')], 'Bash'),
          group([cmd('.claude/hooks/safety/skill-guard.sh')], 'Skill'),
        ],
        PostToolUse: [group([cmd('.claude/hooks/quality/diff-check.sh')], 'Write|Edit|NotebookEdit')],
        Stop: [group([cmd('.claude/hooks/safety/stop-guard.sh')], '')],
      }),
      '.claude/scripts/health-check.sh': SCRIPT,
      '.claude/scripts/check-updates.sh': SCRIPT,
      '.claude/scripts/clean-context.sh': SCRIPT,
      '.claude/hooks/safety/block-destructive.sh': SCRIPT,
      '.claude/hooks/safety/skill-guard.sh': SCRIPT,
      '.claude/hooks/quality/diff-check.sh': SCRIPT,
      '.claude/hooks/safety/stop-guard.sh': SCRIPT,
    },
    expected: [
      'cwd-relative-script*',
      'cwd-relative-script*',
      'field-ignored',
      'tool-matcher-never-matches*',
      'cwd-relative-script*',
      'cwd-relative-script*',
      'cwd-relative-script*',
      'cwd-relative-script*',
      'cwd-relative-script*',
    ],
  },
  {
    name: 'claude: five guards by cwd-relative path, two without a matcher',
    files: {
      '.claude/settings.json': settings(
        {
          PreToolUse: [group([cmd('.claude/hooks/pre-bash.sh')], 'Bash'), group([cmd('.claude/hooks/excuse-check.sh')])],
          Stop: [group([cmd('.claude/hooks/stop-check.sh')])],
          PostToolUse: [group([cmd('.claude/hooks/post-bash.sh')], 'Bash'), group([cmd('.claude/hooks/interrupt-check.sh')])],
        },
        { env: { ENABLE_TOOL_SEARCH: 'true' } },
      ),
      '.claude/hooks/pre-bash.sh': SCRIPT,
      '.claude/hooks/excuse-check.sh': SCRIPT,
      '.claude/hooks/stop-check.sh': SCRIPT,
      '.claude/hooks/post-bash.sh': SCRIPT,
      '.claude/hooks/interrupt-check.sh': SCRIPT,
    },
    expected: Array(5).fill('cwd-relative-script*'),
  },
  {
    name: 'claude plugin: Stop and SubagentStop matched against "Stop"',
    files: {
      '.claude-plugin/plugin.json': json({ name: 'kit', version: '2.0.0' }),
      'hooks/hooks.json': json({
        hooks: {
          PreToolUse: [
            group([cmd('${CLAUDE_PLUGIN_ROOT}/hooks/safety.sh', { timeout: 10 })], 'Bash'),
            group([cmd('${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh', { timeout: 2 })], '*'),
          ],
          SubagentStop: [group([cmd('${CLAUDE_PLUGIN_ROOT}/hooks/subagent-stop.sh', { timeout: 10 })], 'Stop')],
          Stop: [group([cmd('${CLAUDE_PLUGIN_ROOT}/hooks/stop-gate.sh', { timeout: 90 })], 'Stop')],
        },
      }),
      'hooks/safety.sh': SCRIPT,
      'hooks/guard.sh': SCRIPT,
      'hooks/subagent-stop.sh': SCRIPT,
      'hooks/stop-gate.sh': SCRIPT,
    },
    // SubagentStop's matcher is the agent type: "Stop" is none, so the verification never runs. Stop has no matcher.
    expected: ['matcher-never-matches*', 'matcher-ignored'],
  },
  {
    name: 'claude: guards under ${CLAUDE_PROJECT_DIR:-.}, an MCP tool matcher',
    files: {
      '.claude/settings.json': settings({
        PreToolUse: [
          group([cmd('bash "${CLAUDE_PROJECT_DIR:-.}/.claude/hooks/guard-secrets.sh"')], 'Read|Edit|Write|Bash'),
          group([cmd('bash "${CLAUDE_PROJECT_DIR:-.}/.claude/hooks/review-gate.sh"')], 'mcp__github__merge_pull_request'),
        ],
        Stop: [group([cmd('bash "${CLAUDE_PROJECT_DIR:-.}/.claude/hooks/logic-tests.sh"')])],
      }),
      '.claude/hooks/guard-secrets.sh': SCRIPT,
      '.claude/hooks/review-gate.sh': SCRIPT,
      '.claude/hooks/logic-tests.sh': SCRIPT,
    },
    expected: [],
  },
  {
    name: 'claude plugin: a TaskCompleted gate with a _comment key',
    files: {
      '.claude-plugin/plugin.json': json({ name: 'flows', version: '0.9.0' }),
      'hooks/hooks.json': json({
        hooks: {
          TaskCompleted: [
            {
              _comment: 'blocks completion while a gate fails',
              hooks: [cmd('node ${CLAUDE_PLUGIN_ROOT}/dist/task-completed.js', { timeout: 60 })],
            },
          ],
          PreCompact: [group([cmd('node ${CLAUDE_PLUGIN_ROOT}/dist/pre-compact.js', { timeout: 5 })], '.*')],
        },
      }),
      'dist/task-completed.js': SCRIPT,
      'dist/pre-compact.js': SCRIPT,
    },
    expected: ['unknown-key'],
  },
  {
    name: 'claude: a design check from the project dir, MultiEdit among the tools',
    files: {
      '.claude/settings.json': settings({
        PostToolUse: [
          group([cmd('node "$CLAUDE_PROJECT_DIR/scripts/check-design.mjs" --hook', { timeout: 10 })], 'Edit|MultiEdit|Write|Bash'),
        ],
      }),
      'scripts/check-design.mjs': SCRIPT,
    },
    expected: [],
  },
  // ---------------------------------------------------------------- hook files no agent reads
  {
    name: '.claude/hooks.json in a format of its own (an array of entries with event and action)',
    files: {
      '.claude/hooks.json': json({
        hooks: [
          {
            name: 'format',
            event: 'PostToolUse',
            matcher: { tool: ['Write', 'Edit'], patterns: ['*.py'] },
            action: 'bash',
            command: 'ruff format "$TOOL_INPUT_path"',
          },
          {
            name: 'tests',
            event: 'PreToolUse',
            matcher: { tool: ['Bash'], patterns: ['git commit*'] },
            action: 'bash',
            command: 'pytest -q',
          },
        ],
      }),
    },
    expected: ['unread-file*'],
  },
  {
    name: '.claude/hooks.json holding another tool’s git-hook settings',
    files: {
      '.claude/hooks.json': json({
        version: '1.0.0',
        hooks: { 'pre-commit': { name: 'review', enabled: true }, 'pre-push': { enabled: true } },
      }),
    },
    expected: [],
  },
  {
    name: '.claude/hooks.json beside a plugin manifest that names hooks/hooks.json',
    files: {
      '.claude-plugin/plugin.json': json({ name: 'sf-kit', version: '1.0.0', hooks: './hooks/hooks.json' }),
      'hooks/hooks.json': json({ hooks: {} }),
      '.claude/hooks.json': json({
        hooks: {
          UserPromptSubmit: [{ type: 'command', command: 'python3 ./shared/hooks/activation.py', timeout: 5000 }],
          PreToolUse: [group([cmd('python3 ./shared/hooks/guardrails.py', { timeout: 5000 })], 'Bash')],
        },
      }),
    },
    expected: ['unread-file*'],
  },
  {
    name: '.claude/hooks.json with blog-post variables',
    files: {
      '.claude/hooks.json': json({
        hooks: {
          PreToolUse: [group([cmd('node $CLAUDE_PROJECT_DIR/src/hooks/validate-bash.js "$CLAUDE_TOOL_ARGS"')], 'Bash')],
          SessionStart: [group([cmd('node $CLAUDE_PROJECT_DIR/src/hooks/context-init.js')], '.*')],
        },
      }),
    },
    expected: ['unread-file*'],
  },
  {
    name: '.claude/hooks.json with a permission-rule matcher',
    files: {
      '.claude/hooks.json': json({
        hooks: { PreToolUse: [group([cmd('.claude/hooks/notify-pr.sh', { timeout: 5000 })], 'Bash(gh pr create*)')] },
      }),
      '.claude/hooks/notify-pr.sh': SCRIPT,
    },
    expected: ['unread-file*'],
  },
  {
    name: '.claude/hooks.json beside a settings.json without hooks',
    files: {
      '.claude/settings.json': json({
        permissions: { allow: ['Bash(npm:*)'] },
        statusLine: { type: 'command', command: 'head -1 .claude/progress.md' },
      }),
      '.claude/hooks.json': json({
        hooks: {
          PreToolUse: [
            group([cmd('bash .claude/hooks/check-destructive.sh')], 'Bash'),
            group([cmd('bash .claude/hooks/check-secrets.sh')], 'Edit|Write'),
          ],
          UserPromptSubmit: [group([cmd('bash .claude/hooks/load-context.sh')])],
        },
      }),
      '.claude/hooks/check-destructive.sh': SCRIPT,
      '.claude/hooks/check-secrets.sh': SCRIPT,
      '.claude/hooks/load-context.sh': SCRIPT,
    },
    expected: ['unread-file*'],
  },
];

interface Finding {
  ruleId: string;
  severity: string;
  message: string;
  file: string;
  line: number;
}

async function lintCase({ files }: Case): Promise<Finding[]> {
  return (await lintCollectionRepo<Finding>(files)).filter((f) => f.severity !== 'info');
}

describe('issue 39: lint on a collection modelled on 50 public configurations', () => {
  it('reaches precision ≥ 98% and recall ≥ 90% of the fail-open mistakes', { timeout: 120_000 }, async () => {
    let found = 0;
    let right = 0;
    let failOpen = 0;
    let failOpenFound = 0;
    const misses: string[] = [];
    for (const item of CASES) {
      const findings = await lintCase(item);
      const open = item.expected.map((entry) => ({ rule: entry.replace(/\*$/, ''), failOpen: entry.endsWith('*'), matched: false }));
      failOpen += open.filter((entry) => entry.failOpen).length;
      found += findings.length;
      for (const finding of findings) {
        const entry = open.find((e) => !e.matched && e.rule === finding.ruleId);
        if (entry === undefined) {
          misses.push(`unexpected in "${item.name}": ${finding.file}:${finding.line} ${finding.ruleId} ${finding.message}`);
          continue;
        }
        entry.matched = true;
        right++;
        if (entry.failOpen) failOpenFound++;
      }
      for (const entry of open.filter((e) => !e.matched)) misses.push(`missed in "${item.name}": ${entry.rule}`);
    }
    const precision = found === 0 ? 1 : right / found;
    const recall = failOpen === 0 ? 1 : failOpenFound / failOpen;
    const figures =
      `${CASES.length} configurations; findings ${found}, right ${right}: precision ${(precision * 100).toFixed(1)}%; ` +
      `fail-open mistakes ${failOpen}, found ${failOpenFound}: recall ${(recall * 100).toFixed(1)}%`;
    console.log(`${figures}\n${misses.join('\n')}`);
    expect(CASES.length).toBeGreaterThanOrEqual(46);
    expect(precision, `${figures}\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.98);
    expect(recall, `${figures}\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.9);
  });
});
