import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatStylish, shouldUseColor } from '../../../src/lint/reporters/stylish.js';
import { CWD, REPORT, RULES, finding } from './fixtures.js';

describe('formatStylish', () => {
  it('groups findings by file, sorted by position, aligned, with a summary line', () => {
    expect(formatStylish(REPORT, { root: CWD, version: '1.2.3' })).toBe(
      [
        '.octo/hooks.yml',
        '  3:3   error    unknown event "PreToolUze"; did you mean "PreToolUse"?  unknown-event',
        '  12:7  warning  matcher is ignored on Stop                              matcher-ignored',
        '',
        '/home/me/.octo/config.toml',
        '  1:1  info  hooks are disabled  features-disabled',
        '',
        '✖ 3 problems (1 error, 1 warning, 1 info)',
        '',
      ].join('\n'),
    );
  });

  it('prints nothing when there are no findings', () => {
    expect(formatStylish({ rules: RULES, findings: [] }, { root: CWD, version: '1.2.3' })).toBe('');
  });

  it.each([
    [[finding({})], '✖ 1 problem (1 error, 0 warnings)'],
    [[finding({ severity: 'warning' }), finding({ severity: 'warning', line: 9 })], '✖ 2 problems (0 errors, 2 warnings)'],
    [[finding({}), finding({ line: 4 }), finding({ severity: 'warning', line: 5 })], '✖ 3 problems (2 errors, 1 warning)'],
  ])('summarises %#', (findings, summary) => {
    const output = formatStylish({ rules: RULES, findings }, { root: CWD, version: '1.2.3' });
    expect(output.trimEnd().split('\n').at(-1)).toBe(summary);
  });

  it('colours severities and the summary only when asked, with the same text underneath', () => {
    const plain = formatStylish(REPORT, { root: CWD, version: '1.2.3' });
    const coloured = formatStylish(REPORT, { root: CWD, version: '1.2.3', color: true });
    expect(plain).not.toContain('\u001b[');
    expect(coloured).toContain('\u001b[31merror');
    expect(coloured).toContain('\u001b[33mwarning');
    expect(stripVTControlCharacters(coloured)).toBe(plain);
  });
});

describe('shouldUseColor', () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [undefined, {}, false],
    [true, { NO_COLOR: '1' }, false],
    [true, { NO_COLOR: 'anything' }, false],
    [true, { NO_COLOR: '' }, true],
    [false, { FORCE_COLOR: '1' }, true],
    [false, { FORCE_COLOR: '' }, true],
    [false, { FORCE_COLOR: '3' }, true],
    [false, { FORCE_COLOR: 'true' }, true],
    [true, { FORCE_COLOR: '0' }, false],
    [true, { FORCE_COLOR: 'false' }, false],
    [false, { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
    [true, { TERM: 'dumb' }, false],
  ])('TTY %s with env %j → %s', (isTTY, env, expected) => {
    expect(shouldUseColor({ isTTY }, env)).toBe(expected);
  });
});
