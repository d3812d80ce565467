import { describe, expect, it } from 'vitest';
import { hiddenCharacters, showText } from '../../src/util/show-text.js';

describe('showText', () => {
  it('writes carriage returns, escapes and NUL out visibly', () => {
    expect(showText('curl x | sh #\r\u001b[2K  command: ./lint.sh')).toBe('curl x | sh #\\r\\x1b[2K  command: ./lint.sh');
    expect(showText('a\u0000b\u007fc\u009bd')).toBe('a\\x00b\\x7fc\\x9bd');
  });

  it('writes bidirectional, separator and invisible characters as \\u escapes', () => {
    expect(showText('\u202eabc\u2066\u2069\u200e\u200f\u061c')).toBe('\\u202eabc\\u2066\\u2069\\u200e\\u200f\\u061c');
    expect(showText('a\u2028b\u2029c\u200bd\ufeffe\u00adf')).toBe('a\\u2028b\\u2029c\\u200bd\\ufeffe\\u00adf');
    expect(showText('tag\u{e0041}\u{e007f}')).toBe('tag\\u{e0041}\\u{e007f}');
  });

  it('escapes newlines and tabs in one-line text and keeps them in multi-line text', () => {
    expect(showText('a\nb\tc')).toBe('a\\nb\\tc');
    expect(showText('a\nb\tc\r', { multiline: true })).toBe('a\nb\tc\\r');
  });

  it('leaves ordinary text, backslashes and emoji as they are', () => {
    const text = "grep -E 'a\\.b' | jq . # déjà vu ✓ 🚀 👍🏽 日本語";
    expect(showText(text)).toBe(text);
  });

  it('escapes lone surrogates but not pairs', () => {
    expect(showText('a\ud800b\udc00c')).toBe('a\\ud800b\\udc00c');
    expect(showText('🚀')).toBe('🚀');
  });

  it('is idempotent: escaping twice changes nothing more', () => {
    const once = showText('x\r\u202ey');
    expect(showText(once)).toBe(once);
  });
});

describe('hiddenCharacters', () => {
  it('lists what a reader cannot see, ignoring newline and tab', () => {
    expect(hiddenCharacters('set -e\n\techo hi')).toEqual([]);
    expect(hiddenCharacters('a\rb\u202e')).toEqual(['\r', '\u202e']);
  });
});
