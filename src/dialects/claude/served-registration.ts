import type { RegistrationEntry } from '../../kit/index.js';
import { DEFAULT_HTTP_PORT, HOOK_PATH, TOKEN_ENV } from '../../serve/http-names.js';
import { GUARD_EVENTS } from './events.js';

/** Where `scaffold --register --http` puts the hook itself: the served hooks file Claude never reads. */
export const SERVED_HOOKS_FILE = '.claude/hookctl-served.json';
/** How long Claude waits for the endpoint (seconds); past it the call fails, and with onFailure block, blocks. */
export const HTTP_HANDLER_TIMEOUT_S = 30;

// The http handler of a guard event (events.ts GUARD_EVENTS, read from the binary) carries
// `"onFailure": "block"` (Claude Code ≥ 2.1.295), so a server that is down, slow or failing blocks
// the action instead of letting it through; elsewhere Claude ignores onFailure.

/**
 * The command of the SessionStart hook that starts the server when it is not running: through
 * `npx --no`, which finds hookctl installed in the project (`npm i -D hookctl`) or globally and
 * installs nothing (absent, the server does not start and the guarded calls are blocked).
 */
export function starterCommand(port: number): string {
  return `npx --no hookctl serve --http --ensure --port ${port}`;
}

/**
 * The `.claude/settings.json` entries of a served hook: one http handler for the event, without a
 * matcher (the served engine matches), and the SessionStart starter.
 */
export function servedSettingsEntries(event: string, port: number = DEFAULT_HTTP_PORT): RegistrationEntry[] {
  const url = `http://127.0.0.1:${port}${HOOK_PATH}`;
  const http: RegistrationEntry = {
    event,
    matcher: null,
    command: url,
    id: 'hookctl-serve',
    handler: {
      type: 'http',
      url,
      headers: { Authorization: `Bearer $${TOKEN_ENV}` },
      allowedEnvVars: [TOKEN_ENV],
      timeout: HTTP_HANDLER_TIMEOUT_S,
      ...(GUARD_EVENTS.has(event) ? { onFailure: 'block' } : {}),
    },
  };
  const command = starterCommand(port);
  const starter: RegistrationEntry = {
    event: 'SessionStart',
    matcher: null,
    command,
    id: 'hookctl-serve-start',
    handler: { type: 'command', command, timeout: 15 },
  };
  // SessionStart itself is refused with --http (scaffold.ts): Claude takes no http hook there.
  return [http, starter];
}
