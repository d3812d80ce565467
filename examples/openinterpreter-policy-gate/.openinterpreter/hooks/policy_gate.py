#!/usr/bin/env python3
"""PreToolUse policy gate: denies shell commands that destroy work or run code from the network.

Wire form (openinterpreter): print one JSON object with hookSpecificOutput.permissionDecision
"deny" and a reason; print nothing to let the normal approval flow decide.
"""
import json
import re
import sys

RULES = [
    (re.compile(r"\brm\s+(-[a-zA-Z]*r[a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*r|-r\s+-f|-f\s+-r)\b"), "refusing destructive rm -rf"),
    (re.compile(r"\bgit\s+reset\s+--hard\b"), "refusing git reset --hard: it discards uncommitted work"),
    (re.compile(r"\b(curl|wget)\b[^|]*\|\s*(sudo\s+)?(ba|z|da)?sh\b"), "refusing to pipe a download into a shell"),
]


def main() -> int:
    payload = json.load(sys.stdin)
    command = str(payload.get("tool_input", {}).get("command", ""))
    for pattern, reason in RULES:
        if pattern.search(command):
            json.dump(
                {
                    "hookSpecificOutput": {
                        "hookEventName": "PreToolUse",
                        "permissionDecision": "deny",
                        "permissionDecisionReason": f"{reason} (command: {command})",
                    }
                },
                sys.stdout,
            )
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
