#!/bin/sh
# Issue 36, k-fold studies: Ctrl+C (SIGINT) during the second fold of `study P --kfold 2` stops
# it with a checkpoint; `study P --resume` resumes that fold from its checkpoint, never training
# the finished first fold again, and reports the two folds as one group.
# resnet-small: slow enough for the signal to land mid-trial.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 60 3 || exit 1
"$cli" new --template resnet-small --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
"$cli" study "$work/p.convstudio" --kfold 2 --max-steps 10 --device cpu --seed 2 \
  > "$work/first.txt" 2> "$work/first.err" &
pid=$!
i=0
# The second fold has begun once a second run folder exists and a run.json says it is running.
until [ "$(grep -ls '"state": "running"' "$work"/p.convstudio.runs/*/run.json | wc -l)" -ge 1 ] \
  && [ "$(ls -d "$work"/p.convstudio.runs/2* 2>/dev/null | wc -l)" -ge 2 ]; do
  i=$((i + 1))
  if [ $i -gt 4800 ] || ! kill -0 $pid 2>/dev/null; then
    echo "the second fold did not start"; cat "$work/first.err"; kill -9 $pid 2>/dev/null; exit 1
  fi
  sleep 0.05
done
kill -INT $pid
wait $pid
code=$?
cat "$work/first.err"
test $code -eq 1 || { echo "exit code $code"; exit 1; }
"$cli" study "$work/p.convstudio" --resume > "$work/resume.txt" 2> "$work/resume.err" \
  || { cat "$work/resume.err"; exit 1; }
cat "$work/resume.err"
grep -q "^resuming fold 2 of 2 from " "$work/resume.err" || exit 1
python3 - "$work" <<'PY'
import glob, json, os, sys
work = sys.argv[1]
first = [json.loads(l) for l in open(os.path.join(work, "first.txt")) if l.startswith("{")]
later = [json.loads(l) for l in open(os.path.join(work, "resume.txt")) if l.startswith("{")]
assert [l["label"] for l in first if l["state"] == "finished"] == ["fold 1 of 2"], first
assert [l["label"] for l in later[:-1]] == ["fold 2 of 2"], later
report = later[-1]
assert len(report["groups"]) == 1 and report["groups"][0]["folds"] == 2, report
assert len(glob.glob(os.path.join(work, "p.convstudio.runs", "2*"))) == 2  # no repeated fold
plan = json.load(open(os.path.join(work, "p.convstudio.runs", "studies", report["study"] + ".json")))
assert [t["fold"] for t in plan["drawn"]] == [0, 1], plan["drawn"]
PY
