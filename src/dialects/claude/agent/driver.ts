import { readFileSync, writeFileSync } from 'node:fs';
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
  const result = await runSession(spec);
  writeFileSync(resultPath, JSON.stringify(result));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`driver: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
