import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/run-cli.js';

describe('a reader that closes the pipe early (`hookctl … | head -1`)', () => {
  it.each([
    ['schema', '--config', '--dialect', 'openinterpreter'],
    ['fixture', 'PreToolUse', '--dialect', 'openinterpreter'],
  ])('%s ends quietly, with no stack trace', async (...args) => {
    const child = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" ${args.join(' ')} | head -c 1 >/dev/null`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
