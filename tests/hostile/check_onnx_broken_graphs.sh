#!/bin/sh
# Issue 31: an empty .onnx, a FIFO named as the model, a graph with a cycle, weights of negative or overflowing shape are
# refused with exit 2 and a message that says what is wrong and names the file, node or
# tensor (no LibTorch backtrace, no exit 1).
# Usage: check_onnx_broken_graphs.sh CLI PYTHON HOSTILE_DIR WORK
set -u
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the source tree
cli=$1; python=$2; here=$3; work=$4
rm -rf "$work"; mkdir -p "$work"
: > "$work/empty.onnx"
mkfifo "$work/fifo.onnx"  # would block a reader that does not look first
for how in cycle negative overflow; do
  "$python" "$here/write_onnx_broken_graph.py" "$work/$how.onnx" $how || exit 1
done
for case in "empty|empty.onnx: is empty (0 bytes), not an ONNX model" \
            "fifo|fifo.onnx: is not a regular file, so not an ONNX model" \
            "cycle|the graph has a cycle through node loop_[ab] " \
            "negative|tensor fc.weight: its shape \[-2, -2\] has a negative size" \
            "overflow|tensor fc.weight: its shape \[8589934592, 2147483648\] has more elements"; do
  name=${case%%|*}; message=${case#*|}
  status=0
  timeout 60 "$cli" import "$work/$name.onnx" --out "$work/$name.convstudio" > /dev/null \
    2> "$work/$name.txt" || status=$?
  if [ $status != 2 ] || ! grep -q "$message" "$work/$name.txt" ||
     grep -q "frame #\|Exception raised from" "$work/$name.txt"; then
    echo "$name: expected exit 2 and '$message', got exit $status:"; cat "$work/$name.txt"; exit 1
  fi
  [ ! -e "$work/$name.convstudio" ] || { echo "$name: a project was written"; exit 1; }
done
echo "broken graphs refused with their reason"
