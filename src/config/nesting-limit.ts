/**
 * The deepest nesting of arrays and objects a config file may have. Hook configs nest about five
 * levels; the JSON and TOML parsers recurse once per level, so a generated or hostile file nested
 * thousands deep would overflow the stack and take every command down with it. Such a file is a
 * parse error instead, and the other files still load.
 */
export const MAX_NESTING = 200;

/** The parse problem for a file nested past MAX_NESTING, placed at the bracket that goes too deep. */
export function tooDeepMessage(format: 'JSON' | 'TOML' | 'YAML'): string {
  return `${format} error: arrays and objects nested more than ${MAX_NESTING} levels deep here; a hooks config never needs that`;
}
