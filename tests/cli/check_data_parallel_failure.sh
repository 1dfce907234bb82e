#!/bin/sh
# Issue 17's failure promise, as a user meets it: `train P --nproc-per-node 2`, and one worker
# (rank 1) is killed (SIGKILL) after the first epoch. The other stops on its own, well within the
# distributed timeout, with an error naming rank 1; the launcher exits non-zero and names it too;
# rank 0 leaves a sound checkpoint; `--resume` with 2 processes goes on to the end. Then a worker
# that hangs (SIGSTOP: alive, its sockets open) is named once the timeout has passed. Last,
# SIGTERM to the launcher alone reaches both workers, which stop together at a step, cancelled.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work/img"
export XDG_CACHE_HOME="$work/cache" OMP_NUM_THREADS=1
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 600 5 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
# Waits until the run in $1 (launched as $launcher, stderr in $2) has finished its first epoch.
wait_for_first_epoch() {
  i=0
  until grep -q '"kind":"epoch"' "$1/metrics.jsonl" 2>/dev/null; do
    i=$((i + 1))
    if [ $i -gt 6000 ] || ! kill -0 $launcher 2>/dev/null; then
      echo "the first epoch did not end in time"; cat "$2"; kill $launcher; exit 1
    fi
    sleep 0.05
  done
}
timeout=20
"$cli" train "$work/p.convstudio" --nproc-per-node 2 --device cpu --epochs 200 --batch-size 8 \
  --dist-timeout $timeout --out "$work/run" > "$work/first.txt" 2> "$work/first.err" &
launcher=$!
wait_for_first_epoch "$work/run" "$work/first.err"
rank1=""
for child in $(pgrep -P $launcher); do
  if tr '\0' '\n' < /proc/$child/environ | grep -qx 'RANK=1'; then rank1=$child; fi
done
test -n "$rank1" || { echo "no worker with RANK=1 under the launcher"; kill $launcher; exit 1; }
killed_at=$(date +%s)
kill -KILL "$rank1"
wait $launcher
code=$?
took=$(( $(date +%s) - killed_at ))
cat "$work/first.err"
test $code -ne 0 || { echo "the launcher exited 0 after a worker was killed"; exit 1; }
# Rank 0 noticed by itself (its sockets closed) within the bound: the timeout is the most a hung
# peer could cost; a dead one costs the heartbeat check (seconds).
test $took -le $timeout || { echo "took $took s, over the $timeout s bound"; exit 1; }
grep -q "error: distributed: rank 1 stopped responding" "$work/first.err" ||
  { echo "rank 0's error does not name rank 1"; exit 1; }
grep -q "worker rank 1 (pid $rank1) was killed by signal 9" "$work/first.err" ||
  { echo "the launcher does not name rank 1"; exit 1; }
grep -q "checkpoint left at $work/run/last.ckpt" "$work/first.err" ||
  { echo "rank 0 left no checkpoint"; exit 1; }
"$cli" evaluate "$work/run/last.ckpt" > /dev/null || { echo "the checkpoint does not load"; exit 1; }
"$cli" train "$work/p.convstudio" --nproc-per-node 2 --device cpu --epochs 2 \
  --resume "$work/run/last.ckpt" > "$work/resume.txt" 2> "$work/resume.err" ||
  { cat "$work/resume.err"; exit 1; }
tail -n 1 "$work/resume.txt" | python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
assert s["state"] == "finished", s
assert s["world_size"] == 2 and s["epochs"] == 2, s
' || exit 1

# A hung peer: nothing closes, so only the timeout can tell; the error still names it.
timeout=6
"$cli" train "$work/p.convstudio" --nproc-per-node 2 --device cpu --epochs 200 --batch-size 8 \
  --dist-timeout $timeout --out "$work/hung" > "$work/hung.txt" 2> "$work/hung.err" &
launcher=$!
wait_for_first_epoch "$work/hung" "$work/hung.err"
rank0=""; rank1=""
for child in $(pgrep -P $launcher); do
  if tr '\0' '\n' < /proc/$child/environ | grep -qx 'RANK=1'; then rank1=$child; else rank0=$child; fi
done
stopped_at=$(date +%s)
kill -STOP "$rank1"
i=0
while kill -0 "$rank0" 2>/dev/null; do
  i=$((i + 1))
  if [ $i -gt 1200 ]; then echo "rank 0 still runs a minute after rank 1 hung"; kill -KILL "$rank0" "$rank1"; exit 1; fi
  sleep 0.05
done
took=$(( $(date +%s) - stopped_at ))
kill -KILL "$rank1"
wait $launcher
cat "$work/hung.err"
# The timeout, the heartbeat check (2.5 s) and a little slack.
test $took -le $((timeout + 15)) || { echo "took $took s, over the $timeout s timeout + 15"; exit 1; }
grep -q "error: distributed: rank 1 stopped responding" "$work/hung.err" ||
  { echo "rank 0's error does not name the hung rank 1"; exit 1; }

# SIGTERM to the launcher: forwarded; the ranks agree on the stop at the next step.
"$cli" train "$work/p.convstudio" --nproc-per-node 2 --device cpu --epochs 200 --batch-size 8 \
  --out "$work/stopped" > "$work/stopped.txt" 2> "$work/stopped.err" &
launcher=$!
wait_for_first_epoch "$work/stopped" "$work/stopped.err"
kill -TERM $launcher
wait $launcher
code=$?
cat "$work/stopped.err"
test $code -eq 1 || { echo "exit code $code after SIGTERM, expected 1 (cancelled)"; exit 1; }
tail -n 1 "$work/stopped.txt" | grep -q '"state":"cancelled"' || { echo "not cancelled"; exit 1; }
if grep -q "stopped responding" "$work/stopped.err"; then echo "the ranks did not stop together"; exit 1; fi
"$cli" evaluate "$work/stopped/last.ckpt" > /dev/null || { echo "no sound checkpoint"; exit 1; }
