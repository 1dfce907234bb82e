#!/bin/sh
# Issue 36: `study P --sampler random --trials 3 --param … --max-steps 3` trains 3 trials through
# the run queue, each in its own run folder with its trial's settings, prints the best trial and
# writes its settings as a project file. A study under --max-params 1k refuses every trial by
# name before it trains; a malformed --param is refused naming the setting and the part.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 200 1 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
"$cli" study "$work/p.convstudio" --trials 3 --param lr=0.1..0.01 > /dev/null 2> "$work/bad.txt"
test $? -eq 2 || { echo "a reversed range was not refused"; exit 1; }
grep -q "^error: --param lr=0.1..0.01: training.lr: range '0.1..0.01'" "$work/bad.txt" \
  || { cat "$work/bad.txt"; exit 1; }
"$cli" study "$work/p.convstudio" --sampler random --trials 3 --param lr=log:1e-3..1e-1 \
  --param batch_size=8,16 --max-steps 3 --device cpu --seed 5 > "$work/out.txt" \
  2> "$work/err.txt" || { cat "$work/err.txt"; exit 1; }
cat "$work/err.txt"
python3 - "$work" <<'PY' || exit 1
import glob, json, os, sys
work = sys.argv[1]
lines = [json.loads(l) for l in open(os.path.join(work, "out.txt")) if l.startswith("{")]
runs, best = lines[:-1], lines[-1]
assert len(runs) == 3 and all(r["state"] == "finished" and r["steps"] == 3 for r in runs), runs
assert len({r["run_folder"] for r in runs}) == 3, runs
study = runs[0]["sweep"]
assert study.startswith("study-") and all(r["sweep"] == study for r in runs), runs
plan = json.load(open(os.path.join(work, "p.convstudio.runs", "studies", study + ".json")))
assert [t["label"] for t in plan["drawn"]] == [r["label"] for r in runs], (plan, runs)
assert all(t["state"] == "finished" and t["score"] is not None for t in plan["drawn"]), plan
for r in runs:
    run = json.load(open(os.path.join(r["run_folder"], "run.json")))
    assert run["queue"]["label"] == r["label"] and run["queue"]["sweep"] == study, run
assert best["study"] == study and best["label"] in [r["label"] for r in runs], best
project = json.load(open(best["project"]))
lr = float(best["label"].split(",")[0].split("=")[1])
assert abs(project["training"]["lr"] - lr) < 1e-12, (project["training"], best)
assert project["training"]["batch_size"] == int(best["label"].split("batch_size=")[1]), project
PY
"$cli" study "$work/p.convstudio" --trials 2 --param lr=log:1e-3..1e-1 --max-params 1k \
  --device cpu > "$work/refused.txt" 2> "$work/refused.err"
test $? -eq 1 || { echo "a study whose every trial is refused did not fail"; exit 1; }
cat "$work/refused.err"
test "$(grep -c "refused: .* parameters > --max-params 1 k" "$work/refused.err")" -eq 2 \
  || exit 1
test ! -s "$work/refused.txt" || { echo "a refused trial trained"; exit 1; }
