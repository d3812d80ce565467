import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatStylish, shouldUseColor, terminalWidth } from '../../../src/lint/reporters/stylish.js';
import { CWD, REPORT, RULES, finding } from './fixtures.js';

describe('formatStylish', () => {
  it('groups findings by file, sorted by position, positions and severities aligned, with a summary line', () => {
    expect(formatStylish(REPORT, { root: CWD, version: '1.2.3' })).toBe(
      [
        '.octo/hooks.yml',
        '  3:3   error    unknown event "PreToolUze"; did you mean "PreToolUse"?  unknown-event',
        '  12:7  warning  matcher is ignored on Stop  matcher-ignored',
        '',
        '/home/me/.octo/config.toml',
        '  1:1  info  hooks are disabled  features-disabled',
        '',
        '✖ 3 problems (1 error, 1 warning, 1 info)',
        '',
      ].join('\n'),
    );
  });

  it('wraps long messages at spaces under the message column, the rule id never cut', () => {
    const long = finding({ message: 'the quick brown fox jumps over the lazy dog and keeps on running far away', line: 1, column: 1 });
    const output = formatStylish(
      { rules: RULES, findings: [long, finding({ line: 2, column: 1 })] },
      { root: CWD, version: '1.2.3', width: 50 },
    );
    expect(output.split('\n').slice(0, 8)).toEqual([
      '.octo/hooks.yml',
      '  1:1  error  the quick brown fox jumps over the',
      '              lazy dog and keeps on running far',
      '              away  unknown-event',
      '  2:1  error  unknown event "PreToolUze"; did you',
      '              mean "PreToolUse"?  unknown-event',
      '',
      '✖ 2 problems (2 errors, 0 warnings)',
    ]);
    for (const line of output.split('\n')) expect([...line].length).toBeLessThanOrEqual(50);
  });

  it('cuts a word longer than the message column; keeps rows whole when too narrow to help or no width is known', () => {
    const word = finding({ message: `path ${'x'.repeat(45)} is missing`, line: 1, column: 1 });
    const lines = formatStylish({ rules: RULES, findings: [word] }, { root: CWD, version: '1.2.3', width: 40 }).split('\n');
    expect(lines.slice(1, 5)).toEqual([
      `  1:1  error  path`,
      `              ${'x'.repeat(26)}`,
      `              ${'x'.repeat(19)} is`,
      '              missing  unknown-event',
    ]);
    const full = formatStylish(
      { rules: RULES, findings: [finding({ message: 'y'.repeat(25) })] },
      { root: CWD, version: '1.2.3', width: 40 },
    );
    expect(full.split('\n').slice(1, 3)).toEqual([`  3:3  error  ${'y'.repeat(25)}`, '              unknown-event']);
    for (const width of [undefined, 30]) {
      const output = formatStylish({ rules: RULES, findings: [word] }, { root: CWD, version: '1.2.3', width });
      expect(output.split('\n')[1]).toBe(`  1:1  error  path ${'x'.repeat(45)} is missing  unknown-event`);
    }
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

describe('terminalWidth', () => {
  it.each([
    [{ isTTY: true, columns: 100 }, {}, 100],
    [{ isTTY: true, columns: 100 }, { COLUMNS: '60' }, 100],
    [{ isTTY: false }, { COLUMNS: '60' }, 60],
    [{ isTTY: false }, {}, undefined],
    [{}, { COLUMNS: 'wide' }, undefined],
    [{}, { COLUMNS: '0' }, undefined],
    [{ isTTY: true, columns: 0 }, {}, undefined],
  ])('%j with env %j → %s', (stream, env, expected) => {
    expect(terminalWidth(stream, env)).toBe(expected);
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
