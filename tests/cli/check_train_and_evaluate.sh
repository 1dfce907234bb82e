#!/bin/sh
# new -> train (a short run on Fashion-MNIST) -> evaluate, as a user would script it.
set -e
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --out "$work/lenet.convstudio"
"$cli" train "$work/lenet.convstudio" --max-steps 30 --batch-size 32 --accumulate 2 \
  --optimizer adam --lr 0.002 --out "$work/run" > "$work/stdout.txt"
cat "$work/stdout.txt"
tail -n 1 "$work/stdout.txt" | python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
for key in ["epochs", "steps", "train_loss", "val_loss", "val_accuracy", "samples_per_second",
            "peak_memory_bytes", "device", "amp", "accumulate", "effective_batch_size"]:
    assert key in s, key
assert s["steps"] == 30, s
assert s["effective_batch_size"] == 64 and s["accumulate"] == 2, s
assert s["device"] == "cpu" or s["device"].startswith("cuda"), s
assert s["peak_memory_bytes"] > 0, s
'
test "$(grep -c '"kind":"step"' "$work/run/metrics.jsonl")" -eq 30
head -n 1 "$work/run/metrics.csv" | grep -q '^kind,step,epoch,loss,lr'
test -f "$work/run/last.ckpt/model.safetensors"
"$cli" evaluate "$work/run/last.ckpt" > "$work/evaluate.txt"
cat "$work/evaluate.txt"
grep -q '^accuracy: 0\.[0-9]*' "$work/evaluate.txt"
grep -q 'Ankle boot' "$work/evaluate.txt"
