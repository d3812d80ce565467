/**
 * The `hookSpecificOutput` strings and booleans Claude reads as event-specific results (cc hooks 8.6
 * table): protocol.ts reads them into `dialectOutput`, and http-answer.ts writes them back into a
 * served answer, from this one list.
 */
export const STRING_EXTRAS = ['sessionTitle', 'initialUserMessage', 'displayContent', 'worktreePath', 'classifierContext'] as const;
export const BOOLEAN_EXTRAS = ['reloadSkills', 'retry', 'suppressOriginalPrompt'] as const;
