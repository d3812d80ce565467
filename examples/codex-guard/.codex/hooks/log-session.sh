#!/bin/sh
# SessionEnd: Codex ignores what this prints; it runs synchronously within 1-3 s at shutdown.
payload=$(cat)
printf '%s ended\n' "$(printf '%s' "$payload" | sed -n 's/.*"session_id":"\([^"]*\)".*/\1/p')" >> .codex/sessions.log
