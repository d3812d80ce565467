#!/bin/sh
# PreToolUse guard for octo's terminal tool. Exit 2 blocks; the JSON reason is what the user sees.
input=$(cat)
block() {
  printf '{"decision":"block","reason":"%s"}\n' "$1"
  exit 2
}
case "$input" in
  *'rm -rf'*) block "refusing destructive rm -rf" ;;
  *'git reset --hard'*) block "refusing git reset --hard: it discards uncommitted work" ;;
  *'| sh'*|*'|sh'*|*'| bash'*) block "refusing to pipe a download into a shell" ;;
esac
exit 0
