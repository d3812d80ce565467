import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/util/sha256.js';

const reference = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex');

describe('sha256Hex', () => {
  it('gives the FIPS 180-4 digests of the standard test messages', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto on every length around the block and size boundaries, bytes and UTF-8 text', () => {
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const lengths = [...Array.from({ length: 300 }, (_, i) => i), 1000, 4095, 4096, 16_383, 16_384, 16_385, 70_000];
    for (const length of lengths) {
      const bytes = Uint8Array.from({ length }, () => next() & 0xff);
      expect(sha256Hex(bytes), `${length} bytes`).toBe(reference(bytes));
      const text = String.fromCodePoint(
        ...Array.from({ length: Math.min(length, 5000) }, () => [0x41, 0xe9, 0x4e2d, 0x1f600][next() % 4]!),
      );
      expect(sha256Hex(text), `${length} characters`).toBe(reference(text));
    }
  });
});
