#!/bin/sh
# Issue 32, item 0: `new --dataset ROOT` on the README's layout (ROOT/train/<class>/… with
# ROOT/val/<class>/…) validates on ROOT/val and says so; `train` then holds out nothing from
# the training images. A folder without val/ still holds out 10 % and says how to fix a set.
set -e
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"  # the file index goes here, not into the user's cache
image() {  # a 28×28 grey image of noise
  mkdir -p "$(dirname "$1")"
  { printf 'P5\n28 28\n255\n'; head -c 784 /dev/urandom; } > "$1"
}
for class in cat dog; do
  for i in 0 1 2 3 4 5; do image "$work/split/train/$class/$i.pgm"; done
  for i in 0 1; do image "$work/split/val/$class/$i.pgm"; done
  for i in 0 1 2 3 4; do image "$work/plain/$class/$i.pgm"; done
done

"$cli" new --template lenet5 --dataset "$work/split" --out "$work/split.convstudio" \
  > "$work/split-new.txt"
cat "$work/split-new.txt"
grep -q '"validation": "test-set"' "$work/split.convstudio"
grep -qx "validation: the 4 images in $work/split/val" "$work/split-new.txt"
"$cli" train "$work/split.convstudio" --max-steps 1 --batch-size 4 --out "$work/run" \
  > "$work/train.txt" 2>&1
grep -q "12 training and 4 validation images" "$work/train.txt"

"$cli" new --template lenet5 --dataset "$work/plain" --out "$work/plain.convstudio" \
  > "$work/plain-new.txt"
cat "$work/plain-new.txt"
grep -q '"validation": "fraction"' "$work/plain.convstudio"
grep -q "validation: 10% of the training images (1 image), held out at random; for a fixed set" \
  "$work/plain-new.txt"
