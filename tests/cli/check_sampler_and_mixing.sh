#!/bin/sh
# Issue 34: `train` takes the class-balanced sampler and mixup/CutMix from its flags, says in
# the log that they are on, and records them in the run's project as the project file spells
# them.
set -e
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --out "$work/lenet.convstudio" >/dev/null
"$cli" train "$work/lenet.convstudio" --device cpu --max-steps 6 --batch-size 16 \
  --sampler class-balanced --mixup-alpha 0.2 --cutmix-alpha 1 --cutmix-probability 0.5 \
  --out "$work/run" >"$work/stdout.txt" 2>"$work/stderr.txt" || { cat "$work/stderr.txt"; exit 1; }
grep -q 'class-balanced sampler: each epoch draws 60000 images, each from one of the 10 classes' \
  "$work/stderr.txt" || { cat "$work/stderr.txt"; exit 1; }
grep -q 'batches mixed by mixup (alpha 0.2, probability 1) or CutMix (alpha 1, probability 0.5)' \
  "$work/stderr.txt" || { cat "$work/stderr.txt"; exit 1; }
grep -rq '"sampler": *"class-balanced"' "$work/run" || { echo "the run does not record the sampler"; exit 1; }
grep -rq '"cutmix_probability": *0.5' "$work/run" || { echo "the run does not record CutMix"; exit 1; }
echo "class-balanced sampler and mixup/CutMix from the CLI: ok"
