import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { RunResult } from '../kit/run-result.js';
import { releaseProcessGroup, stopProcessGroup, trackProcessGroup } from './process-groups.js';
import { timerDelay } from '../util/timer-delay.js';
import { monotonicMs } from '../util/monotonic-ms.js';

/**
 * The command runner of SPEC 2.8, shared by both dialects. It uses `node:child_process` directly
 * rather than execa: the hook must lead its own process group so a timeout can signal the whole
 * group, output must be bounded while it is still being drained, and the result must not wait for
 * descendants that keep the pipes open — each of those fights execa's buffering and cleanup.
 */
export interface RunCommandOptions {
  /** Run with `sh -c <command>` (POSIX; `$SHELL` is not used) unless `argv` is given. */
  command: string;
  /** Spawn `argv[0]` (found on PATH) with these arguments instead, no shell of its own (a dialect's launch). */
  argv?: readonly string[];
  /** Compact JSON payload written to the hook's stdin. */
  stdin: string;
  cwd: string;
  /** The full environment of the hook (the caller merges the agent's env and dialect variables). */
  env: Record<string, string | undefined>;
  /** Clamped to what a timer can hold (about 24.8 days): a huge value waits long, it never fires at once. */
  timeoutMs: number;
  /** Cap per stream, in bytes; bytes beyond it are discarded and the run is marked truncated. */
  outputLimitBytes: number;
  /** Dispatch cancellation: kills the process group like a timeout; the error is `cancelled`. */
  signal?: AbortSignal;
  /** Delay between SIGTERM and SIGKILL to the process group. */
  killGraceMs?: number;
  /** How long the pipes may stay open after the hook process exited (a descendant holding them). */
  pipeGraceMs?: number;
}

/** Long enough for a hook to clean up on SIGTERM, short enough not to stall a timed-out dispatch. */
export const DEFAULT_KILL_GRACE_MS = 1000;
/** Output still in flight after the exit normally arrives within microseconds; this only bounds stragglers. */
export const DEFAULT_PIPE_GRACE_MS = 150;

const COMMAND_NOT_FOUND = 127;

/**
 * Runs one command hook and resolves with what was observed. Never rejects: spawn failures, a
 * missing command, a signal, a timeout or a cancellation are reported in `error`.
 */
export function runCommand(options: RunCommandOptions): Promise<RunResult> {
  const started = monotonicMs();
  if (options.signal?.aborted) {
    return Promise.resolve(failedResult('cancelled', started));
  }
  let child: ChildProcess;
  try {
    // detached: the hook leads its own process group, so a kill reaches its descendants too.
    const [file, ...args] = options.argv ?? ['sh', '-c', options.command];
    child = spawn(file!, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    return describeSpawnFailure(error, options.cwd).then((message) => failedResult(message, started));
  }
  // Tracked before anything can fail, so even a hook whose run is never settled is stopped at exit.
  if (child.pid !== undefined) trackProcessGroup(child.pid);
  return new Promise((resolve) => new Run(child, options, started, resolve).start());
}

/** Mutable state of one run; settles exactly once. */
class Run {
  private readonly stdout: CappedOutput;
  private readonly stderr: CappedOutput;
  private exitCode: number | null = null;
  private exitSignal: NodeJS.Signals | null = null;
  private exited = false;
  private settled = false;
  private stopReason: string | null = null;
  private timedOut = false;
  /** True once the group was sent SIGTERM (timeout or cancellation); its SIGKILL follows. */
  private stopping = false;
  private timeoutTimer: NodeJS.Timeout | undefined;
  private pipeGraceTimer: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.stopGroup('cancelled');

  constructor(
    private readonly child: ChildProcess,
    private readonly options: RunCommandOptions,
    private readonly started: number,
    private readonly resolve: (result: RunResult) => void,
  ) {
    this.stdout = new CappedOutput(options.outputLimitBytes);
    this.stderr = new CappedOutput(options.outputLimitBytes);
  }

  start(): void {
    const { child, options } = this;
    this.drain(child.stdout, this.stdout);
    this.drain(child.stderr, this.stderr);
    child.once('exit', (code, signal) => this.onExit(code, signal));
    child.once('error', (error) => this.onSpawnError(error));
    // A hook may exit without reading its stdin: the resulting EPIPE is expected, not a failure.
    child.stdin?.on('error', ignore);
    child.stdin?.end(options.stdin);
    this.timeoutTimer = setTimeout(() => {
      if (this.exited) return;
      this.timedOut = true;
      this.stopGroup(`timed out after ${options.timeoutMs} ms`);
    }, timerDelay(options.timeoutMs));
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /**
   * Output past the cap is read and dropped rather than the hook being killed: a hook that floods
   * its output still finishes and its exit code is observed, memory stays bounded, and a hook
   * that floods forever is stopped by the timeout like any other hung hook.
   */
  private drain(stream: Readable | null, output: CappedOutput): void {
    if (!stream) {
      output.closed = true;
      return;
    }
    stream.on('data', (chunk: Buffer) => output.append(chunk));
    stream.once('close', () => {
      output.closed = true;
      if (this.exited && this.stdout.closed && this.stderr.closed) this.settle();
    });
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exited = true;
    this.exitCode = code;
    this.exitSignal = signal;
    clearTimeout(this.timeoutTimer);
    if (this.stdout.closed && this.stderr.closed) {
      this.settle();
      return;
    }
    // A descendant may hold the pipes open indefinitely; take what arrives shortly, then stop waiting.
    // setImmediate: if the event loop was blocked past the grace, timers run before pending pipe
    // reads; one more poll phase collects the output the hook wrote before it exited.
    this.pipeGraceTimer = setTimeout(() => setImmediate(() => this.settle()), this.options.pipeGraceMs ?? DEFAULT_PIPE_GRACE_MS);
  }

  private onSpawnError(error: Error): void {
    if (this.exited || this.settled) return;
    void describeSpawnFailure(error, this.options.cwd).then((message) => {
      this.stopReason = message;
      this.settle();
    });
  }

  /** SIGTERM to the whole group now, SIGKILL after the grace (even if the leader already left). */
  private stopGroup(reason: string): void {
    if (this.exited || this.stopReason !== null) return;
    this.stopReason = reason;
    const pid = this.child.pid;
    if (pid === undefined) return;
    this.stopping = true;
    stopProcessGroup(pid, this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
  }

  private settle(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timeoutTimer);
    clearTimeout(this.pipeGraceTimer);
    this.options.signal?.removeEventListener('abort', this.onAbort);
    // A stopped group is being killed; a finished hook's group stays tracked while a helper it left lives.
    if (this.child.pid !== undefined && !this.stopping) releaseProcessGroup(this.child.pid);
    // Release our ends of the pipes so a lingering descendant cannot keep this process alive.
    this.child.stdin?.destroy();
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    const stderr = this.stderr.text();
    const stderrTail = this.stderr.tailText();
    this.resolve({
      exitCode: this.stopReason === null ? this.exitCode : null,
      signal: this.exitSignal,
      stdout: this.stdout.text(),
      stderr,
      ...(stderrTail === null ? {} : { stderrTail }),
      truncated: this.stdout.truncated || this.stderr.truncated,
      timedOut: this.timedOut,
      durationMs: monotonicMs() - this.started,
      error: this.stopReason ?? this.exitError(stderr),
    });
  }

  private exitError(stderr: string): string | null {
    if (this.exitSignal !== null) return `hook process was killed by signal ${this.exitSignal}`;
    if (this.exitCode === COMMAND_NOT_FOUND) {
      return `command not found: ${lastLine(stderr) ?? this.options.command}`;
    }
    return null;
  }
}

/** Bytes of the rolling tail: 500 code points of up to 4 bytes each, with room to spare. */
const TAIL_BYTES = 4096;

/**
 * Keeps at most `limit` bytes of a stream; decodes once at the end so split characters join up.
 * Past the cap it keeps a rolling tail of the last TAIL_BYTES, so "the end of what the hook wrote"
 * stays available (octo's exit-2 reason, SPEC 3.4) while memory stays bounded.
 */
class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private length = 0;
  private tail: Buffer = Buffer.alloc(0);
  truncated = false;
  closed = false;

  constructor(private readonly limit: number) {}

  append(chunk: Buffer): void {
    this.keepTail(chunk);
    const room = this.limit - this.length;
    if (chunk.length <= room) {
      this.chunks.push(chunk);
      this.length += chunk.length;
      return;
    }
    this.truncated = true;
    if (room > 0) {
      this.chunks.push(chunk.subarray(0, room));
      this.length = this.limit;
    }
  }

  /** The rolling tail decoded, when the stream went past the cap; null otherwise. */
  tailText(): string | null {
    if (!this.truncated) return null;
    // The tail may start inside a character: skip continuation bytes to the next character start.
    let start = 0;
    while (start < this.tail.length && (this.tail[start]! & 0xc0) === 0x80) start++;
    return this.tail.subarray(start).toString('utf8');
  }

  private keepTail(chunk: Buffer): void {
    if (chunk.length >= TAIL_BYTES) {
      this.tail = Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES));
      return;
    }
    const kept = this.tail.subarray(Math.max(0, this.tail.length + chunk.length - TAIL_BYTES));
    this.tail = Buffer.concat([kept, chunk]);
  }

  text(): string {
    if (this.length === 0) return '';
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    // The cap may cut a character in half; drop the partial tail instead of showing U+FFFD for it.
    const kept = this.truncated ? bytes.subarray(0, completeUtf8Length(bytes)) : bytes;
    return kept.toString('utf8');
  }
}

/** Length of `bytes` without a trailing incomplete UTF-8 sequence. Invalid bytes are left to the decoder. */
function completeUtf8Length(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let i = end - 1; i >= Math.max(0, end - 4); i--) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return end - i < needed ? i : end;
  }
  return end;
}

async function describeSpawnFailure(error: unknown, cwd: string): Promise<string> {
  const code = (error as NodeJS.ErrnoException).code;
  // Node reports a missing cwd as `spawn sh ENOENT`, which blames the shell; name the real cause.
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    const isDirectory = await stat(cwd).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isDirectory) return `could not start the hook: working directory ${cwd} does not exist or is not a directory`;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `could not start the hook: ${detail}`;
}

/** A run that produced no process result, with `fields` (the error, or what a runner did observe). */
export function failedResult(error: string | null, started: number, fields: Partial<RunResult> = {}): RunResult {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    truncated: false,
    timedOut: false,
    durationMs: monotonicMs() - started,
    error,
    ...fields,
  };
}

function lastLine(text: string): string | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? null;
}

function ignore(): void {}
