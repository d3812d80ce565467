/**
 * `node:crypto`, loaded on first use. Loading it costs about 3 ms, and a `hookctl run` is paid on
 * every tool call; most runs neither hash nor draw random bytes (a fixture's ids, a temporary file
 * name, a hash for trust). `process.getBuiltinModule` is in every Node hookctl supports (≥ 20.16).
 */
export function nodeCrypto(): typeof import('node:crypto') {
  return process.getBuiltinModule('node:crypto');
}
