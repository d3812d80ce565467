import { readFileSync, writeFileSync } from 'node:fs';
import { TOKEN_ENV } from '../../../serve/http-names.js';
import { runSession, type SessionSpec } from './session.js';

/**
 * The process that runs inside the loopback-only namespace: `node driver.js SPEC.json RESULT.json`
 * reads a SessionSpec, runs one Claude session against the scripted model server (both in the
 * namespace, so they share its 127.0.0.1) and writes the SessionResult. Exit 0 when the result was
 * written, whatever Claude did; 2 on a bad spec.
 */
async function main(argv: readonly string[]): Promise<number> {
  const [specPath, resultPath] = argv;
  if (specPath === undefined || resultPath === undefined) {
    process.stderr.write('usage: driver SPEC.json RESULT.json\n');
    return 2;
  }
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as SessionSpec;
  const served = spec.served ? await startServed(spec, spec.served) : null;
  let result: Awaited<ReturnType<typeof runSession>>;
  try {
    result = await runSession(spec);
  } finally {
    await served?.close();
  }
  writeFileSync(resultPath, JSON.stringify(result));
  return 0;
}

/**
 * The served hooks' endpoint, as `hookctl serve --http` runs it (same code, same clean hook
 * environment), started before Claude so its first http hook finds it; its log goes nowhere (the
 * observation reads what Claude did).
 */
async function startServed(spec: SessionSpec, served: { port: number; token: string }): Promise<{ close(): Promise<void> }> {
  const [{ serveHttp }, { dialect }] = await Promise.all([import('../../../serve/http.js'), import('../index.js')]);
  const controller = new AbortController();
  let listening: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  const stopped = serveHttp({
    dialect,
    settings: { cwd: spec.cwd, home: spec.home },
    env: { [TOKEN_ENV]: served.token, PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: spec.home, LANG: 'C.UTF-8' },
    port: served.port,
    log: () => undefined,
    signal: controller.signal,
    onListening: () => listening(),
  });
  await Promise.race([ready, stopped]);
  return {
    close: async () => {
      controller.abort();
      await stopped;
    },
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`driver: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
