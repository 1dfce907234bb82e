#!/bin/sh
# A project's "weights" entry that climbs out of its folder: `train` refuses the project, naming
# the file and the field, before anything is read (exit 2).
set -e
cli=$1; python=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
"$python" "$(dirname "$0")/write_weights_escape.py" "$work/p.convstudio"
status=0
"$cli" train "$work/p.convstudio" --max-steps 1 --device cpu > "$work/out.txt" 2> "$work/err.txt" ||
  status=$?
cat "$work/err.txt"
test $status -eq 2
grep -q "^error: $work/p.convstudio: weights: '../../../../home/u/.ssh/id_rsa' is not a plain file name" \
  "$work/err.txt"
