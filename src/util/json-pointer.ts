/** One JSON Pointer reference token (RFC 6901): `~` becomes `~0`, then `/` becomes `~1`. */
export function pointerSegment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** `base` extended by the escaped `key`: `joinPointer('/hooks', 'a/b')` is `/hooks/a~1b`. */
export function joinPointer(base: string, key: string): string {
  return `${base}/${pointerSegment(key)}`;
}
