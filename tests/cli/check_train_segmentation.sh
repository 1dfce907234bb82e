#!/bin/sh
# Issue 38, item 4: a unet-small project on the shapes generator's data trains from the CLI:
# "balanced" class weights come from the training split's pixels per class (scikit-learn's
# n_pixels / (classes × pixels[c]) over the labelled pixels), the summary carries the mean IoU,
# and the checkpoint keeps the colours classes.txt names, so predict's colour masks draw the
# classes as the data set does (not in the Pascal VOC defaults).
set -e
cli=$1; python=$2; generator=$3; work=$4
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$python" "$generator" --out "$work/shapes" --count 24 --val-fraction 0.25 --seed 5
# Colours of the data set's own, unlike the VOC map.
printf 'background 10 20 30\ncircle 250 200 0\nsquare 0 90 250\ntriangle 200 0 200\n' \
  > "$work/shapes/classes.txt"
"$cli" new --template unet-small --dataset "$work/shapes" --out "$work/unet.convstudio" >/dev/null
"$cli" train "$work/unet.convstudio" --max-steps 3 --batch-size 6 --class-weights balanced \
  --out "$work/run" >"$work/stdout.txt" 2>"$work/stderr.txt" || { cat "$work/stderr.txt"; exit 1; }
"$cli" inspect-data "$work/shapes" --json >"$work/data.json"
"$cli" predict "$work/run/last.ckpt" "$work/shapes/val/images/00020.png" --out "$work/masks" \
  >"$work/predict.jsonl"
"$python" - "$work" <<'PY'
import json, re, sys
import numpy as np
from PIL import Image
work = sys.argv[1]
log = open(work + "/stderr.txt").read()
line = re.search(r"class weights \(balanced\): ([0-9., ]+)", log)
assert line, log
weights = [float(w) for w in line.group(1).split(",")]
pixels = [c["train_pixels"] for c in json.load(open(work + "/data.json"))["classes"]]
expected = [sum(pixels) / (len(pixels) * p) for p in pixels]
assert len(weights) == 4 and all(abs(w - e) < 1e-5 * e for w, e in zip(weights, expected)), \
    (weights, expected)
summary = json.loads(open(work + "/stdout.txt").read().strip().splitlines()[-1])
assert 0 <= summary["val_mean_iou"] <= 1, summary
row = json.loads(open(work + "/predict.jsonl").read().splitlines()[0])
mask = np.array(Image.open(row["mask"]))
colour = np.array(Image.open(row["colour"]).convert("RGB"))
named = {0: (10, 20, 30), 1: (250, 200, 0), 2: (0, 90, 250), 3: (200, 0, 200)}
for index in np.unique(mask):
    assert (colour[mask == index] == named[int(index)]).all(), index
print("segmentation training OK")
PY
