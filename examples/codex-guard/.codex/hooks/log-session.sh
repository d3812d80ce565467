#!/bin/sh
# SessionEnd (the log sits beside .codex/hooks/, wherever the session cd-ed to): Codex ignores what this prints; it runs synchronously within 1-3 s at shutdown.
payload=$(cat)
printf '%s ended\n' "$(printf '%s' "$payload" | sed -n 's/.*"session_id":"\([^"]*\)".*/\1/p')" >> "$(dirname "$0")/../sessions.log"
