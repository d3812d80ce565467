import { spawn } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { type DialectId, loadDialect, manifestOf } from '../../dialects/registry.js';
import { BYPASS_TRUST_WARNING } from '../../engine/engine.js';
import { UsageError } from '../../errors.js';
import { checkLoopbackHost, DEFAULT_HTTP_PORT, probe, serveHttp, tokenOf } from '../../serve/http.js';
import { unsafeWriteTarget } from '../../util/safe-write.js';
import { showText } from '../../util/show-text.js';
import { type CommonOptionValues, loadContextOf, resolveCommon } from '../common-context.js';
import { httpServing } from '../dialect-facts.js';
import { guardHookProcesses } from '../hook-processes.js';

/** How long `--ensure` waits for the server it started to answer. */
const ENSURE_WAIT_MS = 10_000;

/** The options of `serve` that `--http` reads (a structural part of the command's options). */
export interface ServeHttpOptions extends CommonOptionValues {
  http?: boolean;
  port?: string;
  host?: string;
  ensure?: boolean;
  dangerouslyBypassHookTrust?: boolean;
  rewriteOrder?: 'completion' | 'configured';
}

/** `hookctl serve --http [--port N] [--ensure]` (docs/serve.md, "Over HTTP"). */
export async function serveHttpCommand(options: ServeHttpOptions): Promise<number> {
  if (!options.http) throw new UsageError('--port, --host and --ensure go with --http');
  const serving = httpServing();
  if (serving === null) throw new UsageError('serve --http: no dialect takes http hooks that hookctl serves');
  const common = resolveCommon({ ...options, dialect: options.dialect ?? serving.id });
  if (common.dialectId !== serving.id)
    throw new UsageError(`serve --http answers ${serving.agent} http hooks: --dialect ${serving.id} (not ${common.dialectId})`);
  const port = options.port === undefined ? DEFAULT_HTTP_PORT : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port ${JSON.stringify(options.port)} is not a port number`);
  const host = options.host ?? '127.0.0.1';
  checkLoopbackHost(host);
  const token = tokenOf(process.env);
  if (options.ensure) return ensure(port, token, common.cwd, serving.id);
  const bypassTrust = options.dangerouslyBypassHookTrust === true;
  if (bypassTrust) process.stderr.write(`warning: ${BYPASS_TRUST_WARNING}\n`);
  const dialect = await loadDialect(common.dialectId);
  const { interruptedExitCode } = await guardHookProcesses((signal) =>
    serveHttp({
      dialect,
      settings: { ...loadContextOf(common), bypassTrust, ...(options.rewriteOrder ? { rewriteOrder: options.rewriteOrder } : {}) },
      env: process.env,
      host,
      port,
      log: (line) => process.stderr.write(`${showText(line)}\n`),
      signal,
    }),
  );
  return interruptedExitCode ?? 0;
}

/**
 * The SessionStart starter: exit 0 at once when a server of this token answers on the port; else
 * start one detached (its log in `.claude/hookctl-serve.log`, its pid in `.claude/hookctl-serve.pid`)
 * and wait until it answers.
 */
async function ensure(port: number, token: string, cwd: string, dialectId: DialectId): Promise<number> {
  if (await probe(port, token)) return 0;
  // The log and pid sit in the agent's project config directory, beside its settings.
  const logDir = join(cwd, manifestOf(dialectId).configDir);
  const logFile = join(logDir, 'hookctl-serve.log');
  const pidFile = join(logDir, 'hookctl-serve.pid');
  // A repository's own files (SPEC 6.1.5): a committed link there must not redirect the writes.
  for (const file of [logFile, pidFile]) {
    const refused = unsafeWriteTarget(cwd, file);
    if (refused !== null) throw new UsageError(`serve --http --ensure: cannot write ${file}: ${refused}`);
  }
  mkdirSync(logDir, { recursive: true });
  const log = openSync(logFile, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, 0o600);
  const child = spawn(
    process.execPath,
    [process.argv[1]!, 'serve', '--http', '--dialect', dialectId, '--port', String(port), '--cwd', cwd],
    {
      detached: true,
      stdio: ['ignore', log, log],
      env: process.env,
    },
  );
  child.unref();
  // How a person (or a test) stops it: `kill $(cat .claude/hookctl-serve.pid)`.
  if (child.pid !== undefined) {
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
    const fd = openSync(pidFile, flags, 0o600);
    try {
      writeSync(fd, `${child.pid}\n`);
    } finally {
      closeSync(fd);
    }
  }
  const deadline = Date.now() + ENSURE_WAIT_MS;
  while (Date.now() < deadline) {
    if (await probe(port, token, 500)) return 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.stderr.write(
    `hookctl: serve --http did not answer on 127.0.0.1:${port} within ${ENSURE_WAIT_MS / 1000} s; ` +
      `see ${join(logDir, 'hookctl-serve.log')}\n`,
  );
  return 2;
}
