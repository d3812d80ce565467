import type { RunResult } from '../../kit/index.js';

/** A hook's output as Gemini CLI reads it: any JSON object (arrays included), kept as parsed. */
export type HookOutput = Record<string, unknown>;

/**
 * What hookRunner.ts makes of one finished command: the trimmed stdout, else the trimmed stderr,
 * parsed as JSON whatever the exit code (a JSON string is parsed once more); a JSON object is the
 * output, another JSON value is no output at all; text that is not JSON becomes a system message on
 * exit 0, a `Warning: ` message on exit 1 and a deny with the text as reason on any other exit
 * (a signal counts as exit 0 there). A timed-out or unstartable hook has no output.
 */
export function readHookOutput(result: RunResult): { output: HookOutput | undefined; format: 'json' | 'text' | null } {
  if (result.timedOut || (result.exitCode === null && result.signal === null)) return { output: undefined, format: null };
  const text = result.stdout.trim() || result.stderr.trim();
  if (text === '') return { output: undefined, format: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
    if (typeof parsed === 'string') parsed = JSON.parse(parsed);
  } catch {
    return { output: plainText(text, result.exitCode ?? 0), format: 'text' };
  }
  if (parsed !== null && typeof parsed === 'object') return { output: parsed as HookOutput, format: 'json' };
  return { output: undefined, format: null };
}

function plainText(text: string, exitCode: number): HookOutput {
  if (exitCode === 0) return { decision: 'allow', systemMessage: text };
  if (exitCode === 1) return { decision: 'allow', systemMessage: `Warning: ${text}` };
  return { decision: 'deny', reason: text };
}
