import { describe, expect, it } from 'vitest';
import { didYouMean, didYouMeanSuffix } from '../../src/util/did-you-mean.js';

const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PreCompact', 'PostCompact', 'Stop', 'SubagentStop'];

describe('didYouMean', () => {
  it.each([
    ['PreTooluse', 'PreToolUse'],
    ['pretooluse', 'PreToolUse'],
    ['PreToolUs', 'PreToolUse'],
    ['SesionStart', 'SessionStart'],
    ['stop', 'Stop'],
    ['Stpo', 'Stop'],
    ['SubAgentStop', 'SubagentStop'],
    ['PostCompac', 'PostCompact'],
  ])('suggests the nearest name for %s', (input, expected) => {
    expect(didYouMean(input, EVENTS)).toBe(expected);
  });

  it.each([['Deploy'], ['x'], ['BeforeShellExecution'], ['']])('suggests nothing for the unrelated %j', (input) => {
    expect(didYouMean(input, EVENTS)).toBeNull();
  });

  it('suggests nothing for an exact match or an empty candidate list', () => {
    expect(didYouMean('Stop', EVENTS)).toBeNull();
    expect(didYouMean('Stop', [])).toBeNull();
  });
});

describe('didYouMeanSuffix', () => {
  it('appends a quoted suggestion, or nothing without one', () => {
    expect(didYouMeanSuffix('PreToolUse')).toBe('; did you mean "PreToolUse"?');
    expect(didYouMeanSuffix(null)).toBe('');
  });
});
