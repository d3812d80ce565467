import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookctlError } from '../../src/errors.js';
import { InstallationError } from '../../src/errors.js';
import { packageRoot } from '../../src/contracts/package-root.js';

describe('packageRoot', () => {
  it('finds the folder whose package.json is hookctl', () => {
    const root = packageRoot();
    expect(root).toBe(resolve(import.meta.dirname, '../..'));
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name).toBe('hookctl');
  });
});

describe('InstallationError', () => {
  it('is a HookctlError a user sees as one message', () => {
    const error = new InstallationError('broken hookctl installation');
    expect(error).toBeInstanceOf(HookctlError);
    expect(error.name).toBe('InstallationError');
    expect(error.exitCode).toBe(2);
  });
});
