/**
 * A host-side hook that runs inside the agent's process. Its return value is read like a command's
 * stdout with exit 0 (objects as JSON); a thrown error is a failed run.
 */
export type InProcessHook = (
  payload: Readonly<Record<string, unknown>>,
  context: { signal: AbortSignal },
  // `void`: a hook that returns nothing said nothing, like a command with empty stdout.
  // biome-ignore lint/suspicious/noConfusingVoidType: part of the public InProcessHook signature since 0.1.0
) => string | Record<string, unknown> | void | Promise<string | Record<string, unknown> | void>;

export interface BuiltinHook {
  event: string;
  /** Shown in listings and outcome runs as the hook's command. */
  name: string;
  run: InProcessHook;
}
