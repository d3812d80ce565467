import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML } from './lint-fixture.js';

describe('timeout-capped', () => {
  it('warns about an octo timeout above 30s', async () => {
    const content = 'hooks:\n  Stop:\n    - command: a\n      timeout: 2m\n';
    expect(await findingsOf('timeout-capped', [{ path: OCTO_YAML, content }])).toEqual([
      [4, 16, 'timeout "2m" is above the 30s maximum; the hook is stopped after 30s'],
    ]);
  });

  it('accepts 30s exactly', async () => {
    expect(await findingsOf('timeout-capped', [{ path: OCTO_YAML, content: 'hooks:\n  Stop:\n    - command: a\n      timeout: 30s\n' }])).toEqual([]);
  });
});
