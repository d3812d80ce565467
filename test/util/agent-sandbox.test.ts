import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shadowDirs } from '../../src/util/agent-sandbox.js';

// Which directories `test --agent` overlays so a case's write outside the project succeeds in the jail.
describe('shadowDirs', () => {
  const sandbox = mkdtempSync(join(tmpdir(), 'hookctl-shadow-test-'));
  afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

  it('shadows the directory of a file outside the sandbox, or its nearest existing ancestor', () => {
    expect(shadowDirs(['/etc/hosts'], sandbox)).toEqual(['/etc']);
    expect(shadowDirs(['/etc/hookctl-missing/a/b.txt'], sandbox)).toEqual(['/etc']);
  });

  it('never shadows / or a directory that holds the sandbox, nor a path inside the sandbox', () => {
    expect(shadowDirs(['/hookctl-missing/x', join(tmpdir(), 'x.txt'), join(sandbox, 'project', 'a.txt'), 'relative/x'], sandbox)).toEqual(
      [],
    );
  });
});
