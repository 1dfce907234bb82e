#!/bin/sh
# Issue 36: `study P --prune asha` stops weak trials at their validation points: a pruned
# trial's run folder and checkpoint are kept and its run.json says "pruned" and why, the study's
# table says pruned, its queue entry is not trained again (not by `sweep --resume`, not by
# `study --resume`, even one that finds the trial still queued in its plan: the run folder
# decides). --prune without validations to decide at, or changed on --resume, is refused. The
# median pruner stops a trial below the earlier ones' median once its startup trials ended.
# --max-minutes stops a trial that trains past it (kept as pruned, "time limit") and refuses the
# next one by its estimate, naming the limit.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_brightness_csv_dataset.py" "$work" 200 3 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
cp "$work/p.convstudio" "$work/m.convstudio"
cp "$work/p.convstudio" "$work/t.convstudio"
runs="$work/p.convstudio.runs"

"$cli" study "$work/p.convstudio" --trials 2 --param lr=0.05,0.000001 --max-steps 30 \
  --prune asha > /dev/null 2> "$work/once.err"
test $? -eq 2 || { echo "a pruner without validations to decide at was not refused"; exit 1; }
grep -q "^error: --prune decides at validation points" "$work/once.err" \
  || { cat "$work/once.err"; exit 1; }

# A fair and a tiny learning rate, drawn at random (seed 5: fair, then tiny): the tiny one is
# pruned at its first rung (step 10 of 20).
"$cli" study "$work/p.convstudio" --sampler random --trials 2 --param lr=0.05,0.000001 \
  --epochs 20 --max-steps 20 --validate-every-steps 10 --prune asha --device cpu --seed 5 \
  > "$work/out.txt" 2> "$work/err.txt"
code=$?
cat "$work/err.txt"
test $code -eq 0 || { echo "exit code $code"; exit 1; }
grep -q "^study study-.*, asha pruning (eta 3, first rung at 10 steps)" "$work/err.txt" || exit 1
grep -Eq "^[0-9]+ +pruned +0\.[0-9]+ +lr=0.000001 — pruned by asha at step 10" "$work/err.txt" \
  || { echo "the table shows no pruned trial"; exit 1; }
python3 - "$work" <<'PY' || exit 1
import glob, json, os, sys
work = sys.argv[1]
runs = os.path.join(work, "p.convstudio.runs")
plan_file, = glob.glob(os.path.join(runs, "studies", "*.json"))
plan = json.load(open(plan_file))
assert plan["pruner"] == {"kind": "asha", "eta": 3, "min_resource": 10, "startup_trials": 5}, plan
queue = {r["id"]: r for r in json.load(open(os.path.join(runs, "queue.json")))["runs"]}
pruned = [t for t in plan["drawn"] if t["state"] == "pruned"]
assert pruned and all(t["state"] in ("finished", "pruned") for t in plan["drawn"]), plan["drawn"]
for t in pruned:
    entry = queue[t["queue_id"]]
    assert entry["state"] == "cancelled", entry  # no queue trains it again
    folder = entry["run_folder"]
    run = json.load(open(os.path.join(folder, "run.json")))
    assert run["state"] == "pruned" and run["end_reason"] == t["refusal"], run
    assert t["refusal"].startswith("pruned by asha at step 10"), t
    assert run["summary"]["steps"] < 20, run["summary"]
    assert os.path.exists(os.path.join(folder, "last.ckpt")), os.listdir(folder)
    assert t["score"] is not None, t
lines = [json.loads(l) for l in open(os.path.join(work, "out.txt")) if l.startswith("{")]
assert sum(l.get("state") == "pruned" for l in lines) == len(pruned), lines
# As if the study had stopped between writing the queue and its plan: one trial more to draw,
# and the first pruned trial still queued in the plan.
plan["trials"] = 3
pruned[0]["state"], pruned[0]["score"], pruned[0]["refusal"] = "queued", None, ""
json.dump(plan, open(plan_file, "w"))
PY
count=$(ls -d "$runs"/2* | wc -l)
"$cli" sweep "$work/p.convstudio" --resume > "$work/sweep.txt" 2> "$work/sweep.err"
test "$(ls -d "$runs"/2* | wc -l)" -eq "$count" \
  || { echo "sweep --resume trained a pruned trial again"; cat "$work/sweep.err"; exit 1; }
"$cli" study "$work/p.convstudio" --resume --prune median > /dev/null 2> "$work/flags.err"
test $? -eq 2 || { echo "--resume took a changed pruner"; exit 1; }
"$cli" study "$work/p.convstudio" --resume > "$work/resume.txt" 2> "$work/resume.err" \
  || { cat "$work/resume.err"; exit 1; }
cat "$work/resume.err"
test "$(ls -d "$runs"/2* | wc -l)" -eq $((count + 1)) \
  || { echo "study --resume trained a pruned trial again"; exit 1; }
python3 - "$work" <<'PY' || exit 1
import glob, json, os, sys
work = sys.argv[1]
runs = os.path.join(work, "p.convstudio.runs")
plan_file, = glob.glob(os.path.join(runs, "studies", "*.json"))
plan = json.load(open(plan_file))
assert len(plan["drawn"]) == 3 and all(t["state"] in ("finished", "pruned") for t in plan["drawn"])
pruned = [t for t in plan["drawn"] if t["state"] == "pruned"]
assert all(t["score"] is not None and t["refusal"].startswith("pruned by asha") for t in pruned)
lines = [json.loads(l) for l in open(os.path.join(work, "resume.txt")) if l.startswith("{")]
assert len(lines) == 2 and lines[0]["label"] == plan["drawn"][2]["label"], lines  # trial 3 only
for folder in glob.glob(os.path.join(runs, "2*")):
    assert "resumed" not in json.load(open(os.path.join(folder, "run.json"))), folder
PY

"$cli" study "$work/m.convstudio" --sampler random --trials 2 --param lr=0.05,0.000001 \
  --epochs 20 --max-steps 20 --validate-every-steps 10 --prune median --prune-startup 1 --device cpu \
  --seed 5 > /dev/null 2> "$work/median.err" || { cat "$work/median.err"; exit 1; }
grep -q "^study study-.*, median pruning (after 1 trials)" "$work/median.err" || exit 1
python3 - "$work" <<'PY' || exit 1
import glob, json, os, sys
plan_file, = glob.glob(os.path.join(sys.argv[1], "m.convstudio.runs", "studies", "*.json"))
plan = json.load(open(plan_file))
assert plan["pruner"]["kind"] == "median" and plan["pruner"]["startup_trials"] == 1, plan
# The startup trial trains to its end; the tiny learning rate is below its accuracy at step 10.
assert [t["state"] for t in plan["drawn"]] == ["finished", "pruned"], plan["drawn"]
assert plan["drawn"][1]["refusal"].startswith("pruned by median at step "), plan["drawn"]
PY

# 0.0001 minutes (6 ms): the first trial, with no estimate yet, trains and is stopped at its
# first step; the second is refused by the first one's speed.
"$cli" study "$work/t.convstudio" --sampler random --trials 2 --param lr=0.05,0.01 \
  --max-steps 30 --max-minutes 0.0001 --device cpu --seed 3 > /dev/null 2> "$work/time.err"
test $? -eq 1 || { cat "$work/time.err"; echo "no trial should have a score"; exit 1; }
cat "$work/time.err"
grep -Eq "^1 +pruned +- +lr=.* — time limit: trained .* min ≥ --max-minutes 0.0001" \
  "$work/time.err" || exit 1
grep -Eq "^trial 2 \(lr=.*\) refused: estimated .* min > --max-minutes 0.0001" "$work/time.err" \
  || exit 1
