import { bothEventNames } from '../../../../src/dialects/copilot/rules/both-event-names.js';
import { COPILOT_JSON, RuleTester } from '../../../lint/rule-tester.js';

const entry = (bash: string, extra: Record<string, unknown> = {}) => ({ type: 'command', bash, ...extra });
const file = (hooks: Record<string, unknown[]>) => `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`;
const TWICE = (other: string, event: string, at: string) =>
  `this command is also registered on ${other} (${at}), and Copilot CLI fires both ${other} and ${event} for the same action: ` +
  'it runs twice, once with the camelCase payload (toolName, toolArgs) and once with the snake_case one (tool_name, tool_input); ' +
  'keep one registration';

// docs/copilot.md: registering both names of an action runs both (test/agents/copilot/cases.ts: a camelCase allow and a
// PascalCase deny both run; events.test.ts fires every event under both names).
new RuleTester().run(bothEventNames, {
  valid: [
    {
      name: 'the same script told which shape it gets',
      files: {
        [COPILOT_JSON]: file({ preToolUse: [entry('sh .github/hooks/g.sh camel')], PreToolUse: [entry('sh .github/hooks/g.sh claude')] }),
        'project/.github/hooks/g.sh': '#!/bin/sh\n',
      },
    },
    { name: 'one name only', files: { [COPILOT_JSON]: file({ preToolUse: [entry('./g.sh')], postToolUse: [entry('./g.sh')] }) } },
    {
      name: 'different commands under the two names',
      files: { [COPILOT_JSON]: file({ preToolUse: [entry('./a.sh')], PreToolUse: [entry('./b.sh')] }) },
    },
    {
      name: 'different matchers: not surely the same calls',
      files: {
        [COPILOT_JSON]: file({ preToolUse: [entry('./g.sh', { matcher: 'bash' })], PreToolUse: [entry('./g.sh', { matcher: 'Edit' })] }),
      },
    },
    {
      name: 'userPromptTransformed has no Claude name that fires',
      files: { [COPILOT_JSON]: file({ userPromptTransformed: [entry('./g.sh')], UserPromptSubmit: [entry('./g.sh')] }) },
    },
  ],
  invalid: [
    {
      name: 'the same command on preToolUse and PreToolUse',
      files: { [COPILOT_JSON]: file({ preToolUse: [entry('./g.sh')], PreToolUse: [entry('./g.sh')] }) },
      errors: [
        {
          messageId: 'twice',
          line: 13,
          column: 17,
          message: TWICE('preToolUse', 'PreToolUse', '<root>/project/.github/hooks/hooks.json:5'),
        },
      ],
    },
    {
      name: 'agentStop and Stop in two files, the same script written two ways',
      files: {
        [COPILOT_JSON]: file({ agentStop: [entry('bash .github/hooks/stop.sh')] }),
        'project/.github/hooks/claude.json': file({ Stop: [entry('bash "$COPILOT_PROJECT_DIR"/.github/hooks/stop.sh')] }),
        'project/.github/hooks/stop.sh': '#!/bin/sh\n',
      },
      errors: [
        {
          messageId: 'twice',
          file: 'project/.github/hooks/claude.json',
          line: 7,
          column: 17,
          data: { other: 'agentStop', event: 'Stop', at: '<root>/project/.github/hooks/hooks.json:5' },
        },
      ],
    },
  ],
});
