#!/usr/bin/env bash
# Crash trials (issue 12): TRIALS runs of `convstudio-cli train` (lenet5 on a 512-image cut of
# Fashion-MNIST, a checkpoint every epoch, EPOCHS=3 epochs) killed with SIGKILL at a random moment.
# After each kill, the newest complete checkpoint (last.ckpt, else best.ckpt) must load
# (`evaluate`) and `train --resume` must finish the planned run (exit 0, EPOCHS epochs in its
# summary). A run killed before its first checkpoint must have left no checkpoint folder at all,
# half-written or not; it is counted apart. Prints one line per trial and a total.
# Usage: crash_trials.sh CLI WORK [TRIALS=100] [SEED=1]
set -uo pipefail

cli=$1; work=$2; trials=${3:-100}; seed=${4:-1}
epochs=${EPOCHS:-3}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"; mkdir -p "$work"
python3 "$here/make_idx_subset.py" "$work/data" "${TRAIN_IMAGES:-512}" "${TEST_IMAGES:-128}"
"$cli" new --template lenet5 --out "$work/lenet.convstudio" >/dev/null || exit 1
python3 - "$work/lenet.convstudio" "$work/data" "$epochs" <<'PY'
import json, sys
path, data, epochs = sys.argv[1], sys.argv[2], int(sys.argv[3])
project = json.load(open(path))
project["dataset"].update({"source": "idx", "path": data, "cache": "off"})
project["training"].update({"epochs": epochs, "checkpoint_every_epochs": 1, "keep_best": True,
                            "batch_size": 32, "device": "cpu"})
json.dump(project, open(path, "w"), indent=2)
PY

# How long an uninterrupted run takes here: kills land uniformly in [0.3 s, that long].
start=$(date +%s.%N)
"$cli" train "$work/lenet.convstudio" --out "$work/reference" >"$work/reference.log" 2>&1 || {
  echo "the uninterrupted reference run failed:"; cat "$work/reference.log"; exit 1; }
duration=$(echo "$(date +%s.%N) - $start" | bc)
echo "reference run: ${duration}s for $epochs epochs"

RANDOM=$seed
resumed=0 fresh=0 failed=0 trial=0
# A run killed before its first checkpoint tests only that nothing half-written is left; such
# kills are counted apart and do not count towards TRIALS.
while ((resumed + failed < trials)); do
  ((++trial))
  run="$work/trial-$trial"
  delay=$(echo "scale=3; 0.3 + ($duration - 0.3) * $RANDOM / 32767" | bc)
  "$cli" train "$work/lenet.convstudio" --out "$run" >"$run.log" 2>&1 &
  pid=$!
  sleep "$delay"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  checkpoint=""
  for name in last.ckpt best.ckpt; do
    if [[ -d $run/$name ]]; then checkpoint=$run/$name; break; fi
  done
  if [[ -z $checkpoint ]]; then
    # Killed before the first checkpoint was complete: nothing may look like one. A kill while
    # the first one was being written leaves its staging folder (NAME.ckpt.tmp-XXXXXX; no
    # process can remove it after SIGKILL): the next run in the folder must tidy it away.
    if compgen -G "$run/*.ckpt.tmp-*" >/dev/null; then
      "$cli" train "$work/lenet.convstudio" --out "$run" --max-steps 1 >"$run.tidy.log" 2>&1
      if compgen -G "$run/*.tmp-*" >/dev/null; then
        echo "trial $trial: FAILED: killed at ${delay}s while writing the first checkpoint;" \
             "the next run did not tidy: $(ls "$run")"
        ((++failed)); continue
      fi
      echo "trial $trial: killed at ${delay}s while writing the first checkpoint; the next run" \
           "removed its staging folder (nothing to resume; not counted)"
      ((++fresh)); rm -rf "$run" "$run".*log "$run.log"; continue
    fi
    if compgen -G "$run/*.ckpt*" >/dev/null; then
      echo "trial $trial: FAILED: killed at ${delay}s before a checkpoint, but left: $(ls "$run")"
      ((++failed)); continue
    fi
    echo "trial $trial: killed at ${delay}s before the first checkpoint (nothing to resume; not counted)"
    ((++fresh)); rm -rf "$run" "$run.log"; continue
  fi
  if ! "$cli" evaluate "$checkpoint" >"$run.evaluate.log" 2>&1; then
    echo "trial $trial: FAILED: killed at ${delay}s; $checkpoint does not load:"
    tail -n 3 "$run.evaluate.log"; ((++failed)); continue
  fi
  if ! "$cli" train "$work/lenet.convstudio" --resume "$checkpoint" --epochs "$epochs" \
      --out "$run-resumed" >"$run.resume.log" 2>&1; then
    echo "trial $trial: FAILED: killed at ${delay}s; resume from $checkpoint failed:"
    tail -n 3 "$run.resume.log"; ((++failed)); continue
  fi
  if ! tail -n 1 "$run.resume.log" | python3 -c "
import json, sys
s = json.loads(sys.stdin.read())
assert s['epochs'] == $epochs, s" 2>/dev/null; then
    echo "trial $trial: FAILED: the resumed run did not finish $epochs epochs:"
    tail -n 2 "$run.resume.log"; ((++failed)); continue
  fi
  echo "trial $trial: killed at ${delay}s, $(basename "$checkpoint") loaded, resume finished"
  ((++resumed)); rm -rf "$run" "$run-resumed" "$run".*log "$run.log"
done
echo "crash trials: $resumed resumed and finished, $fresh killed before a first checkpoint" \
     "(not counted), $failed failed: $resumed/$trials"
((failed == 0))
