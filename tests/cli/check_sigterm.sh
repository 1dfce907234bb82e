#!/bin/sh
# SIGTERM (what schedulers, `timeout` and `kill` send) stops `train` as Ctrl+C does: the run is
# cancelled, a checkpoint that loads is left behind, and the summary line says "cancelled".
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --out "$work/lenet.convstudio" || exit 1
"$cli" train "$work/lenet.convstudio" --max-steps 100000 --batch-size 16 --out "$work/run" \
  > "$work/stdout.txt" 2> "$work/stderr.txt" &
pid=$!
# Wait (up to two minutes) for the first optimizer steps to be recorded.
i=0
until grep -q '"kind":"step"' "$work/run/metrics.jsonl" 2>/dev/null; do
  i=$((i + 1))
  if [ $i -gt 1200 ] || ! kill -0 $pid 2>/dev/null; then
    echo "no step recorded"; cat "$work/stderr.txt"; kill -9 $pid 2>/dev/null; exit 1
  fi
  sleep 0.1
done
kill -TERM $pid
wait $pid
code=$?
cat "$work/stderr.txt"
echo "exit code $code"
test $code -eq 1 || exit 1
tail -n 1 "$work/stdout.txt" | grep -q '"state":"cancelled"' || exit 1
# The checkpoint left behind loads and evaluates.
"$cli" evaluate "$work/run/last.ckpt" > "$work/evaluate.txt" || exit 1
grep -q '^accuracy: ' "$work/evaluate.txt"
