import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML } from './lint-fixture.js';

// Go durations are octo's (YAML); openinterpreter's whole seconds are checked by invalid-value.
describe('invalid-timeout', () => {
  it('warns about timeouts that are not positive Go durations', async () => {
    const content = 'hooks:\n  Stop:\n    - command: a\n      timeout: 20\n    - command: b\n      timeout: soon\n    - command: c\n      timeout: 0s\n    - command: d\n      timeout: 5000\n';
    expect(await findingsOf('invalid-timeout', [{ path: OCTO_YAML, content }])).toEqual([
      [4, 16, 'timeout 20 is not a positive Go duration, so the default 5s applies; a duration needs a unit: write "20s"'],
      [6, 16, 'timeout "soon" is not a positive Go duration, so the default 5s applies; write a duration such as "10s", "1.5s" or "1m30s"'],
      [8, 16, 'timeout "0s" is not a positive Go duration, so the default 5s applies; write a duration such as "10s", "1.5s" or "1m30s"'],
      [10, 16, 'timeout 5000 is not a positive Go duration, so the default 5s applies; a duration needs a unit: write "5000ms" (5s) if that was milliseconds'],
    ]);
  });

  it('accepts Go durations', async () => {
    const content = 'hooks:\n  Stop:\n    - command: a\n      timeout: 300ms\n    - command: b\n      timeout: "1m30s"\n    - command: c\n';
    expect(await findingsOf('invalid-timeout', [{ path: OCTO_YAML, content }])).toEqual([]);
  });
});
