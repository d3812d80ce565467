#!/bin/sh
# BeforeTool (write_file|replace): exit 2 denies the call; the plain text on stderr is the reason.
input=$(cat)
case "$input" in
  *'"file_path":"'*'.env"'*|*'"file_path": "'*'.env"'*)
    echo "the .env file holds secrets: edit it by hand" >&2
    exit 2
    ;;
esac
exit 0
