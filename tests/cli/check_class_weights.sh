#!/bin/sh
# Issue 34: `train` takes the loss group's flags (class weights, label smoothing, best metric),
# refuses a weight list that is no list or names the wrong number of classes at the setting,
# and records the per-class validation figures in the summary, metrics.jsonl and metrics.csv.
set -e
cli=$1; python=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --out "$work/lenet.convstudio" >/dev/null
"$cli" train "$work/lenet.convstudio" --max-steps 20 --batch-size 32 --class-weights balanced \
  --label-smoothing 0.1 --best-metric macro_f1 --out "$work/run" >"$work/stdout.txt" \
  2>"$work/stderr.txt"
grep -q 'class weights (balanced): ' "$work/stderr.txt"
grep -q 'balanced 0\.[0-9]* macro-F1 0\.[0-9]*' "$work/stderr.txt"
tail -n 1 "$work/stdout.txt" | "$python" -c '
import json, sys
s = json.loads(sys.stdin.read())
assert 0 < s["val_balanced_accuracy"] <= 1 and 0 <= s["val_macro_f1"] <= 1, s
per_class = s["per_class"]
assert len(per_class) == 10 and per_class[9]["class"] == "Ankle boot", per_class
assert sum(c["support"] for c in per_class) == 10000, per_class
recall = sum(c["recall"] for c in per_class) / 10
assert abs(recall - s["val_balanced_accuracy"]) < 1e-9, (recall, s)
'
head -n 1 "$work/run/metrics.csv" | grep -q 'val_balanced_accuracy,val_macro_f1'
grep '"kind":"epoch"' "$work/run/metrics.jsonl" | tail -n 1 | grep -q '"per_class":\[{"f1":'
# The settings are the project file's: a bad list is refused before the run, at the setting.
if "$cli" train "$work/lenet.convstudio" --max-steps 1 --class-weights "1,x" \
    --out "$work/bad" 2>"$work/bad.txt"; then exit 1; fi
grep -q 'training.class_weights' "$work/bad.txt"
# A list for 3 classes on 10: the run stops at the setting before its first step.
if "$cli" train "$work/lenet.convstudio" --max-steps 1 --class-weights "1,2,3" \
    --out "$work/short" >/dev/null 2>"$work/short.txt"; then exit 1; fi
grep -q 'training.class_weights: names 3 weights, but the data has 10 classes' "$work/short.txt"
echo "class weights, label smoothing and per-class figures: ok"
