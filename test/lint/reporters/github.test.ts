import { describe, expect, it } from 'vitest';
import { formatGithub } from '../../../src/lint/reporters/github.js';
import { CWD, REPORT, RULES, finding } from './fixtures.js';

describe('formatGithub', () => {
  it('writes one workflow command per finding, notices for info', () => {
    expect(formatGithub(REPORT, { root: CWD, version: '1.2.3' })).toBe(
      [
        '::warning file=.octo/hooks.yml,line=12,col=7,title=matcher-ignored::matcher is ignored on Stop',
        '::error file=.octo/hooks.yml,line=3,col=3,title=unknown-event::unknown event "PreToolUze"; did you mean "PreToolUse"?',
        '::notice file=/home/me/.octo/config.toml,line=1,col=1,title=features-disabled::hooks are disabled',
        '',
      ].join('\n'),
    );
  });

  it('prints nothing when there are no findings', () => {
    expect(formatGithub({ rules: RULES, findings: [] }, { root: CWD, version: '1.2.3' })).toBe('');
  });

  it.each([
    ['a percent sign', { message: '100% sure' }, '::100%25 sure'],
    ['CR and LF', { message: 'first\r\nsecond\nthird' }, '::first%0D%0Asecond%0Athird'],
    ['colons and commas in the message (left as they are)', { message: 'a: b, c' }, '::a: b, c'],
    ['colons and commas in the file', { file: `${CWD}/dir:x,y/hooks.json` }, 'file=dir%3Ax%2Cy/hooks.json,'],
    ['a pseudo-path file', { file: 'env:OCTO_HOOK_STOP' }, 'file=env%3AOCTO_HOOK_STOP,'],
    ['a percent sign in the file', { file: `${CWD}/100%/hooks.json` }, 'file=100%25/hooks.json,'],
    ['a newline in the file', { file: `${CWD}/a\nb.json` }, 'file=a%0Ab.json,'],
  ])('escapes %s', (_name, overrides, expected) => {
    const output = formatGithub({ rules: RULES, findings: [finding(overrides)] }, { root: CWD, version: '1.2.3' });
    expect(output).toContain(expected);
    expect(output.trimEnd().split('\n')).toHaveLength(1);
  });
});
