import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRegularFileSync, SIZE_CAPS, type SizeCap } from '../../src/util/regular-file.js';

const dir = mkdtempSync(join(tmpdir(), 'hookctl-regular-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function bytesOf(path: string, cap: SizeCap = SIZE_CAPS.configJson): Buffer {
  const read = readRegularFileSync(path, cap);
  if (!read.ok) throw new Error(`not read: ${read.reason}`);
  return read.bytes;
}

/** Deterministic bytes that differ from their neighbours, so a misplaced chunk shows. */
const pattern = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 31 + (i >> 8)) % 251));

describe('readRegularFileSync', () => {
  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['a small settings file', 300],
    ['5,000 bytes', 5000],
    ['one byte under a 64 KiB read', 64 * 1024 - 1],
    ['exactly one 64 KiB read', 64 * 1024],
    ['past one 64 KiB read', 64 * 1024 + 17],
    ['several hundred KiB', 700 * 1024],
  ])('reads %s (%i bytes) whole and exactly', (name, length) => {
    const content = pattern(length);
    expect(bytesOf(file(`${name}.json`, content)).equals(content)).toBe(true);
  });

  it('reads a file exactly at its cap and refuses one byte more', () => {
    const cap = SIZE_CAPS.gitFile;
    expect(bytesOf(file('at-cap', pattern(cap.bytes)), cap).length).toBe(cap.bytes);
    const over = readRegularFileSync(file('over-cap', pattern(cap.bytes + 1)), cap);
    expect(over).toEqual({
      ok: false,
      missing: false,
      reason: 'it is larger than the 4 KiB limit for .git files of linked worktrees (4.0 KiB)',
    });
  });

  it.runIf(existsSync('/proc/self/status'))('reads a file that claims size 0 but holds text (/proc) whole', () => {
    // /proc/self/status is over 1 KiB though its stat says 0: what the stat claimed does not bound the read.
    const read = bytesOf('/proc/self/status', SIZE_CAPS.agentState).toString('utf8');
    expect(read.length).toBeGreaterThan(1024);
    expect(read).toMatch(/^Name:/);
    expect(read).toMatch(/\nVmRSS:/);
  });

  it.runIf(existsSync('/proc/self/smaps'))('reads a size-0 file of several chunks in order (/proc/self/smaps, over 64 KiB)', () => {
    // Its stat says 0 bytes, so it is read in several chunks: one put in the wrong place, or
    // overwritten by the next, would repeat text out of order.
    const text = bytesOf('/proc/self/smaps', SIZE_CAPS.agentState).toString('latin1');
    expect(text.length).toBeGreaterThan(64 * 1024); // more than one read
    const lines = text.split('\n').filter((line) => line !== '');
    const starts = lines.filter((line) => /^[0-9a-f]+-[0-9a-f]+ /.test(line)).map((line) => BigInt(`0x${line.split('-')[0]}`));
    for (const line of lines) expect(line).toMatch(/^([0-9a-f]+-[0-9a-f]+ \S+ .*|[A-Za-z_]+:\s.*)$/);
    expect(starts.every((start, i) => i === 0 || start > starts[i - 1]!)).toBe(true);
  });

  it.runIf(existsSync('/proc/self/maps'))(
    'gives each caller its own bytes: a later read does not change what an earlier one returned',
    () => {
      // Both are read in chunks past what their stat said (0 bytes).
      const status = bytesOf('/proc/self/status', SIZE_CAPS.agentState);
      const kept = Buffer.from(status);
      const maps = bytesOf('/proc/self/maps', SIZE_CAPS.agentState);
      expect(maps.toString('utf8')).toMatch(/\[stack\]/);
      expect(status.equals(kept)).toBe(true);
      const small = pattern(300);
      expect(bytesOf(file('after', small)).equals(small)).toBe(true);
      expect(status.equals(kept)).toBe(true);
    },
  );
});
