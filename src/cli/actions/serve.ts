import { loadDialect } from '../../dialects/registry.js';
import { BYPASS_TRUST_WARNING } from '../../engine/engine.js';
import { serve as runServer } from '../../serve/server.js';
import { showText } from '../../util/show-text.js';
import { loadContextOf, resolveCommon, type CommonOptionValues } from '../common-context.js';
import { guardHookProcesses } from '../hook-processes.js';

export interface ServeOptions extends CommonOptionValues {
  rewriteOrder?: 'completion' | 'configured';
  dangerouslyBypassHookTrust?: boolean;
  http?: boolean;
  port?: string;
  host?: string;
  ensure?: boolean;
}

/**
 * `hookctl serve`: JSON-RPC on standard input and output until `shutdown` or end of input (exit 0).
 * Under the CLI's hook-process guard: a signal kills every running hook's process group and exits
 * 128+signal (a second one at once); a client gone (EPIPE on standard output) cancels everything
 * the same way; on any exit, helpers a finished hook left behind are ended too (SPEC 6.1.6).
 */
export async function serve(options: ServeOptions): Promise<number> {
  if (options.http || options.ensure || options.port !== undefined || options.host !== undefined) {
    const { serveHttpCommand } = await import('./serve-http.js');
    return serveHttpCommand(options);
  }
  const common = resolveCommon(options);
  const bypassTrust = options.dangerouslyBypassHookTrust === true;
  const dialect = await loadDialect(common.dialectId);
  if (bypassTrust) process.stderr.write(`warning: ${BYPASS_TRUST_WARNING}\n`);
  // A broken standard error only silences the log: the client may read answers and drop our
  // stderr, and that must not stop the server (standard output failing still does).
  const logListeners = process.stderr.listeners('error') as ((error: Error) => void)[];
  process.stderr.removeAllListeners('error');
  let logBroken = false;
  const onLogError = (): void => {
    logBroken = true;
  };
  process.stderr.on('error', onLogError);
  try {
    const { interruptedExitCode } = await guardHookProcesses((signal) =>
      runServer({
        dialect,
        settings: { ...loadContextOf(common), bypassTrust, ...(options.rewriteOrder ? { rewriteOrder: options.rewriteOrder } : {}) },
        input: process.stdin,
        output: process.stdout,
        log: (line) => {
          // Log lines quote config text and file names: escaped like everything shown to a person.
          if (!logBroken) process.stderr.write(`${showText(line)}\n`);
        },
        signal,
      }),
    );
    return interruptedExitCode ?? 0;
  } finally {
    process.stderr.off('error', onLogError);
    for (const listener of logListeners) process.stderr.on('error', listener);
  }
}
