#!/bin/sh
# PostToolUse audit logger: appends each call's payload as one JSON line; prints nothing, so
# nothing is folded into the tool result.
log=${OCTO_AUDIT_LOG:-.octo/audit.jsonl}
mkdir -p "$(dirname "$log")"
tr -d '\n' >> "$log"
echo >> "$log"
