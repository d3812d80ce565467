import type { Finding } from '../../../src/kit/finding.js';
import type { LintResult } from '../../../src/lint/run-lint.js';
import { ruleMeta, type RuleMeta } from '../../../src/lint/rule.js';

export const CWD = '/work/project';

export const RULES: RuleMeta[] = [
  ruleMeta('parse-error', 'error', 'Malformed JSON, YAML or TOML.'),
  ruleMeta('unknown-event', 'error', 'Event name not in the dialect.'),
  ruleMeta('matcher-ignored', 'warning', 'Matcher on an event that ignores it.'),
  ruleMeta('features-disabled', 'info', 'Hooks are switched off.'),
];

export const finding = (overrides: Partial<Finding>): Finding => ({
  ruleId: 'unknown-event',
  severity: 'error',
  message: 'unknown event "PreToolUze"; did you mean "PreToolUse"?',
  file: `${CWD}/.octo/hooks.yml`,
  line: 3,
  column: 3,
  ...overrides,
});

/** Two files, findings deliberately out of order within the first one. */
export const REPORT: LintResult = {
  rules: RULES,
  findings: [
    finding({ ruleId: 'matcher-ignored', severity: 'warning', message: 'matcher is ignored on Stop', line: 12, column: 7 }),
    finding({}),
    finding({ ruleId: 'features-disabled', severity: 'info', message: 'hooks are disabled', file: '/home/me/.octo/config.toml', line: 1, column: 1 }),
  ],
};
