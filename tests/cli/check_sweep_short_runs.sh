#!/bin/sh
# Issue 32 item 1: a sweep whose runs stop at --max-steps part-way through their first epoch
# still compares accuracies. Each of the 3 runs ends with a validation at its last step (and
# with --validate-every-steps 2 one at step 2 before it): a number in the comparison CSV, in the
# run's summary (run.json and its stdout line), in metrics.jsonl at its step, and a best
# checkpoint on disk.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 200 1 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
# 180 training images: 23, 12 and 6 steps an epoch at these batch sizes, all more than 4.
"$cli" sweep "$work/p.convstudio" --set batch_size=8,16,32 --max-steps 4 \
  --validate-every-steps 2 --device cpu --csv "$work/comparison.csv" \
  > "$work/out.txt" 2> "$work/err.txt" || { cat "$work/err.txt"; exit 1; }
cat "$work/err.txt"
python3 - "$work" <<'PY'
import csv, json, math, os, sys
work = sys.argv[1]

def number(value):
    return isinstance(value, (int, float)) and math.isfinite(value)

lines = [json.loads(l) for l in open(os.path.join(work, "out.txt")) if l.startswith("{")]
assert len(lines) == 3, lines
for l in lines:
    assert l["state"] == "finished" and l["steps"] == 4 and l["epochs"] == 0, l
    assert number(l["val_accuracy"]) and number(l["val_loss"]), l
    assert l["best_checkpoint"] and os.path.isdir(l["best_checkpoint"]), l
    run = json.load(open(os.path.join(l["run_folder"], "run.json")))
    assert number(run["summary"]["val_accuracy"]), run["summary"]
    validations = [json.loads(m) for m in open(os.path.join(l["run_folder"], "metrics.jsonl"))
                   if '"kind":"epoch"' in m]
    assert [v["step"] for v in validations] == [2, 4], validations
    assert all(number(v["val_accuracy"]) for v in validations), validations
rows = list(csv.DictReader(open(os.path.join(work, "comparison.csv"), newline="")))
assert len(rows) == 3, rows
for r in rows:
    for column in ("final_val_accuracy", "best_val_accuracy", "final_val_loss"):
        assert r[column] and math.isfinite(float(r[column])), (column, r)
PY
