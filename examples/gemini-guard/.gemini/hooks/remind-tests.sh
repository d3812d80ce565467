#!/bin/sh
# AfterTool (write_file|replace): context for the model, appended to the tool result (< and > are escaped).
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"A file changed: run npm test before you answer."}}'
