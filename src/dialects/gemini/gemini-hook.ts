import type { HandlerRecord } from '../../kit/index.js';

/** The key of the Gemini-only fields a handler record carries (a string, so copies of the record keep it). */
export const GEMINI_HOOK = 'gemini';

/** A handler record with what Gemini CLI's planner reads besides the common fields. */
export interface GeminiHook extends HandlerRecord {
  readonly [GEMINI_HOOK]: {
    /** The hook's `name`, when written. */
    readonly name: string | null;
    /** Its definition has `sequential: true`: the whole event then runs its hooks one by one. */
    readonly sequential: boolean;
  };
}

/** The Gemini fields of a record, when it has them (records built elsewhere, such as in tests, may not). */
export function geminiFields(record: HandlerRecord): GeminiHook[typeof GEMINI_HOOK] | undefined {
  const fields = (record as Partial<GeminiHook>)[GEMINI_HOOK];
  return typeof fields === 'object' && fields !== null ? fields : undefined;
}
