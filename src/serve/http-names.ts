/**
 * The names `hookctl serve --http` and its registrations share, apart from the server itself, so
 * that a registration (the claude dialect's served entries, loaded by every claude `run`) costs no
 * `node:http` or `node:crypto`.
 */

/** The environment variable holding the shared secret; Claude sends it as `Authorization: Bearer $HOOKCTL_SERVE_TOKEN`. */
export const TOKEN_ENV = 'HOOKCTL_SERVE_TOKEN';
export const DEFAULT_HTTP_PORT = 47_733;
/** The one path the server answers (POST). */
export const HOOK_PATH = '/hook';
