#!/bin/sh
# Issue 36: Ctrl+C (SIGINT) during a study's second trial stops it with a checkpoint;
# `study P --resume` resumes that trial from its checkpoint, then draws the rest, and the study
# ends with the trials an uninterrupted study draws (the same seed gives the same values),
# no finished trial trained twice. resnet-small: slow enough for the signal to land mid-trial.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 200 2 || exit 1
"$cli" new --template resnet-small --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
cp "$work/p.convstudio" "$work/reference.convstudio"
# The uninterrupted study's draws, without training: every trial refused (random draws do not
# depend on results).
"$cli" study "$work/reference.convstudio" --sampler random --trials 3 \
  --param lr=log:1e-3..1e-1 --param batch_size=8,16 --max-steps 20 --device cpu --seed 11 \
  --max-params 1 > /dev/null 2> "$work/reference.err"
test $? -eq 1 || { cat "$work/reference.err"; exit 1; }
"$cli" study "$work/p.convstudio" --sampler random --trials 3 --param lr=log:1e-3..1e-1 \
  --param batch_size=8,16 --max-steps 20 --device cpu --seed 11 \
  > "$work/first.txt" 2> "$work/first.err" &
pid=$!
i=0
# The second trial has begun once a second run.json says it is running.
until [ "$(grep -ls '"state": "running"' "$work"/p.convstudio.runs/*/run.json | wc -l)" -ge 1 ] \
  && [ "$(ls -d "$work"/p.convstudio.runs/2* 2>/dev/null | wc -l)" -ge 2 ]; do
  i=$((i + 1))
  if [ $i -gt 4800 ] || ! kill -0 $pid 2>/dev/null; then
    echo "the second trial did not start"; cat "$work/first.err"; kill -9 $pid 2>/dev/null; exit 1
  fi
  sleep 0.05
done
kill -INT $pid
wait $pid
code=$?
cat "$work/first.err"
test $code -eq 1 || { echo "exit code $code"; exit 1; }
grep -q "study .* --resume. continues the study" "$work/first.err" || exit 1
"$cli" study "$work/p.convstudio" --resume > "$work/resume.txt" 2> "$work/resume.err" \
  || { cat "$work/resume.err"; exit 1; }
cat "$work/resume.err"
grep -q "^resuming lr=.* from " "$work/resume.err" || exit 1
python3 - "$work" <<'PY'
import glob, json, os, sys
work = sys.argv[1]
def plan(project):
    files = glob.glob(os.path.join(work, project + ".runs", "studies", "*.json"))
    assert len(files) == 1, files
    return json.load(open(files[0]))
reference, resumed = plan("reference.convstudio"), plan("p.convstudio")
assert [t["values"] for t in resumed["drawn"]] == [t["values"] for t in reference["drawn"]], \
    (resumed, reference)
assert all(t["state"] == "finished" for t in resumed["drawn"]), resumed
first = [json.loads(l) for l in open(os.path.join(work, "first.txt")) if l.startswith("{")]
later = [json.loads(l) for l in open(os.path.join(work, "resume.txt")) if l.startswith("{")]
trained_first = [l["label"] for l in first if l["state"] == "finished"]
trained_later = [l["label"] for l in later[:-1]]
assert trained_first == [resumed["drawn"][0]["label"]], first
assert trained_later == [t["label"] for t in resumed["drawn"][1:]], later  # trials 2..3 only
assert later[-1]["study"] == resumed["id"], later[-1]
assert len(glob.glob(os.path.join(work, "p.convstudio.runs", "2*"))) == 3  # no repeated trial
queue = json.load(open(os.path.join(work, "p.convstudio.runs", "queue.json")))
assert [r["state"] for r in queue["runs"]] == ["finished"] * 3, queue
PY
