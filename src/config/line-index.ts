import type { SourcePosition } from './source-tree.js';

/**
 * Converts 0-based offsets into 1-based line/column positions. Line breaks are `\n`, `\r\n` and a
 * lone `\r` (as editors count them); columns are UTF-16 code units, matching JavaScript offsets.
 */
export type LineIndex = (offset: number) => SourcePosition;

export function createLineIndex(text: string): LineIndex {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x0a) lineStarts.push(i + 1);
    else if (char === 0x0d && text.charCodeAt(i + 1) !== 0x0a) lineStarts.push(i + 1);
  }
  return (rawOffset) => {
    const offset = Math.max(0, Math.min(rawOffset, text.length));
    // The last line start at or before the offset.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1, offset };
  };
}
