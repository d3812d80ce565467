import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath } from '../../src/util/display-path.js';

const base = resolve('/work/project');

describe('displayPath', () => {
  it.each([
    ['a file inside the base', join(base, '.octo', 'hooks.json'), '.octo/hooks.json'],
    ['a file directly in the base', join(base, 'hooks.json'), 'hooks.json'],
    ['a sibling whose name starts with ..', join(base, '..hidden', 'x.sh'), '..hidden/x.sh'],
    ['a file outside the base', resolve('/home/user/.octo/hooks.json'), resolve('/home/user/.octo/hooks.json')],
    ['the parent of the base', resolve('/work'), resolve('/work')],
    ['the base itself', base, base],
    ['a pseudo-path', 'env:OCTO_HOOK_STOP', 'env:OCTO_HOOK_STOP'],
    ['a relative path', 'hooks/x.sh', 'hooks/x.sh'],
  ])('shows %s', (_, file, expected) => {
    expect(displayPath(file, base)).toBe(expected);
  });
});
