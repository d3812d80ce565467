import { describe, expect, it } from 'vitest';
import { formatJson } from '../../../src/lint/reporters/json.js';
import { CWD, REPORT, RULES, finding } from './fixtures.js';

describe('formatJson', () => {
  it('lists every finding with its fields, files relative to the project, and counts errors and warnings', () => {
    expect(JSON.parse(formatJson(REPORT, { root: CWD, version: '1.2.3' }))).toEqual({
      findings: [
        {
          ruleId: 'matcher-ignored',
          severity: 'warning',
          message: 'matcher is ignored on Stop',
          file: '.octo/hooks.yml',
          line: 12,
          column: 7,
        },
        {
          ruleId: 'unknown-event',
          severity: 'error',
          message: 'unknown event "PreToolUze"; did you mean "PreToolUse"?',
          file: '.octo/hooks.yml',
          line: 3,
          column: 3,
        },
        {
          ruleId: 'features-disabled',
          severity: 'info',
          message: 'hooks are disabled',
          file: '/home/me/.octo/config.toml',
          line: 1,
          column: 1,
        },
      ],
      errorCount: 1,
      warningCount: 1,
    });
  });

  it.each([
    ['no findings', [], 0, 0],
    ['only warnings', [finding({ severity: 'warning' }), finding({ severity: 'warning' })], 0, 2],
    ['a pseudo-path', [finding({ file: 'env:OCTO_HOOK_STOP', line: 1, column: 1 })], 1, 0],
  ])('handles %s', (_name, findings, errorCount, warningCount) => {
    const output = JSON.parse(formatJson({ rules: RULES, findings }, { root: CWD, version: '1.2.3' }));
    expect(output).toMatchObject({ errorCount, warningCount });
    expect(output.findings.map((f: { file: string }) => f.file)).toEqual(findings.map((f) => f.file.replace(`${CWD}/`, '')));
  });
});
