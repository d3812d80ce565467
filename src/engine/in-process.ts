import type { InProcessHook } from '../kit/index.js';
import type { Invocation } from './engine-handler.js';
import type { RunResult } from '../kit/run-result.js';
import { stringifyJson } from '../util/safe-json.js';
import { monotonicMs } from '../util/monotonic-ms.js';

// A marker no hook can return, so a hook returning the text "timeout" is just output.
const TIMED_OUT = Symbol('timed out');

/**
 * Runs a host in-process hook and reports it like a command: its return value is the stdout of an
 * exit-0 run (objects as JSON), a thrown error a failed run. The timeout races the function.
 */
export async function invokeInProcess(hook: InProcessHook, invocation: Invocation, timeoutMs: number): Promise<RunResult> {
  const started = monotonicMs();
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  invocation.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  const base = { signal: null, stderr: '', truncated: false };
  try {
    const value = await Promise.race([Promise.resolve().then(() => hook(invocation.payload, { signal: controller.signal })), timeout]);
    const durationMs = monotonicMs() - started;
    if (value === TIMED_OUT) {
      controller.abort();
      return { ...base, exitCode: null, stdout: '', timedOut: true, durationMs, error: `timed out after ${timeoutMs} ms` };
    }
    const stdout = value === undefined ? '' : typeof value === 'string' ? value : stringifyJson(value);
    return { ...base, exitCode: 0, stdout, timedOut: false, durationMs, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      exitCode: null,
      stdout: '',
      timedOut: false,
      durationMs: monotonicMs() - started,
      error: `in-process hook threw: ${message}`,
    };
  } finally {
    clearTimeout(timer);
    invocation.signal?.removeEventListener('abort', onAbort);
  }
}
