import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loopbackNamespace } from '../../../util/loopback-namespace.js';
import type { CodexJob, CodexRun } from './job.js';

export type { CodexJob, CodexRun } from './job.js';

/** A run, or why none could be made here (no namespace, no built driver). */
export type CodexAgentResult = { readonly ran: true; readonly run: CodexRun } | { readonly ran: false; readonly reason: string };

/**
 * Runs `codex exec` against the scripted model inside a loopback-only network namespace: the driver
 * process (which starts the server and then Codex) is what the namespace wraps, so both share its
 * 127.0.0.1. Where no namespace can be made the result says why and nothing runs.
 */
export async function runCodexAgent(job: CodexJob): Promise<CodexAgentResult> {
  const namespace = loopbackNamespace();
  if (!namespace.available) return { ran: false, reason: namespace.reason };
  const driver = driverScript();
  if (!existsSync(driver)) return { ran: false, reason: `the compiled driver ${driver} is missing: run \`npm run build\`` };
  const [command, ...args] = namespace.wrap([process.execPath, driver]);
  const output = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve, reject) => {
    const child = spawn(command as string, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code }));
    child.stdin.end(JSON.stringify(job));
  });
  const line = output.stdout.trim().split('\n').pop() ?? '';
  let parsed: (CodexRun & { driverError?: undefined }) | { driverError: string };
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new Error(`the codex driver printed no result (exit ${output.code}): ${output.stderr.trim().slice(0, 400)}`);
  }
  if (parsed.driverError !== undefined) throw new Error(`the codex driver failed: ${parsed.driverError}`);
  return { ran: true, run: parsed as CodexRun };
}

/** The compiled driver beside this module; from the sources (vitest), the one `npm run build` wrote. */
function driverScript(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return join(dirname(here), 'driver.js');
  // src/… → dist/src/… (tsconfig.build.json keeps the src/ folder in dist/).
  return join(dirname(here.replace(`${sep}src${sep}`, `${sep}dist${sep}src${sep}`)), 'driver.js');
}
