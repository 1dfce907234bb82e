#!/bin/sh
# FIFOs where images are expected no longer block forever: a CSV row naming one is refused with
# its line (exit 2); one in an image folder is left out of its batch and named in the log.
set -e
cli=$1; python=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$python" "$(dirname "$0")/write_fifo_in_data.py" "$work"
status=0
timeout 120 "$cli" new --template lenet5 --dataset "$work/list/labels.csv" \
  --out "$work/p.convstudio" > "$work/out.txt" 2> "$work/err.txt" || status=$?
cat "$work/err.txt"
test $status -eq 2
grep -q "labels.csv:10:1: .*img/pipe.pgm is not a regular file (a FIFO)" "$work/err.txt"
timeout 120 "$cli" new --template lenet5 --dataset "$work/folder" --out "$work/f.convstudio"
timeout 300 "$cli" train "$work/f.convstudio" --epochs 1 --batch-size 32 --device cpu \
  --out "$work/run" > "$work/train.txt" 2>&1
grep "pipe.pgm" "$work/train.txt"
grep -q "cat/pipe.pgm: is not a regular file (a FIFO); left out of its batch" "$work/train.txt"
