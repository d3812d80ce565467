/**
 * A host-side hook that runs inside the agent's process. Its return value is read like a command's
 * stdout with exit 0 (objects as JSON); a thrown error is a failed run.
 */
export type InProcessHook = (
  payload: Readonly<Record<string, unknown>>,
  context: { signal: AbortSignal },
) => string | Record<string, unknown> | void | Promise<string | Record<string, unknown> | void>;

export interface BuiltinHook {
  event: string;
  /** Shown in listings and outcome runs as the hook's command. */
  name: string;
  run: InProcessHook;
}
