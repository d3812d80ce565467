import { provenAgentText } from '../../../../src/dialects/shared/agent-versions.js';
import { patchViaShell } from '../../../../src/dialects/codex/rules/patch-via-shell.js';
import { CLAUDE_SETTINGS, CODEX_JSON, OI_JSON, positionOf, RuleTester } from '../../../lint/rule-tester.js';

const group = (event: string, matcher: string) =>
  `{ "hooks": { "${event}": [{ "matcher": ${JSON.stringify(matcher)}, "hooks": [{ "type": "command", "command": "x" }] }] } }`;
const GUARD = group('PreToolUse', 'Write|Edit|apply_patch');
const REGEX = group('PreToolUse', '^apply_.*');

new RuleTester().run(patchViaShell, {
  valid: [
    { name: 'a guard that also selects Bash sees the heredoc', files: { [CODEX_JSON]: group('PreToolUse', 'Bash|apply_patch') } },
    { name: 'a Bash guard', files: { [CODEX_JSON]: group('PreToolUse', 'Bash') } },
    { name: 'a guard on every tool', files: { [CODEX_JSON]: group('PreToolUse', '*') } },
    { name: 'PostToolUse blocks nothing: not noted', files: { [CODEX_JSON]: group('PostToolUse', 'Edit|Write') } },
    { name: 'claude edits go through its tools', files: { [CLAUDE_SETTINGS]: group('PreToolUse', 'Write|Edit') } },
    { name: 'openinterpreter: not known to apply shell patches', files: { [OI_JSON]: group('PreToolUse', 'Edit') } },
  ],
  invalid: [
    {
      name: 'a Write|Edit|apply_patch guard in codex',
      files: { [CODEX_JSON]: GUARD },
      errors: [
        {
          messageId: 'missed',
          ...positionOf(GUARD, '"Write|Edit|apply_patch"'),
          severity: 'info',
          message:
            `matcher "Write|Edit|apply_patch" selects file edits, but ${provenAgentText('codex')} ` +
            'also applies a patch written as a shell heredoc ' +
            `(apply_patch <<'EOF'), which reaches PreToolUse as "Bash" with the patch in tool_input.command, and no PostToolUse ` +
            'fires for it; to guard every edit, add "Bash" to the matcher and look for apply_patch in the command',
        },
      ],
    },
    {
      name: 'a regex that selects apply_patch',
      files: { [CODEX_JSON]: REGEX },
      errors: [{ messageId: 'missed', ...positionOf(REGEX, '"^apply_.*"') }],
    },
  ],
});
