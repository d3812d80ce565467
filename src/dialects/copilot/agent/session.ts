import { spawn } from 'node:child_process';
import { processesBelow, type StillRunning } from '../../../util/process-tree.js';
import { type ChatRequest, type ScriptedTurn, startChatServer } from './chat-server.js';

/**
 * One `copilot -p` session against the scripted Chat Completions model, as driver.ts runs it inside
 * the jail (loopback-only network: the provider URL is the only place Copilot can reach). Its
 * environment is built here from nothing but the spec: no token, no COPILOT_* variable of the
 * caller's, no proxy.
 */
export interface CopilotSession {
  /** The copilot executable (the npm loader or the native binary). */
  readonly copilot: string;
  /** The session directory: the project's copy, whose `.github/hooks` Copilot reads. */
  readonly cwd: string;
  readonly home: string;
  /** COPILOT_HOME: the user layer (`hooks/`), session state and config, in the sandbox. */
  readonly copilotHome: string;
  /** XDG_CACHE_HOME, in the sandbox. */
  readonly cacheHome: string;
  /** COPILOT_PKG_CACHE_HOME: the runtime unpacked once (read-only in the jail), or null to unpack into cacheHome. */
  readonly pkgCache: string | null;
  readonly tmp: string;
  readonly prompt: string;
  readonly turns: readonly ScriptedTurn[];
  /** More environment for Copilot (COPILOT_PROVIDER_MAX_PROMPT_TOKENS for a compaction). */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Copilot is ended once the conversation asks the model this many times past the script (a Stop hook that always blocks); 0: never. */
  readonly loopAfter: number;
}

export interface CopilotSessionResult {
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  /** Ended because the conversation went on past the script `loopAfter` times. */
  readonly looped: boolean;
  readonly stillRunning: readonly StillRunning[];
  readonly stdout: string;
  readonly stderr: string;
  readonly requests: readonly ChatRequest[];
}

/** The model name Copilot is told to use; the scripted server lists it. */
export const SCRIPTED_MODEL = 'gpt-4.1';
const OUTPUT_LIMIT = 4 * 1024 * 1024;

export async function runCopilotSession(spec: CopilotSession): Promise<CopilotSessionResult> {
  const server = await startChatServer(spec.turns, SCRIPTED_MODEL);
  try {
    const steps = (): number => server.requests.filter((r) => r.step).length - spec.turns.length;
    const run = await spawnCopilot(spec, server.baseUrl, () => spec.loopAfter > 0 && steps() >= spec.loopAfter);
    return { ...run, requests: server.requests };
  } finally {
    await server.close();
  }
}

export function sessionEnv(spec: CopilotSession, baseUrl: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    HOME: spec.home,
    TMPDIR: spec.tmp,
    COPILOT_HOME: spec.copilotHome,
    XDG_CACHE_HOME: spec.cacheHome,
    ...(spec.pkgCache === null ? {} : { COPILOT_PKG_CACHE_HOME: spec.pkgCache }),
    COPILOT_PROVIDER_BASE_URL: baseUrl,
    COPILOT_MODEL: SCRIPTED_MODEL,
    COPILOT_OFFLINE: 'true',
    ...spec.env,
  };
}

/** Copilot's own processes: the npm loader (`node …/npm-loader.js`) and the native `copilot`. */
const isCopilot = (argv: readonly string[]): boolean => argv.some((arg, i) => i < 2 && /(^|\/)(copilot|npm-loader\.js)$/.test(arg));

function spawnCopilot(spec: CopilotSession, baseUrl: string, looping: () => boolean): Promise<Omit<CopilotSessionResult, 'requests'>> {
  const args = ['-p', spec.prompt, '--allow-all-tools', '--trust-folder', '--no-auto-update'];
  // Its own process group: a timeout or a loop ends Copilot and every hook it started.
  const child = spawn(spec.copilot, args, {
    cwd: spec.cwd,
    env: sessionEnv(spec, baseUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (stdout.length < OUTPUT_LIMIT) stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < OUTPUT_LIMIT) stderr += chunk.toString('utf8');
  });
  let timedOut = false;
  let looped = false;
  let stillRunning: StillRunning[] = [];
  const timer = setTimeout(() => {
    timedOut = true;
    // What was still running says why: a hook that hangs, with its command and how long it ran.
    if (child.pid !== undefined) stillRunning = processesBelow(child.pid, isCopilot);
    killGroup(child.pid);
  }, spec.timeoutMs);
  const watcher = setInterval(() => {
    if (looped || !looping()) return;
    looped = true;
    killGroup(child.pid);
  }, 200);
  return new Promise((resolve) => {
    const finish = (exitCode: number | null): void => {
      clearTimeout(timer);
      clearInterval(watcher);
      killGroup(child.pid);
      resolve({ exitCode, timedOut, looped, stillRunning, stdout, stderr });
    };
    child.on('error', (error) => {
      stderr += `spawn failed: ${error.message}\n`;
      finish(null);
    });
    child.on('close', (code) => finish(code));
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
