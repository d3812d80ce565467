import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseProcessGroup, signalProcessGroup, trackProcessGroup } from '../engine/process-groups.js';
import { agentJail, readFromJail } from '../util/agent-sandbox.js';

/** One run of an agent's driver script (scripted model + the agent) inside the `test --agent` jail. */
export interface JailedDriverRun<Result> {
  /** The case's sandbox: the jail's root, where the spec is written and the result read back. */
  readonly sandbox: string;
  /** A directory of the sandbox for the spec and result files. */
  readonly filesDir: string;
  /** The driver script (node runs it with the spec and result files as its arguments). */
  readonly driver: string;
  /** What the driver is told to do: written as JSON to the spec file. */
  readonly spec: unknown;
  /** The agent's own home in the sandbox; the driver gets nothing else of the caller's environment but PATH. */
  readonly home: string;
  /** The session's own timeout: the driver is killed 30 s past it. */
  readonly timeoutMs: number;
  /** Paths outside the sandbox the case may write (the jail's overlays). */
  readonly written?: readonly string[];
  /** The agent's name, for the error when no result comes back. */
  readonly agent: string;
  /** The result file's text (null: unreadable), checked: it sits where the agent's hooks could write it. */
  readonly read: (text: string | null) => Result | null;
}

/**
 * Runs the driver jailed, in its own tracked process group (Ctrl-C on hookctl ends the driver, the
 * agent and its hooks), and reads its result file as untrusted input.
 */
export function runJailedDriver<Result>(run: JailedDriverRun<Result>): Promise<Result> {
  const specFile = join(run.filesDir, 'spec.json');
  const resultFile = join(run.filesDir, 'result.json');
  writeFileSync(specFile, JSON.stringify(run.spec));
  const [command, ...args] = agentJail().wrap([process.execPath, run.driver, specFile, resultFile], run.sandbox, run.written);
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: run.home };
    const child = spawn(command as string, args, { stdio: ['ignore', 'ignore', 'pipe'], env, detached: true });
    const group = child.pid;
    if (group !== undefined) trackProcessGroup(group);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
    });
    // The session has its own timeout; this one ends a driver that hangs around it.
    const guard = setTimeout(() => group !== undefined && signalProcessGroup(group, 'SIGKILL'), run.timeoutMs + 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      if (group !== undefined) releaseProcessGroup(group);
      const result = code === 0 ? run.read(readFromJail(run.sandbox, resultFile)) : null;
      if (result !== null) resolve(result);
      else reject(new Error(`the ${run.agent} driver exited ${code} without a readable result: ${stderr.trim().slice(-400)}`));
    });
  });
}
