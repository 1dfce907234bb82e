#!/bin/sh
# An invalid graph: one `error: <block> (<type>): <message>` line per problem, exit code 2.
cli=$1; project=$2
err=$("$cli" inspect "$project" 2>&1 >/dev/null); code=$?
echo "$err"
[ "$code" -eq 2 ] || { echo "exit code $code, expected 2"; exit 1; }
[ "$(echo "$err" | wc -l)" -eq 2 ] || { echo "expected exactly 2 error lines"; exit 1; }
echo "$err" | grep -qx 'error: big (Conv2d): Conv2d: kernel 9 larger than padded input 8×8' || exit 1
echo "$err" | grep -qx 'error: grouped (Conv2d): Conv2d: groups 3 does not divide input channels 1' || exit 1
