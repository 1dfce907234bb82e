#!/bin/sh
# A flat folder of images with a labels file, as annotation tools export it: `new --dataset
# FOLDER` recognises it by labels.json, `train` reads it, and a bad entry of labels.txt is
# reported with the labels file's name and line (exit 2).
set -e
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work/photos"
export XDG_CACHE_HOME="$work/cache"  # the file index goes here, not into the user's cache
printf '{\n' > "$work/photos/labels.json"
i=0
while [ $i -lt 24 ]; do
  { printf 'P5\n28 28\n255\n'; head -c 784 /dev/urandom; } > "$work/photos/$i.pgm"
  if [ $((i % 2)) -eq 0 ]; then label=cat; else label=dog; fi
  if [ $i -lt 23 ]; then comma=,; else comma=; fi
  printf '  "%d.pgm": "%s"%s\n' $i $label $comma >> "$work/photos/labels.json"
  i=$((i + 1))
done
printf '}\n' >> "$work/photos/labels.json"
"$cli" new --template lenet5 --dataset "$work/photos" --out "$work/p.convstudio" > "$work/new.txt"
cat "$work/new.txt"
grep -q "for 1×28×28 input, 2 classes" "$work/new.txt"
grep -q '"source": "labelled-folder"' "$work/p.convstudio"
"$cli" train "$work/p.convstudio" --max-steps 2 --batch-size 8 --out "$work/run" > "$work/train.txt"
tail -n 1 "$work/train.txt" | python3 -c '
import json, sys
assert json.loads(sys.stdin.read())["steps"] == 2
'
rm "$work/photos/labels.json"
printf 'file,label\n0.pgm,cat\n1.pgm,dog\n../outside.pgm,cat\n' > "$work/photos/labels.txt"
cp "$work/photos/0.pgm" "$work/outside.pgm"
if "$cli" new --template lenet5 --dataset "$work/photos" --out "$work/q.convstudio" \
   2> "$work/bad.txt"; then exit 1; else test $? -eq 2; fi
cat "$work/bad.txt"
grep -q "labels.txt:4:1: ../outside.pgm lies outside the dataset folder" "$work/bad.txt"
