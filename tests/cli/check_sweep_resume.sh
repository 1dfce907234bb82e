#!/bin/sh
# Issue 19: Ctrl+C (SIGINT) during a sweep's first run stops it with a checkpoint and leaves the
# rest queued; `sweep P --resume` resumes that run from its checkpoint in its own folder to its
# planned end, then trains the other three. resnet-small: its steps are slow enough on any CPU
# for the signal to arrive before the first run's 20 steps are done.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 200 2 || exit 1
"$cli" new --template resnet-small --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
"$cli" sweep "$work/p.convstudio" --set lr=0.01,0.003 --set batch_size=8,16 --max-steps 20 \
  --device cpu > "$work/first.txt" 2> "$work/first.err" &
pid=$!
i=0
# Training has begun once run.json says so (metrics lines are flushed later, at epoch ends).
until grep -qs '"state": "running"' "$work"/p.convstudio.runs/*/run.json; do
  i=$((i + 1))
  if [ $i -gt 2400 ] || ! kill -0 $pid 2>/dev/null; then
    echo "the first run did not start"; cat "$work/first.err"; kill -9 $pid 2>/dev/null; exit 1
  fi
  sleep 0.05
done
kill -INT $pid
wait $pid
code=$?
cat "$work/first.err"
test $code -eq 1 || { echo "exit code $code"; exit 1; }
python3 - "$work" <<'PY' || exit 1
import json, os, sys
work = sys.argv[1]
lines = [json.loads(l) for l in open(os.path.join(work, "first.txt")) if l.startswith("{")]
assert len(lines) == 1 and lines[0]["state"] == "cancelled", lines
queue = json.load(open(os.path.join(work, "p.convstudio.runs", "queue.json")))
runs = queue["runs"]
assert [r["state"] for r in runs] == ["queued"] * 4, runs
assert runs[0]["run_folder"] == lines[0]["run_folder"], runs[0]
assert os.path.isfile(os.path.join(runs[0]["run_folder"], "last.ckpt", "state.json"))
assert all(r["run_folder"] == "" for r in runs[1:]), runs
PY
"$cli" sweep "$work/p.convstudio" --resume > "$work/resume.txt" 2> "$work/resume.err" \
  || { cat "$work/resume.err"; exit 1; }
cat "$work/resume.err"
grep -q "^resuming lr=0.01, batch_size=8 from " "$work/resume.err" || exit 1
python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
first = [json.loads(l) for l in open(os.path.join(work, "first.txt")) if l.startswith("{")][0]
lines = [json.loads(l) for l in open(os.path.join(work, "resume.txt")) if l.startswith("{")]
assert len(lines) == 4, lines
assert all(l["state"] == "finished" and l["steps"] == 20 for l in lines), lines
assert lines[0]["run_folder"] == first["run_folder"], (lines[0], first)
run = json.load(open(os.path.join(first["run_folder"], "run.json")))
assert run["resumed"] and run["queue"]["label"] == "lr=0.01, batch_size=8", run
steps = [json.loads(l)["step"] for l in open(os.path.join(first["run_folder"], "metrics.jsonl"))
         if '"kind":"step"' in l]
assert max(steps) == 20, steps
queue = json.load(open(os.path.join(work, "p.convstudio.runs", "queue.json")))
assert [r["state"] for r in queue["runs"]] == ["finished"] * 4, queue
PY
