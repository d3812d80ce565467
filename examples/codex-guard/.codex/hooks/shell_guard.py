#!/usr/bin/env python3
"""PreToolUse guard for Codex's shell tool (matcher "Bash").

Codex's wire form: deny with hookSpecificOutput.permissionDecision "deny" and a non-empty reason;
allow only together with updatedInput (a bare "allow", "ask" or a legacy "approve" makes Codex fail
the hook run). Printing nothing leaves the call to Codex's approval flow.
"""
import json
import re
import sys

DENY = [
    (re.compile(r"\brm\s+(-[a-zA-Z]*r[a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*r)\b"), "refusing destructive rm -rf"),
    (re.compile(r"\bgit\s+push\b.*\s(--force|-f)\b"), "refusing git push --force: it rewrites shared history"),
]
# `npm install` changes the lock file; in this project CI installs with `npm ci`, so the agent does too.
REWRITE = (re.compile(r"^npm install\s*$"), "npm ci")


def decide(fields):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", **fields}}))


def main() -> int:
    payload = json.load(sys.stdin)
    command = str(payload.get("tool_input", {}).get("command", ""))
    for pattern, reason in DENY:
        if pattern.search(command):
            decide({"permissionDecision": "deny", "permissionDecisionReason": f"{reason} (command: {command})"})
            return 0
    pattern, replacement = REWRITE
    if pattern.search(command):
        decide({"permissionDecision": "allow", "updatedInput": {**payload["tool_input"], "command": replacement}})
    return 0


if __name__ == "__main__":
    sys.exit(main())
