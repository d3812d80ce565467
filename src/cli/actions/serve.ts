import { loadDialect } from '../../dialects/registry.js';
import { BYPASS_TRUST_WARNING } from '../../engine/engine.js';
import { serve as runServer, type ServerEnd } from '../../serve/server.js';
import { loadContextOf, resolveCommon, type CommonOptionValues } from '../common-options.js';

export interface ServeOptions extends CommonOptionValues {
  dangerouslyBypassHookTrust?: boolean;
}

/** The conventional exit statuses of a process ended by these signals. */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

/**
 * `hookctl serve`: JSON-RPC on standard input and output until `shutdown` or end of input (exit 0).
 * A signal kills every running hook's process group and exits 128+signal; a second one exits at
 * once. If the client goes away (EPIPE on standard output) running hooks are killed and it exits 0.
 */
export async function serve(options: ServeOptions): Promise<number> {
  const common = resolveCommon(options);
  const bypassTrust = options.dangerouslyBypassHookTrust === true;
  const dialect = await loadDialect(common.dialectId);
  if (bypassTrust) process.stderr.write(`warning: ${BYPASS_TRUST_WARNING}\n`);

  const controller = new AbortController();
  let exitCode: number | null = null;
  const onSignal = (signal: StopSignal): void => {
    if (controller.signal.aborted) process.exit(exitCode ?? SIGNAL_EXIT_CODES[signal]);
    exitCode = SIGNAL_EXIT_CODES[signal];
    controller.abort();
  };
  const handlers = (Object.keys(SIGNAL_EXIT_CODES) as StopSignal[]).map((signal) => {
    const handler = () => onSignal(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  // The server handles a broken standard output itself (it must kill running hooks first), and
  // a broken standard error only silences its log: neither may end the process where it stands.
  const outputListeners = takeErrorListeners(process.stdout);
  const logListeners = takeErrorListeners(process.stderr);
  let logBroken = false;
  process.stderr.on('error', () => (logBroken = true));
  try {
    const end: ServerEnd = await runServer({
      dialect,
      settings: { ...loadContextOf(common), bypassTrust },
      input: process.stdin,
      output: process.stdout,
      log: (line) => {
        if (!logBroken) process.stderr.write(`${line}\n`);
      },
      signal: controller.signal,
    });
    return end === 'cancelled' ? (exitCode ?? 1) : 0;
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
    restoreErrorListeners(process.stdout, outputListeners);
    restoreErrorListeners(process.stderr, logListeners);
  }
}

type ErrorListener = (error: Error) => void;

function takeErrorListeners(stream: NodeJS.WriteStream): ErrorListener[] {
  const listeners = stream.listeners('error') as ErrorListener[];
  stream.removeAllListeners('error');
  // Until the server attaches its own: an error in between must not become an uncaught exception.
  stream.on('error', () => undefined);
  return listeners;
}

function restoreErrorListeners(stream: NodeJS.WriteStream, listeners: readonly ErrorListener[]): void {
  for (const listener of listeners) stream.on('error', listener);
}
