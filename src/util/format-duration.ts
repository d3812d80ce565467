/** `600s`, `1.5s`, `250ms`: a duration the way people write a timeout. */
export function formatDuration(ms: number): string {
  return ms % 100 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
