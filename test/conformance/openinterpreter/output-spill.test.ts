import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { group, hso, prints, run } from './harness.js';

/** The path a spilled text was written to, from the preview's last line. */
function spilledPath(text: string): string | null {
  return /Full hook output saved to: (.+)$/.exec(text)?.[1] ?? null;
}

const context = (text: string, limit?: number) => ({
  command: prints(hso('SessionStart', { additionalContext: text })),
  ...(limit === undefined ? {} : { additionalContextLimit: limit }),
});

describe('additionalContextLimit: codex-rs/hooks/src/output_spill_tests.rs (issue 11 item 7)', () => {
  // output_spill_tests.rs small_hook_output_remains_inline
  it('context within the limit stays inline', async () => {
    const outcome = await run('SessionStart', [group(undefined, context('short'))]);
    expect(outcome.additionalContext).toBe('short');
  });

  // output_spill_tests.rs large_hook_output_spills_to_file; hook_output_spiller_is_scoped_to_its_thread
  it('context over the default 2500 tokens is written to a file under the session dir and previewed', async () => {
    const text = 'hook output '.repeat(1000);
    const outcome = await run('SessionStart', [group(undefined, context(text))]);
    const preview = outcome.additionalContext!;
    expect(preview).toContain('tokens truncated');
    expect(preview.startsWith('Warning: truncated output (original token count: 3000)\nTotal output lines: 1\n\n')).toBe(true);
    const path = spilledPath(preview)!;
    expect(path.startsWith(`${tmpdir()}/hook_outputs/test-session/`)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(text);
    // The preview (with its footer) stays within the budget of 2500 tokens = 10,000 bytes.
    expect(Buffer.byteLength(preview)).toBeLessThanOrEqual(10_000 + 200);
  });

  // output_spill_tests.rs additional_contexts_apply_limits_individually
  it("each hook's context is held to its own limit; 0 never spills", async () => {
    const limited = 'limited hook output '.repeat(1000);
    const unlimited = 'unlimited hook output '.repeat(5000);
    const outcome = await run('SessionStart', [
      group(undefined, context(limited, 1), context(unlimited, 0), context(unlimited, 1_000_000_000)),
    ]);
    const [first, second, third] = outcome
      .additionalContext!.split('\n\nunlimited')
      .map((part, index) => (index === 0 ? part : `unlimited${part}`));
    expect(spilledPath(first!)).not.toBeNull();
    expect(second).toBe(unlimited);
    expect(third).toBe(unlimited);
  });

  // engine/mod.rs run_post_tool_use: the joined feedback is held to the default budget.
  it('PostToolUse feedback over the budget is spilled too', async () => {
    const reason = 'x'.repeat(20_000);
    const outcome = await run('PostToolUse', [group(undefined, prints({ decision: 'block', reason }))]);
    const path = spilledPath(outcome.reason!);
    expect(path).not.toBeNull();
    expect(readFileSync(path!, 'utf8')).toBe(reason);
  });

  // engine/mod.rs run_stop: each continuation prompt is held to the default budget.
  it('a Stop continuation prompt over the budget is spilled; a short one is not', async () => {
    const long = 'y'.repeat(20_000);
    const outcome = await run('Stop', [
      group(undefined, prints({ decision: 'block', reason: 'short' }), prints({ decision: 'block', reason: long })),
    ]);
    const [short, preview] = outcome.reason!.split('\n\n', 1).concat(outcome.reason!.slice('short\n\n'.length));
    expect(short).toBe('short');
    expect(existsSync(spilledPath(preview!)!)).toBe(true);
  });
});
