import { readFileSync, writeFileSync } from 'node:fs';
import { type CopilotSession, runCopilotSession } from './session.js';

/**
 * The process that runs inside the jail: `node driver.js SPEC.json RESULT.json` reads a
 * CopilotSession, runs it against the scripted model (both in the jail's loopback-only network, so
 * they share its 127.0.0.1) and writes the result. Exit 0 when the result was written, whatever
 * Copilot did; 2 on a bad spec.
 */
async function main(argv: readonly string[]): Promise<number> {
  const [specPath, resultPath] = argv;
  if (specPath === undefined || resultPath === undefined) {
    process.stderr.write('usage: driver SPEC.json RESULT.json\n');
    return 2;
  }
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as CopilotSession;
  writeFileSync(resultPath, JSON.stringify(await runCopilotSession(spec)));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`driver: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
