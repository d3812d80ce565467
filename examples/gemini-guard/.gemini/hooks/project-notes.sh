#!/bin/sh
# SessionStart (startup): plain text on stdout with exit 0 is shown as a system message.
cat >/dev/null
echo "gemini-guard: shell commands are checked; .env is read-only for the agent"
