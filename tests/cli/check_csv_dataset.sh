#!/bin/sh
# A labels CSV as a user brings it: `new --dataset labels.csv` takes 1 channel for grey images,
# `train` reads the files per batch (cache off) and resumes, and a bad row is reported with
# the CSV's name and line number (exit 2).
set -e
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work/img"
export XDG_CACHE_HOME="$work/cache"  # the file index goes here, not into the user's cache
echo "path,label" > "$work/labels.csv"
i=0
while [ $i -lt 40 ]; do
  w=$((28 + i % 7)); h=$((28 + i % 5))
  { printf 'P5\n%d %d\n255\n' $w $h; head -c $((w * h)) /dev/urandom; } > "$work/img/$i.pgm"
  if [ $((i % 2)) -eq 0 ]; then echo "img/$i.pgm,cat"; else echo "img/$i.pgm,dog"; fi >> "$work/labels.csv"
  i=$((i + 1))
done
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" > "$work/new.txt"
cat "$work/new.txt"
grep -q "for 1×[0-9]*×[0-9]* input, 2 classes" "$work/new.txt"
"$cli" train "$work/p.convstudio" --max-steps 3 --batch-size 8 --cache off --out "$work/run" \
  > "$work/train.txt"
tail -n 1 "$work/train.txt" | python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
assert s["steps"] == 3, s
'
"$cli" train "$work/p.convstudio" --max-steps 5 --batch-size 8 --resume "$work/run/last.ckpt" \
  --out "$work/run" > "$work/resume.txt"
tail -n 1 "$work/resume.txt" | python3 -c '
import json, sys
assert json.loads(sys.stdin.read())["steps"] == 5
'
echo "img/missing.pgm,cat" >> "$work/labels.csv"
if "$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/q.convstudio" \
   2> "$work/bad.txt"; then exit 1; else test $? -eq 2; fi
cat "$work/bad.txt"
grep -q "labels.csv:42:1: .*missing.pgm does not exist" "$work/bad.txt"
