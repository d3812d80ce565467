import { mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { group, hso, prints, run } from '../conformance/openinterpreter/harness.js';

/**
 * The openinterpreter output spill (Codex's hook_outputs) writes to the shared system temp dir. A
 * local attacker who gets there first — a symlink named like the session's directory — must
 * neither receive the hook's output nor make the dispatch fail: the model then gets the truncated
 * preview without a saved file, as Codex gives when it cannot write one.
 */
const cleanup: string[] = [];
afterEach(() => {
  for (const path of cleanup.splice(0)) rmSync(path, { recursive: true, force: true });
});

describe('the spill directory is private to the user', () => {
  it('a symlink planted at the session directory receives nothing; the preview carries no path', async () => {
    const session = `attacked-${process.pid}-${Date.now()}`;
    const attacker = mkdtempSync(join(tmpdir(), 'attacker-'));
    cleanup.push(attacker);
    const planted = join(tmpdir(), 'hook_outputs', session);
    // The shared parent exists once anything spilled; make sure it does before planting inside it.
    if (!statSync(join(tmpdir(), 'hook_outputs'), { throwIfNoEntry: false }))
      await run('SessionStart', [group(undefined, prints(hso('SessionStart', { additionalContext: 'x '.repeat(6000) })))]);
    symlinkSync(attacker, planted);
    cleanup.push(planted);

    const text = 'secret hook output '.repeat(1000);
    const outcome = await run('SessionStart', [group(undefined, prints(hso('SessionStart', { additionalContext: text })))], {
      session_id: session,
    });
    expect(outcome.additionalContext).toContain('tokens truncated');
    expect(outcome.additionalContext).not.toContain('Full hook output saved to');
    expect(readdirSync(attacker)).toEqual([]);
  });

  it('a spilled file is readable by its owner only', async () => {
    const text = 'private hook output '.repeat(1000);
    const outcome = await run('SessionStart', [group(undefined, prints(hso('SessionStart', { additionalContext: text })))]);
    const path = /Full hook output saved to: (.+)$/.exec(outcome.additionalContext!)?.[1];
    expect(path).toBeDefined();
    cleanup.push(path!);
    expect(statSync(path!).mode & 0o777).toBe(0o600);
  });
});
