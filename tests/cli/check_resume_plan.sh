#!/bin/sh
# The issue's scenario, as a new user meets it: `train P --epochs 3`, killed (SIGKILL) during
# epoch 2, then `train P --resume DIR/last.ckpt`. The resumed run continues to the planned end
# (3 epochs) in the same folder, appending to its metrics; a resume with nothing left says so.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work/img"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 2000 3 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
"$cli" train "$work/p.convstudio" --epochs 3 --batch-size 8 --out "$work/run" \
  > "$work/first.txt" 2> "$work/first.err" &
pid=$!
i=0
until grep -q '"kind":"epoch"' "$work/run/metrics.jsonl" 2>/dev/null; do
  i=$((i + 1))
  if [ $i -gt 6000 ] || ! kill -0 $pid 2>/dev/null; then
    echo "the first epoch did not end in time"; cat "$work/first.err"; kill -9 $pid; exit 1
  fi
  sleep 0.05
done
kill -KILL $pid
wait $pid
test "$(grep -c '"kind":"epoch"' "$work/run/metrics.jsonl")" -eq 1 || { echo "not killed in epoch 2"; exit 1; }
"$cli" train "$work/p.convstudio" --resume "$work/run/last.ckpt" > "$work/resume.txt" \
  2> "$work/resume.err" || { cat "$work/resume.err"; exit 1; }
cat "$work/resume.err"
tail -n 1 "$work/resume.txt" | python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
assert s["state"] == "finished", s
assert s["epochs"] == 3, s
assert s["train_loss"] is not None and s["val_accuracy"] is not None, s
' || exit 1
# One record: the epochs of both parts in the run's own metrics, the header once.
test "$(grep -c '"kind":"epoch"' "$work/run/metrics.jsonl")" -eq 3 || exit 1
test "$(grep -c '^kind,step' "$work/run/metrics.csv")" -eq 1 || exit 1
# Nothing left: said so, and the figures are the checkpoint's, not zeros.
"$cli" train "$work/p.convstudio" --resume "$work/run/last.ckpt" > "$work/again.txt" \
  2> "$work/again.err" || { cat "$work/again.err"; exit 1; }
grep -q "nothing left to train" "$work/again.err" || { cat "$work/again.err"; exit 1; }
tail -n 1 "$work/again.txt" | python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
assert s["epochs"] == 3 and s["val_accuracy"] is not None and s["val_accuracy"] > 0, s
'
