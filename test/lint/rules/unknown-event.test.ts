import { provenAgentText } from '../../../src/dialects/shared/agent-versions.js';
import { unknownEvent } from '../../../src/lint/rules/unknown-event.js';
import { CLAUDE_CODE } from '../../../src/dialects/claude/agent-version.js';
import { CLAUDE_SETTINGS, CODEX_JSON, OCTO_YAML, OI_JSON, OI_TOML, RuleTester } from '../rule-tester.js';

const JSON_WRONG = `{
  "hooks": {
    "PreToolUze": [{ "hooks": [{ "type": "command", "command": "x" }] }]
  }
}
`;

new RuleTester().run(unknownEvent, {
  valid: [
    { name: 'a known event in JSON', files: { [OI_JSON]: JSON_WRONG.replace('PreToolUze', 'PreToolUse') } },
    { name: 'a known event in YAML', files: { [OCTO_YAML]: 'hooks:\n  Stop:\n    - command: x\n' } },
    {
      name: 'a known event in TOML',
      files: { [OI_TOML]: '[[hooks.SessionStart]]\n[[hooks.SessionStart.hooks]]\ntype = "command"\ncommand = "x"\n' },
    },
  ],
  invalid: [
    {
      name: 'an unknown event in JSON, with the nearest name',
      files: { [OI_JSON]: JSON_WRONG },
      errors: [
        {
          messageId: 'ignoredDidYouMean',
          line: 3,
          column: 5,
          data: {
            dialect: 'openinterpreter',
            event: 'PreToolUze',
            suggestion: 'PreToolUse',
            agent: 'Open Interpreter as of 2026-09',
            effect: 'skips this event',
          },
          message:
            'unknown openinterpreter event "PreToolUze": Open Interpreter as of 2026-09, whose events hookctl knows, ' +
            'skips this event and the hook never runs; did you mean "PreToolUse"?',
          // Seed 000: the Codex hooks runtime skips an event it does not know (hook_config.rs HookEventsToml),
          // so the hook silently never runs; a near match of a known event is a misspelling: an error (issue 39).
          severity: 'error',
        },
      ],
    },
    {
      name: 'an unknown event in YAML, differing in case',
      files: { [OCTO_YAML]: 'hooks:\n  stop:\n    - command: x\n' },
      errors: [
        {
          messageId: 'unknownDidYouMean',
          line: 2,
          column: 3,
          message: 'unknown octo event "stop"; did you mean "Stop"?',
          severity: 'error',
        },
      ],
    },
    {
      name: 'an unknown event in TOML',
      files: { [OI_TOML]: '[[hooks.SessionStrat]]\n[[hooks.SessionStrat.hooks]]\ntype = "command"\ncommand = "x"\n' },
      errors: [
        {
          messageId: 'ignoredDidYouMean',
          line: 1,
          column: 9,
          severity: 'error',
        },
      ],
    },
    {
      name: 'the list of events when nothing is close',
      files: { [OCTO_YAML]: 'hooks:\n  OnSave:\n    - command: x\n' },
      errors: [
        {
          messageId: 'unknown',
          line: 2,
          column: 3,
          message:
            'unknown octo event "OnSave"; ' +
            'the events are SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, SubagentStop, PreCompact',
        },
      ],
    },
    {
      name: "a Claude Code event name in a Gemini CLI settings file: its hooks never run, and lint says Gemini's name",
      files: { 'project/.gemini/settings.json': JSON_WRONG.replace('PreToolUze', 'PreToolUse') },
      errors: [
        {
          messageId: 'otherAgent',
          line: 3,
          column: 5,
          message: '"PreToolUse" is an event of Claude Code, not of gemini, so its hooks never run; gemini calls it "BeforeTool"',
        },
      ],
    },
    {
      // Issue 41: the hint comes from the cross-agent concordance (gemini's row), so claude has it too.
      name: "a Gemini CLI event name in a Claude settings file: an error naming Claude's event, a warning when loading",
      files: { [CLAUDE_SETTINGS]: JSON_WRONG.replace('PreToolUze', 'BeforeTool') },
      errors: [
        {
          messageId: 'otherAgent',
          line: 3,
          column: 5,
          severity: 'error',
          message: '"BeforeTool" is an event of Gemini CLI, not of claude, so its hooks never run; claude calls it "PreToolUse"',
        },
      ],
    },
    {
      name: "a Copilot CLI camelCase event in a Codex file, from copilot's row",
      files: { [CODEX_JSON]: JSON_WRONG.replace('PreToolUze', 'userPromptSubmitted') },
      errors: [
        {
          messageId: 'otherAgent',
          line: 3,
          column: 5,
          severity: 'error',
          message:
            '"userPromptSubmitted" is an event of GitHub Copilot CLI, not of codex, so its hooks never run; ' +
            'codex calls it "UserPromptSubmit"',
        },
      ],
    },
    {
      // Gemini CLI's migration moves SubagentStop hooks to AfterAgent (gemini's row, movedEvents).
      name: "Claude Code's SubagentStop in a Gemini CLI file: Gemini's migration target",
      files: { 'project/.gemini/settings.json': JSON_WRONG.replace('PreToolUze', 'SubagentStop') },
      errors: [
        {
          messageId: 'otherAgent',
          line: 3,
          column: 5,
          message: '"SubagentStop" is an event of Claude Code, not of gemini, so its hooks never run; gemini calls it "AfterAgent"',
        },
      ],
    },
    {
      name: 'claude drops a misspelled event entry: an error naming the version hookctl knows',
      files: { [CLAUDE_SETTINGS]: JSON_WRONG },
      errors: [
        {
          messageId: 'ignoredDidYouMean',
          line: 3,
          column: 5,
          severity: 'error',
          message:
            `unknown claude event "PreToolUze": ${CLAUDE_CODE}, whose events hookctl knows, drops this entry and the hook ` +
            'never runs; did you mean "PreToolUse"?',
        },
      ],
    },
    {
      name: 'codex skips an event newer than the version hookctl knows: a warning, not a CI failure',
      files: { [CODEX_JSON]: '{ "hooks": { "OnWorkspaceOpen": [{ "hooks": [{ "type": "command", "command": "x" }] }] } }\n' },
      errors: [
        {
          messageId: 'ignored',
          line: 1,
          column: 14,
          severity: 'warning',
          data: { dialect: 'codex', event: 'OnWorkspaceOpen', agent: provenAgentText('codex'), effect: 'skips this event' },
        },
      ],
    },
  ],
});
