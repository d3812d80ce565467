import { toolArgsParsed } from '../../../../src/dialects/copilot/rules/tool-args-parsed.js';
import { COPILOT_JSON, RuleTester } from '../../../lint/rule-tester.js';

const hooks = (event: string, entry: Record<string, unknown>) =>
  `${JSON.stringify({ version: 1, hooks: { [event]: [{ type: 'command', ...entry }] } })}\n`;
const AT_BASH = { line: 1, column: 62 };
const GUARD_EFFECT =
  'uncaught, the hook errors and on preToolUse any failure denies every tool call it matches; ' +
  'caught, the guard sees no arguments and lets the call through';

// test/agents/copilot/events.test.ts: toolArgs reaches a camelCase hook as an object, not the JSON string the docs show.
new RuleTester().run(toolArgsParsed, {
  valid: [
    {
      name: 'the object read first, the string parse as a fallback',
      files: {
        [COPILOT_JSON]: hooks('preToolUse', { bash: "jq -r '.toolArgs.command // (try (.toolArgs | fromjson | .command) catch empty)'" }),
      },
    },
    { name: 'jq reads the object', files: { [COPILOT_JSON]: hooks('preToolUse', { bash: "jq -r '.toolArgs.command'" }) } },
    {
      name: 'the input itself parsed, then toolArgs read',
      files: {
        [COPILOT_JSON]: hooks('preToolUse', { bash: 'node .github/hooks/g.js' }),
        'project/.github/hooks/g.js': 'const input = JSON.parse(require("fs").readFileSync(0, "utf8")).toolArgs;\n',
      },
    },
    {
      name: 'a parse only when toolArgs is a string',
      files: {
        [COPILOT_JSON]: hooks('preToolUse', { bash: 'node .github/hooks/g.js' }),
        'project/.github/hooks/g.js': "const a = typeof i.toolArgs === 'string' ? JSON.parse(i.toolArgs) : i.toolArgs;\n",
      },
    },
    {
      name: 'a Claude-named event has tool_input, not judged',
      files: { [COPILOT_JSON]: hooks('PreToolUse', { bash: "jq '.toolArgs | fromjson'" }) },
    },
  ],
  invalid: [
    {
      name: "jq's fromjson in the bash command",
      files: { [COPILOT_JSON]: hooks('preToolUse', { bash: "jq -r '.toolArgs | fromjson | .command'" }) },
      errors: [
        {
          messageId: 'parsed',
          ...AT_BASH,
          data: { form: '".toolArgs | fromjson"', where: '', effect: GUARD_EFFECT, fix: '.toolArgs.command' },
        },
      ],
    },
    {
      name: 'JSON.parse in the script the command runs, with its line',
      files: {
        [COPILOT_JSON]: hooks('preToolUse', { bash: 'node .github/hooks/g.js' }),
        'project/.github/hooks/g.js':
          'const input = JSON.parse(require("fs").readFileSync(0, "utf8"));\nconst args = JSON.parse(input.toolArgs || "{}");\n',
      },
      errors: [
        {
          messageId: 'parsed',
          ...AT_BASH,
          data: {
            form: '"JSON.parse(input.toolArgs || \\"{}\\")"',
            where: ' (in <root>/project/.github/hooks/g.js line 2)',
            effect: GUARD_EFFECT,
            fix: 'input.toolArgs.command',
          },
        },
      ],
    },
    {
      name: 'json.loads in a python script on postToolUse',
      files: {
        [COPILOT_JSON]: hooks('postToolUse', { bash: 'python3 "$COPILOT_PROJECT_DIR"/.github/hooks/log.py' }),
        'project/.github/hooks/log.py': 'import json, sys\ndata = json.load(sys.stdin)\nargs = json.loads(data.get("toolArgs", "{}"))\n',
      },
      errors: [
        {
          messageId: 'parsed',
          line: 1,
          column: 63,
          data: {
            form: '"json.loads(data.get(\\"toolArgs\\", \\"{}\\"))"',
            where: ' (in <root>/project/.github/hooks/log.py line 3)',
            effect: 'the hook errors, or where the error is caught works on no arguments',
            fix: 'data["toolArgs"]["command"]',
          },
        },
      ],
    },
  ],
});
