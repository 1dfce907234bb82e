#!/bin/sh
# One run per run folder (issue 31): while `train --out RUN` trains, a second `train --out RUN`
# and a `train --resume RUN/last.ckpt` (which goes on in RUN) are refused with exit code 2 naming
# the first run's process, and touch nothing of its record. The lock of a run killed with -9 is
# taken over by the next run.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 2000 3 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
# A checkpoint to resume from, then a long run into the same folder.
"$cli" train "$work/p.convstudio" --max-steps 2 --batch-size 8 --out "$work/run" \
  > /dev/null 2> "$work/setup.err" || { cat "$work/setup.err"; exit 1; }
"$cli" train "$work/p.convstudio" --epochs 50 --batch-size 8 --out "$work/run" \
  > "$work/first.txt" 2> "$work/first.err" &
pid=$!
i=0
until [ "$(cat "$work/run/run.lock" 2>/dev/null)" = "$pid" ]; do
  i=$((i + 1))
  if [ $i -gt 6000 ] || ! kill -0 $pid 2>/dev/null; then
    echo "the first run did not lock its folder"; cat "$work/first.err"; kill -9 $pid; exit 1
  fi
  sleep 0.05
done
started() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["started"])' "$1"; }
before=$(started "$work/run/run.json")
refused() {
  name=$1; shift
  "$cli" "$@" > "$work/$name.txt" 2> "$work/$name.err"
  code=$?
  if [ $code -ne 2 ] || ! grep -q "run: the run folder is in use by process $pid" "$work/$name.err"
  then
    echo "$name: exit code $code, expected 2 and the first run's process $pid named:"
    cat "$work/$name.err"; kill -9 $pid; exit 1
  fi
}
refused second train "$work/p.convstudio" --epochs 1 --batch-size 8 --out "$work/run"
refused resume train "$work/p.convstudio" --resume "$work/run/last.ckpt"
# The first run's record is its own: not restarted by the second, its metrics whole lines.
test "$(started "$work/run/run.json")" = "$before" || { echo "run.json was restarted"; exit 1; }
python3 -c '
import json, sys
text = open(sys.argv[1]).read()
for line in text[: text.rfind("\n") + 1].splitlines():  # the first run may be mid-line
    json.loads(line)' "$work/run/metrics.jsonl" || { echo "metrics.jsonl has a torn line"; exit 1; }
kill -9 $pid
wait $pid
# Its process is gone, so is its lock: the next run takes the folder.
"$cli" train "$work/p.convstudio" --resume "$work/run/last.ckpt" --max-steps 4 \
  > "$work/after.txt" 2> "$work/after.err" || { cat "$work/after.err"; exit 1; }
test "$(cat "$work/run/run.lock")" != "$pid" || { echo "the lock still names $pid"; exit 1; }
