#!/bin/sh
# Issue 36, k-fold studies: `study P --kfold 3 --stratified --refit` on an image folder with a
# val/ folder cross-validates the project's own settings: 3 trials, each training on 12 of the 18
# training images and validating on the other 6, each run's project
# validating on its own fold; val/ is never used; one grouped row with the folds' mean ± std; the
# refit trains on all 18 and validates on val/. With --param and --trials 2 --kfold 2: 4 trials
# in 2 groups. --refit without --kfold is refused.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
image() {  # a 28×28 grey image of noise
  mkdir -p "$(dirname "$1")"
  { printf 'P5\n28 28\n255\n'; head -c 784 /dev/urandom; } > "$1"
}
for class in cat dog; do
  for i in 0 1 2 3 4 5 6 7 8; do image "$work/data/train/$class/$i.pgm"; done
  for i in 0 1; do image "$work/data/val/$class/$i.pgm"; done
done
"$cli" new --template lenet5 --dataset "$work/data" --out "$work/p.convstudio" > /dev/null \
  || exit 1
grep -q '"validation": "test-set"' "$work/p.convstudio" || exit 1

"$cli" study "$work/p.convstudio" --refit --max-steps 1 > /dev/null 2> "$work/bad.txt"
test $? -eq 2 || { echo "--refit without --kfold was not refused"; exit 1; }
grep -q "^error: --stratified and --refit go with --kfold K" "$work/bad.txt" \
  || { cat "$work/bad.txt"; exit 1; }

"$cli" study "$work/p.convstudio" --kfold 3 --stratified --refit --max-steps 1 --device cpu \
  --seed 4 > "$work/out.txt" 2> "$work/err.txt" || { cat "$work/err.txt"; exit 1; }
cat "$work/err.txt"
test "$(grep -c "12 training and 6 validation images" "$work/err.txt")" -eq 3 \
  || { echo "the 3 folds did not each validate on 6 of the 18 training images"; exit 1; }
test "$(grep -c "18 training and 4 validation images" "$work/err.txt")" -eq 1 \
  || { echo "the refit did not train on all 18 training images"; exit 1; }
grep -q "^setting  folds  final acc" "$work/err.txt" || exit 1
grep -Eq "^1 +3/3 +[0-9.]+ ± [0-9.]+ +[0-9.]+ ± [0-9.]+" "$work/err.txt" || exit 1
python3 - "$work" <<'PY' || exit 1
import json, os, sys
work = sys.argv[1]
lines = [json.loads(l) for l in open(os.path.join(work, "out.txt")) if l.startswith("{")]
runs, report = lines[:-1], lines[-1]
assert len(runs) == 4 and all(r["state"] == "finished" for r in runs), runs
assert [r["label"] for r in runs] == ["fold 1 of 3", "fold 2 of 3", "fold 3 of 3",
                                      "refit on all training data"], runs
plan = json.load(open(os.path.join(work, "p.convstudio.runs", "studies", report["study"] + ".json")))
assert [t["fold"] for t in plan["drawn"]] == [0, 1, 2, None], plan["drawn"]
assert plan["folds"] == {"k": 3, "stratified": True, "refit": True}, plan["folds"]
for fold, r in enumerate(runs[:3]):
    dataset = json.load(open(os.path.join(r["run_folder"], "run.json")))["project"]["dataset"]
    # validation_fold 0 is its default, which the project file leaves out
    assert dataset["validation"] == "fold" and dataset.get("validation_fold", 0) == fold, dataset
    assert dataset["folds"] == 3 and dataset["fold_seed"] == 4 and dataset["stratified_folds"]
refit = json.load(open(os.path.join(runs[3]["run_folder"], "run.json")))["project"]["dataset"]
assert refit["validation"] == "test-set" and "validation_fold" not in refit, refit
assert report["folds"] == 3 and len(report["groups"]) == 1, report
group = report["groups"][0]
assert group["folds"] == 3 and group["label"] == "", group
for key in ("final_val_accuracy", "best_val_accuracy"):
    assert 0 <= group[key]["mean"] <= 1 and group[key]["std"] >= 0, group
scores = [t["score"] for t in plan["drawn"][:3]]
assert abs(report["best_val_accuracy"] - sum(scores) / 3) < 1e-9, (report, scores)
assert abs(group["best_val_accuracy"]["mean"] - sum(scores) / 3) < 1e-9, (group, scores)
assert report["refit"]["state"] == "finished" and report["refit"]["run_folder"] == runs[3]["run_folder"]
best = json.load(open(report["project"]))["dataset"]
assert best["validation"] == "test-set", best  # the best project keeps the project's own split
PY

cp "$work/p.convstudio" "$work/q.convstudio"
"$cli" study "$work/q.convstudio" --sampler random --trials 2 --param lr=log:1e-3..1e-1 \
  --kfold 2 --max-steps 1 --device cpu --seed 4 > "$work/search.txt" 2> "$work/search.err" \
  || { cat "$work/search.err"; exit 1; }
test "$(grep -c "9 training and 9 validation images" "$work/search.err")" -eq 4 \
  || { cat "$work/search.err"; exit 1; }
python3 - "$work" <<'PY' || exit 1
import json, os, sys
work = sys.argv[1]
lines = [json.loads(l) for l in open(os.path.join(work, "search.txt")) if l.startswith("{")]
runs, report = lines[:-1], lines[-1]
assert len(runs) == 4 and len(report["groups"]) == 2, (runs, report)
assert runs[0]["label"].endswith(", fold 1 of 2") and runs[1]["label"].endswith(", fold 2 of 2")
assert runs[0]["label"].split(", fold")[0] == runs[1]["label"].split(", fold")[0], runs
assert [g["first_trial"] for g in report["groups"]] == [1, 3], report
assert "refit" not in report, report
PY
