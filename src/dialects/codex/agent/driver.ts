/**
 * The process that runs inside the loopback-only namespace: reads one CodexJob as JSON on stdin,
 * runs it (scripted server, then `codex exec`) and prints one JSON CodexRun on stdout.
 */
import type { CodexJob } from './job.js';
import { runCodexExec } from './codex-exec.js';

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const job = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CodexJob;
  const run = await runCodexExec(job);
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

main().catch((error: unknown) => {
  process.stdout.write(`${JSON.stringify({ driverError: error instanceof Error ? error.message : String(error) })}\n`);
  process.exitCode = 1;
});
