#!/bin/sh
# PostToolUse after an edit (matcher "Edit|Write": Codex's apply_patch answers to both).
# Plain stdout is ignored on PostToolUse, so the reminder is JSON additionalContext.
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"Files changed: run `npm test` before you finish."}}'
