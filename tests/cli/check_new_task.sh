#!/bin/sh
# `convstudio-cli new --task` (issue 38, item 1): a classification project is written as before
# (no "task" in the file); a segmentation project from a template ending in class scores is
# refused at its Output block, naming the shapes, and nothing is written; an unknown task is a
# usage error; a template made for segmentation (unet-small) makes a segmentation project.
set -e
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --task classification --out "$work/classify.convstudio" \
  > "$work/classify.txt"
grep -q "(classification) for 1×28×28 input, 10 classes" "$work/classify.txt"
if grep -q '"task"' "$work/classify.convstudio"; then echo "classification wrote a task"; exit 1; fi

status=0
"$cli" new --template lenet5 --task segmentation --out "$work/segment.convstudio" \
  2> "$work/segment.txt" || status=$?
cat "$work/segment.txt"
test "$status" -eq 2
grep -q "^error: output (Output): Output 'output' gives 10 class scores (N×10); segmentation needs N×C×28×28 logits$" \
  "$work/segment.txt"
test ! -e "$work/segment.convstudio"

status=0
"$cli" new --template lenet5 --task detection --out "$work/detect.convstudio" \
  2> "$work/detect.txt" || status=$?
test "$status" -eq 2
test ! -e "$work/detect.convstudio"
# unet-small is a segmentation template: with no --task its project segments (its 1×1 head
# sized to the data set's classes); named a classifier, it is refused at its Output.
"$cli" new --template unet-small --input 3x64x64 --out "$work/unet.convstudio" > "$work/unet.txt"
grep -q "unet-small (segmentation) for 3×64×64 input, 10 classes" "$work/unet.txt"
grep -q '"task": "segmentation"' "$work/unet.convstudio"
grep -q '"best_metric": "miou"' "$work/unet.convstudio"
status=0
"$cli" new --template unet-small --input 3x64x64 --task classification \
  --out "$work/unet-classify.convstudio" 2> "$work/unet-classify.txt" || status=$?
cat "$work/unet-classify.txt"
test "$status" -eq 2
grep -q "N×10×64×64 per-pixel logits; classification needs N×K class scores" \
  "$work/unet-classify.txt"
test ! -e "$work/unet-classify.convstudio"
echo "new --task OK"
