import { missingScript } from '../../../src/lint/rules/missing-script.js';
import {
  CLAUDE_SETTINGS,
  CODEX_JSON,
  OCTO_YAML,
  OI_JSON,
  OI_TOML,
  positionOf,
  ROOT,
  RuleTester,
  COPILOT_JSON,
  copilotHook,
} from '../rule-tester.js';

const GUARD = { 'project/scripts/guard.sh': { content: '#!/bin/sh\n', executable: true } };
const GATE = { 'project/.openinterpreter/hooks/gate.py': 'print()\n' };
const PLUGIN = 'home/.openinterpreter/plugins/guard';
const PLUGIN_HOOKS = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "${PLUGIN_ROOT}/bin/check.sh" }] }] } }';
/** claude: the documented ways to name a project script (cc hooks §Reference scripts by path), exec and shell form. */
const claudeHandler = (fields: string) => `{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", ${fields} }] }] } }`;
const CLAUDE_SHELL = claudeHandler('"command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/check.sh"');
const CLAUDE_EXEC = claudeHandler('"command": "node", "args": ["${CLAUDE_PROJECT_DIR}/.claude/hooks/check.mjs", "--strict"]');
const CLAUDE_SCRIPTS = {
  'project/.claude/hooks/check.sh': { content: '#!/bin/sh\n', executable: true },
  'project/.claude/hooks/check.mjs': '',
};
/** The examples' upward search (issue 44): the script is REL in the nearest directory at or above the cwd that holds it. */
const upward = (rel: string, tail: string) =>
  `d=$PWD; while [ -n "$d" ] && [ ! -f "$d/${rel}" ]; do d=\${d%/*}; done; ` +
  `[ -n "$d" ] || { echo "no ${rel} at or above $PWD" >&2; exit 2; }; ${tail}`;
const UP_REL = '.codex/hooks/up_guard.py';
const UP_COMMAND = JSON.stringify(upward(UP_REL, `exec python3 "$d/${UP_REL}"`));
const UPWARD_CODEX = `{ "hooks": { "PreToolUse": [{ "hooks": [{ "type": "command", "command": ${UP_COMMAND} }] }] } }`;
const UP_SH = '.octo/hooks/up-guard.sh';
const UPWARD_OCTO = `hooks:\n  PreToolUse:\n    - command: '${upward(UP_SH, `exec "$d/${UP_SH}"`)}'\n`;

const COPILOT_MISSING = copilotHook('preToolUse', 'bash "$COPILOT_PROJECT_DIR"/.github/hooks/gaurd.sh');
const COPILOT_IN_CWD = copilotHook('preToolUse', 'python3 check.py', { cwd: '.github/hooks' });

new RuleTester().run(missingScript, {
  valid: [
    {
      // Issue 39: copilot runs `bash`; a Claude-style `command` beside it is ignored, so it names no script
      // (unknown-key and invalid-value say so).
      name: 'copilot: an ignored command names no script to look for',
      files: {
        'project/.github/hooks/hooks.json':
          '{ "version": 1, "hooks": { "preToolUse": [{ "type": "command", "bash": "true", "command": "bin/run-hook.sh" }] } }',
      },
    },
    {
      name: 'codex: the upward search finds the script in the project',
      files: { [CODEX_JSON]: UPWARD_CODEX, [`project/${UP_REL}`]: 'pass\n' },
    },
    { name: 'codex: the upward search finds the script above the project', files: { [CODEX_JSON]: UPWARD_CODEX, [UP_REL]: 'pass\n' } },
    {
      name: 'octo: the upward search finds the script in the project',
      files: { [OCTO_YAML]: UPWARD_OCTO, [`project/${UP_SH}`]: { content: '#!/bin/sh\n', executable: true } },
    },
    {
      name: 'a prologue that deviates from the upward search names no file lint can check',
      files: { [CODEX_JSON]: UPWARD_CODEX.replace('at or above $PWD', 'at or above $HOME') },
    },
    { name: 'claude: $CLAUDE_PROJECT_DIR in shell form, the script exists', files: { [CLAUDE_SETTINGS]: CLAUDE_SHELL, ...CLAUDE_SCRIPTS } },
    {
      name: 'claude: ${CLAUDE_PROJECT_DIR} in an exec-form argument, the script exists',
      files: { [CLAUDE_SETTINGS]: CLAUDE_EXEC, ...CLAUDE_SCRIPTS },
    },
    {
      name: 'claude: an exec-form program with spaces is exec-command-has-spaces’ finding',
      files: { [CLAUDE_SETTINGS]: claudeHandler('"command": "node .claude/hooks/gone.mjs", "args": []') },
    },
    {
      name: 'claude: an unknown placeholder names no file lint can check',
      files: { [CLAUDE_SETTINGS]: claudeHandler('"command": "${CLAUDE_PLUGIN_ROOT}/x.sh", "args": []') },
    },
    {
      name: 'a script that exists in JSON',
      files: {
        [OI_JSON]: '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "python3 .openinterpreter/hooks/gate.py" }] }] } }',
        ...GATE,
      },
    },
    {
      name: 'a script that exists, a program on PATH and an absolute path in YAML',
      files: {
        [OCTO_YAML]:
          'hooks:\n  PreToolUse:\n    - command: ./scripts/guard.sh\n    - command: audit-logger --json\n' +
          '    - command: /usr/local/bin/not-checked.sh\n',
        ...GUARD,
      },
    },
    {
      name: 'a script run through its interpreter in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "sh scripts/guard.sh"\n', ...GUARD },
    },
    {
      name: '${PLUGIN_ROOT} resolved inside the plugin, where the script exists',
      files: { [`${PLUGIN}/hooks/hooks.json`]: PLUGIN_HOOKS, [`${PLUGIN}/bin/check.sh`]: { content: '#!/bin/sh\n', executable: true } },
    },
  ],
  invalid: [
    {
      name: 'copilot: the bash command, $COPILOT_PROJECT_DIR standing for the project (issue 42)',
      files: { [COPILOT_JSON]: COPILOT_MISSING.text },
      errors: [
        {
          messageId: 'missing',
          ...COPILOT_MISSING.at,
          data: { script: '$COPILOT_PROJECT_DIR/.github/hooks/gaurd.sh', path: '<root>/project/.github/hooks/gaurd.sh' },
        },
      ],
    },
    {
      name: "copilot: a relative script resolves against the entry's cwd",
      files: { [COPILOT_JSON]: COPILOT_IN_CWD.text, 'project/check.py': 'print()\n' },
      errors: [{ messageId: 'missing', ...COPILOT_IN_CWD.at, data: { script: 'check.py', path: '<root>/project/.github/hooks/check.py' } }],
    },
    {
      name: 'codex: the upward search finds the script nowhere',
      files: { [CODEX_JSON]: UPWARD_CODEX },
      errors: [
        {
          messageId: 'missing',
          ...positionOf(UPWARD_CODEX, '"d=$PWD'),
          data: { script: UP_REL, path: `${ROOT}/project/${UP_REL}` },
        },
      ],
    },
    {
      name: 'octo: the upward search finds the script nowhere; a file of a nearby name is suggested',
      files: { [OCTO_YAML]: UPWARD_OCTO, 'project/.octo/hooks/up-gaurd.sh': '#!/bin/sh\n' },
      errors: [
        {
          messageId: 'missingDidYouMean',
          line: 3,
          column: 16,
          data: { script: UP_SH, path: `${ROOT}/project/${UP_SH}`, suggestion: '.octo/hooks/up-gaurd.sh' },
        },
      ],
    },
    {
      name: 'claude: $CLAUDE_PROJECT_DIR in shell form, the script is missing',
      files: { [CLAUDE_SETTINGS]: CLAUDE_SHELL },
      errors: [
        {
          messageId: 'missing',
          ...positionOf(CLAUDE_SHELL, '"\\"$'),
          data: { script: '$CLAUDE_PROJECT_DIR/.claude/hooks/check.sh', path: `${ROOT}/project/.claude/hooks/check.sh` },
        },
      ],
    },
    {
      name: 'claude: exec form, the interpreter’s script is missing',
      files: { [CLAUDE_SETTINGS]: CLAUDE_EXEC },
      errors: [
        {
          messageId: 'missing',
          ...positionOf(CLAUDE_EXEC, '"node"'),
          data: { script: '${CLAUDE_PROJECT_DIR}/.claude/hooks/check.mjs', path: `${ROOT}/project/.claude/hooks/check.mjs` },
        },
      ],
    },
    {
      name: 'a relative script that does not exist in JSON',
      files: {
        [OI_JSON]:
          '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "python3 .openinterpreter/hooks/gate.py" }] }]\n' +
          '  }\n}\n',
        ...GUARD,
      },
      errors: [
        {
          messageId: 'missing',
          line: 3,
          column: 58,
          data: { script: '.openinterpreter/hooks/gate.py', path: `${ROOT}/project/.openinterpreter/hooks/gate.py` },
          message:
            'the command runs ".openinterpreter/hooks/gate.py", which does not exist (looked for ' +
            `${ROOT}/project/.openinterpreter/hooks/gate.py)`,
        },
      ],
    },
    {
      name: 'a relative script that does not exist in YAML, with a file of a nearby name',
      files: { [OCTO_YAML]: 'hooks:\n  PreToolUse:\n    - command: ./scripts/gaurd.sh --strict\n', ...GUARD },
      errors: [
        {
          messageId: 'missingDidYouMean',
          line: 3,
          column: 16,
          data: { script: './scripts/gaurd.sh', path: `${ROOT}/project/scripts/gaurd.sh`, suggestion: 'scripts/guard.sh' },
          message:
            `the command runs "./scripts/gaurd.sh", which does not exist (looked for ${ROOT}/project/scripts/gaurd.sh); ` +
            'did you mean "scripts/guard.sh"?',
        },
      ],
    },
    {
      name: 'a relative script that does not exist in TOML',
      files: { [OI_TOML]: '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "node scripts/notify.mjs"\n', ...GUARD },
      errors: [
        { messageId: 'missing', line: 4, column: 11, data: { script: 'scripts/notify.mjs', path: `${ROOT}/project/scripts/notify.mjs` } },
      ],
    },
    {
      name: 'every handler that runs the same missing script',
      files: {
        [OCTO_YAML]:
          'hooks:\n  PreToolUse:\n    - command: ./scripts/gaurd.sh\n  PostToolUse:\n    - command: ./scripts/gaurd.sh --after\n',
        ...GUARD,
      },
      errors: [
        { messageId: 'missingDidYouMean', line: 3, column: 16, message: /did you mean "scripts\/guard\.sh"\?$/ },
        { messageId: 'missingDidYouMean', line: 5, column: 16, message: /did you mean "scripts\/guard\.sh"\?$/ },
      ],
    },
    {
      name: '${PLUGIN_ROOT} resolved inside the plugin, where the script is missing',
      files: { [`${PLUGIN}/hooks/hooks.json`]: PLUGIN_HOOKS },
      errors: [
        {
          messageId: 'missing',
          line: 1,
          column: 67,
          data: { script: `${ROOT}/${PLUGIN}/bin/check.sh`, path: `${ROOT}/${PLUGIN}/bin/check.sh` },
        },
      ],
    },
  ],
});
