#!/bin/sh
# Issue 31: importing a chain of 100,000 nodes, named (each block keeps its node's name) or not
# (each gets a fresh catalog id), finishes: the import is linear in the nodes (it was quadratic:
# 10,000 nodes took 11.6 s, 100,000 more than 120 s). ctest's TIMEOUT is the bound; nothing here
# measures time.
# Usage: check_onnx_long_chain.sh CLI PYTHON HOSTILE_DIR WORK
set -u
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the source tree
cli=$1; python=$2; here=$3; work=$4
rm -rf "$work"; mkdir -p "$work"
for naming in named unnamed; do
  "$python" "$here/write_onnx_long_chain.py" "$work/$naming.onnx" 100000 $naming || exit 1
  "$cli" import "$work/$naming.onnx" --out "$work/$naming.convstudio" > "$work/$naming.txt" ||
    { cat "$work/$naming.txt"; exit 1; }
  grep -q ": 100003 blocks, 10 parameters" "$work/$naming.txt" ||
    { echo "$naming: not 100,003 blocks"; cat "$work/$naming.txt"; exit 1; }
done
grep -q '"id": "r100000"' "$work/named.convstudio" || { echo "the names were not kept"; exit 1; }
grep -q '"id": "relu100000"' "$work/unnamed.convstudio" || { echo "no catalog ids"; exit 1; }
echo "100,000 nodes imported"
