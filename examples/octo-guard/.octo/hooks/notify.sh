#!/bin/sh
# Async Stop notifier: records that a reply ended. Replace the body with a desktop or chat notification.
status=$(sed -n 's/.*"status":"\([a-z]*\)".*/\1/p')
printf '%s reply ended: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "${status:-unknown}" >> "$(dirname "$0")/../notifications.log"
