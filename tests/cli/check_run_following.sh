#!/bin/sh
# Issue 39: the studio follows a run folder that `convstudio-cli train` is writing. The studio's
# watcher (follow_lag_probe) reads every step once and in order while the run goes on, notices
# its checkpoint and its end, and each look that brings steps comes within 2 s of metrics.jsonl's
# last write (file timestamps against arrival, not the run's speed).
cli=$1; probe=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 240 3 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
# Epochs of 24 steps (a validation and checkpoints at each end); --max-steps ends the run.
steps=60
"$probe" "$work/p.convstudio.runs/followed" 240000 > "$work/probe.txt" 2> "$work/probe.err" &
probe_pid=$!
"$cli" train "$work/p.convstudio" --max-steps $steps --epochs 100 --batch-size 8 \
  --out "$work/p.convstudio.runs/followed" > "$work/train.txt" 2> "$work/train.err" \
  || { cat "$work/train.err"; kill $probe_pid; exit 1; }
wait $probe_pid || { echo "the probe failed:"; cat "$work/probe.err" "$work/probe.txt"; exit 1; }
cat "$work/probe.txt"
read -r _ seen _ last _ ordered _ checkpoints _ looks _ lag < "$work/probe.txt"
test "$seen" -eq $steps && test "$last" -eq $steps && test "$ordered" -eq 1 \
  || { echo "expected steps 1..$steps once each, in order"; exit 1; }
test "$checkpoints" -ge 1 || { echo "no checkpoint noticed"; exit 1; }
# At least its start (run.json: running) and its steps came in separate looks.
test "$looks" -ge 2 || { echo "the run was read in one look: it was not followed"; exit 1; }
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) <= 2.0 else 1)" "$lag" \
  || { echo "a look came $lag s after the file was written (at most 2 s)"; exit 1; }
