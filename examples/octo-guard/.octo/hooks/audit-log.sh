#!/bin/sh
# PostToolUse audit logger: appends each call's payload as one JSON line; prints nothing, so
# nothing is folded into the tool result.
# The default log is .octo/audit.jsonl, found from this script, not from the cwd (it follows cd).
log=${OCTO_AUDIT_LOG:-$(dirname "$0")/../audit.jsonl}
mkdir -p "$(dirname "$log")"
tr -d '\n' >> "$log"
echo >> "$log"
