#!/bin/sh
{{header}}
#
# POSIX sh. With jq installed it parses the payload and reads fields into variables; without jq
# it still runs, as a no-op (the examples work too; only reading fields needs jq).

payload=$(cat)
if command -v jq >/dev/null 2>&1; then
  {{fields}}
fi

{{examples}}

exit 0
