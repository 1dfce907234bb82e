#!/bin/sh
# `train --resume RUN/last.ckpt/`, with the trailing slash tab completion types (issue 31): the
# same checkpoint as without it, resumed in RUN, not in a new run inside the checkpoint folder;
# the next resume starts from the state the first one left.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 200 3 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
"$cli" train "$work/p.convstudio" --max-steps 2 --batch-size 8 --out "$work/run" \
  > /dev/null 2> "$work/first.err" || { cat "$work/first.err"; exit 1; }
for steps in 4 6; do
  "$cli" train "$work/p.convstudio" --resume "$work/run/last.ckpt/" --max-steps $steps \
    > "$work/resume-$steps.txt" 2> "$work/resume-$steps.err" || { cat "$work/resume-$steps.err"; exit 1; }
done
for inside in run.json metrics.jsonl last.ckpt; do
  test ! -e "$work/run/last.ckpt/$inside" || { echo "a run was written inside the checkpoint"; exit 1; }
done
grep -q "resumed from .* step 4" "$work/resume-6.err" || { cat "$work/resume-6.err"; exit 1; }
python3 - "$work/run" <<'PY'
import json, sys
run = sys.argv[1]
assert json.load(open(run + "/last.ckpt/state.json"))["global_step"] == 6
assert len(json.load(open(run + "/run.json"))["resumed"]) == 2
PY
