import type { Finding } from '../../../src/kit/finding.js';
import type { RuleMeta } from '../../../src/lint/rule.js';
import type { LintResult } from '../../../src/lint/run-lint.js';

export const CWD = '/work/project';

const meta = (id: string, severity: RuleMeta['severity'], description: string, messages: RuleMeta['messages']): RuleMeta => ({
  id,
  severity,
  description,
  docs: `docs/rules/${id}.md`,
  messages,
});

export const RULES: RuleMeta[] = [
  meta('parse-error', 'error', 'Malformed JSON, YAML or TOML.', { unreadable: '{{error}}; nothing in this file is loaded' }),
  meta('unknown-event', 'error', 'Event name not in the dialect.', {
    unknownDidYouMean: 'unknown event "{{event}}"; did you mean "{{suggestion}}"?',
  }),
  meta('matcher-ignored', 'warning', 'Matcher on an event that ignores it.', { ignored: 'matcher is ignored on {{event}}' }),
  meta('features-disabled', 'info', 'Hooks are switched off.', { hooksOff: 'hooks are disabled' }),
];

export const finding = (overrides: Partial<Finding>): Finding => ({
  ruleId: 'unknown-event',
  messageId: 'unknownDidYouMean',
  severity: 'error',
  message: 'unknown event "PreToolUze"; did you mean "PreToolUse"?',
  data: { event: 'PreToolUze', suggestion: 'PreToolUse' },
  file: `${CWD}/.octo/hooks.yml`,
  line: 3,
  column: 3,
  ...overrides,
});

/** Two files, findings deliberately out of order within the first one. */
export const REPORT: LintResult = {
  rules: RULES,
  findings: [
    finding({
      ruleId: 'matcher-ignored',
      messageId: 'ignored',
      severity: 'warning',
      message: 'matcher is ignored on Stop',
      data: { event: 'Stop' },
      line: 12,
      column: 7,
    }),
    finding({}),
    finding({
      ruleId: 'features-disabled',
      messageId: 'hooksOff',
      severity: 'info',
      message: 'hooks are disabled',
      data: undefined,
      file: '/home/me/.octo/config.toml',
      line: 1,
      column: 1,
    }),
  ],
};
