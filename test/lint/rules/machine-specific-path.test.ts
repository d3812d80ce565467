import { machineSpecificPath } from '../../../src/lint/rules/machine-specific-path.js';
import { CLAUDE_SETTINGS, CODEX_JSON, ROOT, RuleTester, COPILOT_JSON, copilotHook } from '../rule-tester.js';

/** A hooks.json (codex, openinterpreter) with one command on `event`. */
function groups(event: string, command: string): string {
  return `{\n  "hooks": {\n    "${event}": [\n      ${JSON.stringify({ hooks: [{ type: 'command', command }] })}\n    ]\n  }\n}\n`;
}
/** A claude settings file with one command on `event`. */
function claude(event: string, command: string): string {
  const group = JSON.stringify({ matcher: 'Bash', hooks: [{ type: 'command', command }] });
  return `{\n  "hooks": {\n    "${event}": [\n      ${group}\n    ]\n  }\n}\n`;
}

const GIT_ROOT = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/';
const PLUGIN = 'home/.openinterpreter/plugins/guard';
const SCRIPT = { content: '#!/bin/sh\nexit 0\n', executable: true };

const COPILOT_HOME = copilotHook('preToolUse', 'bash /Users/ann/src/app/.github/hooks/guard.sh');

new RuleTester().run(machineSpecificPath, {
  valid: [
    { name: 'codex: anchored on the git root', files: { [CODEX_JSON]: groups('PreToolUse', `python3 ${GIT_ROOT}.codex/hooks/policy.py`) } },
    {
      name: 'claude: anchored on the project dir',
      files: { [CLAUDE_SETTINGS]: claude('PreToolUse', 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh') },
    },
    {
      name: 'system programs are on every machine',
      files: { [CODEX_JSON]: groups('Stop', '/usr/bin/env python3 -m notify && /bin/true') },
    },
    {
      name: 'Homebrew on Linux lives in /home/linuxbrew everywhere',
      files: { [CODEX_JSON]: groups('Stop', '/home/linuxbrew/.linuxbrew/bin/terminal-notifier -message done') },
    },
    { name: "$HOME is each user's own", files: { [CODEX_JSON]: groups('Stop', 'bash "$HOME"/.codex/notify.sh') } },
    {
      name: "the user's own config may name their own home",
      files: { 'home/.codex/hooks.json': groups('PreToolUse', '/usr/bin/python3 /home/alice/.codex/hooks/pre_tool_policy.py') },
    },
  ],
  invalid: [
    {
      name: 'copilot: the bash command (issue 42)',
      files: { [COPILOT_JSON]: COPILOT_HOME.text },
      errors: [{ messageId: 'home', ...COPILOT_HOME.at }],
    },
    {
      name: 'codex: python in a home directory; on any other machine python exits 2 and every tool call is blocked',
      files: { [CODEX_JSON]: groups('PreToolUse', '/usr/bin/python3 /home/alice/work/tools/pre_tool_policy.py') },
      errors: [
        {
          messageId: 'home',
          line: 4,
          column: 45,
          message:
            '"/home/alice/work/tools/pre_tool_policy.py" is in /home/alice, one user\'s home directory; on any other machine it is ' +
            'not there: python3 exits 2, which on PreToolUse blocks every tool call it matches; put the file in the repository and ' +
            `write ${GIT_ROOT}<its path>`,
        },
      ],
    },
    {
      name: "codex: bash and another machine's checkout of this repository; sh exits 127 and the guard fails open",
      files: {
        [CODEX_JSON]: groups('PreToolUse', 'bash /Users/bob/src/app/.codex/hooks/guard.sh'),
        'project/.codex/hooks/guard.sh': SCRIPT,
      },
      errors: [
        {
          messageId: 'checkout',
          line: 4,
          column: 45,
          data: {
            path: '/Users/bob/src/app/.codex/hooks/guard.sh',
            container: 'repository',
            failure: 'bash exits 127, a non-blocking error: this PreToolUse hook silently does nothing (it fails open)',
            anchored: `${GIT_ROOT}.codex/hooks/guard.sh`,
          },
        },
      ],
    },
    {
      name: "claude: this machine's own checkout, on Stop",
      files: {
        [CLAUDE_SETTINGS]: claude('Stop', `python3 ${ROOT}/project/.claude/hooks/stop.py`),
        'project/.claude/hooks/stop.py': SCRIPT,
      },
      errors: [
        {
          messageId: 'checkout',
          line: 4,
          column: 62,
          data: {
            path: `${ROOT}/project/.claude/hooks/stop.py`,
            container: 'repository',
            failure: 'python3 exits 2, which on Stop keeps every turn from ending (Claude gives up after 8 blocks)',
            anchored: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/stop.py',
          },
        },
      ],
    },
    {
      name: 'a plugin reaching into its own install cache, pinned to a version',
      files: {
        [`${PLUGIN}/hooks/hooks.json`]: groups(
          'PreToolUse',
          'sh /Users/carol/.openinterpreter/plugins/cache/acme/guard/0.1.0/bin/check.sh',
        ),
      },
      errors: [
        {
          messageId: 'cache',
          line: 4,
          column: 45,
          data: {
            path: '/Users/carol/.openinterpreter/plugins/cache/acme/guard/0.1.0/bin/check.sh',
            version: '0.1.0',
            failure:
              'sh exits 127, a non-blocking error (the hook silently does nothing), or 2 where sh is dash, which on PreToolUse ' +
              'blocks every tool call it matches',
            anchored: '"${PLUGIN_ROOT}"/bin/check.sh',
          },
        },
      ],
    },
    {
      name: "a project hook reaching into a plugin's install cache",
      files: {
        [CLAUDE_SETTINGS]: claude('PreToolUse', 'node ~/x && node /home/dan/.claude/plugins/cache/market/lint/2.3.1/hooks/run.mjs'),
      },
      errors: [
        {
          messageId: 'cacheFromProject',
          line: 4,
          column: 62,
          data: {
            path: '/home/dan/.claude/plugins/cache/market/lint/2.3.1/hooks/run.mjs',
            version: '2.3.1',
            failure: 'node exits 1, a non-blocking error: this PreToolUse hook silently does nothing (it fails open)',
            anchor: '"$CLAUDE_PROJECT_DIR"/',
          },
        },
      ],
    },
  ],
});
