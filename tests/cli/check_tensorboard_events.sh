#!/bin/sh
# A short CLI run (two epochs on 40 small images) writes TensorBoard event files that
# TensorBoard's own reader takes, with the same figures as metrics.jsonl
# (tests/interop/check_tensorboard_events.py).
set -e
cli=$1; python=$2; checker=$3; work=$4
rm -rf "$work"; mkdir -p "$work/img"
export XDG_CACHE_HOME="$work/cache"  # the file index goes here, not into the user's cache
echo "path,label" > "$work/labels.csv"
i=0
while [ $i -lt 40 ]; do
  { printf 'P5\n28 28\n255\n'; head -c 784 /dev/urandom; } > "$work/img/$i.pgm"
  if [ $((i % 2)) -eq 0 ]; then echo "img/$i.pgm,cat"; else echo "img/$i.pgm,dog"; fi >> "$work/labels.csv"
  i=$((i + 1))
done
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" > /dev/null
"$cli" train "$work/p.convstudio" --epochs 2 --batch-size 8 --lr 0.003 --out "$work/run" \
  > "$work/train.txt"
"$python" "$checker" "$work/run"
