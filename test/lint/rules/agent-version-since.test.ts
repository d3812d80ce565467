import { PROVEN_AGENTS } from '../../../src/dialects/shared/agent-versions.js';
import { agentVersionSince } from '../../../src/lint/rules/agent-version-since.js';
import { CLAUDE_SETTINGS, CODEX_JSON, positionOf, RuleTester } from '../rule-tester.js';

/** The installed agent of a dialect at `version`, with the dialect's since table (as lint --effective passes it). */
const installed = (dialect: string, version: string) => ({
  name: PROVEN_AGENTS[dialect]!.agent,
  version,
  since: PROVEN_AGENTS[dialect]!.since,
});
const hooks = (event: string, handler: object = { type: 'command', command: 'echo hi' }) =>
  `{\n  "hooks": {\n    "${event}": [{ "hooks": [${JSON.stringify(handler)}] }]\n  }\n}\n`;
const MODEL = hooks('PreModelRequest');
const GUARD = hooks('PreToolUse', { type: 'command', command: './guard.sh', onFailure: 'block' });
const SKILL = hooks('PreSkillShellCommand');

new RuleTester().run(agentVersionSince, {
  valid: [
    { name: 'no installed agent: nothing to compare', files: { [CODEX_JSON]: MODEL } },
    { name: 'the release that added the event', files: { [CODEX_JSON]: MODEL }, installedAgent: installed('codex', '0.164.0') },
    { name: 'a newer release than the proven one', files: { [CODEX_JSON]: MODEL }, installedAgent: installed('codex', '9.0.0') },
    { name: 'an event older than the table', files: { [CODEX_JSON]: hooks('Stop') }, installedAgent: installed('codex', '0.130.0') },
    { name: 'onFailure in the release that added it', files: { [CLAUDE_SETTINGS]: GUARD }, installedAgent: installed('claude', '2.1.295') },
  ],
  invalid: [
    {
      name: 'a Codex event before the release that added it',
      files: { [CODEX_JSON]: MODEL },
      installedAgent: installed('codex', '0.163.0'),
      errors: [
        {
          messageId: 'event',
          ...positionOf(MODEL, '"PreModelRequest"'),
          message:
            `${PROVEN_AGENTS.codex!.agent} 0.163.0 has no "PreModelRequest" event (added in 0.164.0): ` +
            'it skips these hooks; upgrade it or move them',
        },
      ],
    },
    {
      name: "Claude's onFailure before 2.1.295",
      files: { [CLAUDE_SETTINGS]: GUARD },
      installedAgent: installed('claude', '2.1.290'),
      errors: [
        {
          messageId: 'key',
          ...positionOf(GUARD, '"onFailure"'),
          data: { agent: 'Claude Code', installed: '2.1.290', key: 'onFailure', since: '2.1.295' },
        },
      ],
    },
    {
      name: 'PreSkillShellCommand before 2.1.332',
      files: { [CLAUDE_SETTINGS]: SKILL },
      installedAgent: installed('claude', '2.1.331'),
      errors: [{ messageId: 'event', ...positionOf(SKILL, '"PreSkillShellCommand"') }],
    },
  ],
});
