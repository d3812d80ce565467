#!/usr/bin/env python3
"""Stop: keep the turn going until the agent says the tests pass.

Codex re-runs Stop hooks after every continuation, without limit, so the hook checks
stop_hook_active: once it has sent the agent back, it lets the next stop through.
"""
import json
import sys


def main() -> int:
    payload = json.load(sys.stdin)
    if payload.get("stop_hook_active"):
        return 0
    message = payload.get("last_assistant_message") or ""
    if "tests pass" not in message.lower():
        print(json.dumps({"decision": "block", "reason": "Run `npm test` and say whether the tests pass before you stop."}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
