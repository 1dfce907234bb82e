#!/bin/sh
# Block ids holding U+202E (right-to-left override) or NUL: the project is refused with the
# block's position and the code point written out, and the character itself is never printed.
set -e
cli=$1; python=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
for code in 202E 0; do
  "$python" "$(dirname "$0")/write_hostile_block_id.py" "$work/p$code.convstudio" $code
  status=0
  "$cli" inspect "$work/p$code.convstudio" > "$work/out.txt" 2> "$work/err$code.txt" || status=$?
  cat "$work/err$code.txt"
  test $status -eq 2
  grep -q "p$code.convstudio: graph.blocks\[1\].id: the id holds U+0*$code, " "$work/err$code.txt"
  if grep -q "$(printf '\342\200\256')" "$work/err$code.txt"; then exit 1; fi
done
