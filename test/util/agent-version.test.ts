import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareVersions, detectInstalledVersion, findOnPath, parseVersion } from '../../src/util/agent-version.js';

const root = mkdtempSync(join(tmpdir(), 'hookctl-agent-version-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function program(dir: string, name: string, body: string, mode = 0o755): string {
  mkdirSync(join(root, dir), { recursive: true });
  const path = join(root, dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, mode);
  return path;
}

describe('agent version detection (src/util/agent-version.ts)', () => {
  it('reads the first dotted version of what agents print', () => {
    expect(parseVersion('2.1.332 (Claude Code)')).toBe('2.1.332');
    expect(parseVersion('codex-cli 0.171.0')).toBe('0.171.0');
    expect(parseVersion("GitHub Copilot CLI 1.0.102.\nRun 'copilot update' to check for updates.")).toBe('1.0.102');
    expect(parseVersion('0.62.0-nightly.20260101')).toBe('0.62.0-nightly.20260101');
    expect(parseVersion('Segmentation fault')).toBeNull();
  });

  it('compares releases by their numbers', () => {
    expect(compareVersions('0.171.0', '0.171.0')).toBe(0);
    expect(compareVersions('0.164.0', '0.99.0')).toBeGreaterThan(0);
    expect(compareVersions('2.1.290', '2.1.295')).toBeLessThan(0);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('0.62.0-nightly.1', '0.62.0')).toBe(0);
  });

  it('finds a program only in absolute PATH directories, executable and a file', () => {
    const found = program('abs', 'agent', 'echo 1.0.0');
    program('plain', 'agent', 'echo 1.0.0', 0o644);
    mkdirSync(join(root, 'dir', 'agent'), { recursive: true });
    expect(findOnPath('agent', `${join(root, 'plain')}:${join(root, 'dir')}:${join(root, 'abs')}`)).toBe(found);
    expect(findOnPath('agent', `.:abs::${join(root, 'plain')}`)).toBeNull();
    expect(findOnPath('../abs/agent', join(root, 'abs'))).toBeNull();
    expect(findOnPath('agent', undefined)).toBeNull();
  });

  it('a program that outlives its timeout is stopped with its children, and said so', async () => {
    program('slow', 'agent', 'sleep 30 & wait');
    const started = Date.now();
    const result = await detectInstalledVersion('agent', { env: { PATH: `${join(root, 'slow')}:/usr/bin:/bin` }, timeoutMs: 300 });
    expect(result).toMatchObject({ kind: 'unreadable', why: expect.stringContaining('did not answer within 300 ms') });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
