#!/bin/sh
# Issue 38, item 3 (data): the shapes generator writes a segmentation folder (images/, masks/,
# classes.txt, val/) that `inspect-data` reads as one, printing each class's share of the pixels
# in both splits (the same with colour masks, and from a CSV of image,mask rows); a
# classification project is refused on it by `new`, naming why; a missing mask is bad input
# (exit 2) naming the image.
set -e
cli=$1; python=$2; generator=$3; work=$4
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"  # the file index goes here, not into the user's cache

"$python" "$generator" --out "$work/shapes" --count 40 --val-fraction 0.25 --seed 3
test -f "$work/shapes/images/00000.png" && test -f "$work/shapes/masks/00000.png"
test -f "$work/shapes/val/images/00039.png" && test -f "$work/shapes/val/masks/00039.png"
grep -qx 'triangle 128 128 0' "$work/shapes/classes.txt"

"$cli" inspect-data "$work/shapes" > "$work/shapes.txt"
cat "$work/shapes.txt"
grep -qx "validation: the images in $work/shapes/val" "$work/shapes.txt"
grep -q '^pixels per class (share of the labelled pixels; ignored pixels left out)$' \
  "$work/shapes.txt"
grep -Eq '^background +[0-9]+\.[0-9] % +[0-9]+\.[0-9] %$' "$work/shapes.txt"
grep -Eq '^triangle +[0-9]+\.[0-9] % +[0-9]+\.[0-9] %$' "$work/shapes.txt"

"$cli" inspect-data "$work/shapes" --json > "$work/shapes.json"
"$python" - "$work/shapes.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["masks"] is True, d
names = [c["name"] for c in d["classes"]]
assert names == ["background", "circle", "square", "triangle"], names
for split in ("train", "validation"):
    total = sum(c[split + "_pixel_share"] for c in d["classes"])
    assert abs(total - 1.0) < 1e-9, (split, total)
    assert sum(c[split + "_pixels"] for c in d["classes"]) == (30 if split == "train" else 10) * 64 * 64
PY

# Colour masks in the classes' colours read as the same classes: the same shares.
"$python" "$generator" --out "$work/colour" --count 40 --val-fraction 0.25 --seed 3 --colour-masks
"$cli" inspect-data "$work/colour" --json > "$work/colour.json"
"$python" - "$work/shapes.json" "$work/colour.json" <<'PY'
import json, sys
index, colour = (json.load(open(p)) for p in sys.argv[1:3])
assert [c["train_pixels"] for c in index["classes"]] == [c["train_pixels"] for c in colour["classes"]]
PY

# The same pairs listed in a CSV beside the folder.
{ echo "image,mask"; for f in "$work"/shapes/images/*.png; do
    n=$(basename "$f"); echo "shapes/images/$n,shapes/masks/$n"; done; } > "$work/pairs.csv"
cp "$work/shapes/classes.txt" "$work/classes.txt"
"$cli" inspect-data "$work/pairs.csv" > "$work/pairs.txt"
grep -Eq '^circle +[0-9]+\.[0-9] % +[0-9]+\.[0-9] %$' "$work/pairs.txt"

# A classification project on masks is refused by name, and nothing is written.
status=0
"$cli" new --template lenet5 --task classification --dataset "$work/shapes" \
  --out "$work/classify.convstudio" 2> "$work/classify.txt" || status=$?
cat "$work/classify.txt"
test "$status" -eq 2
grep -q "^error: dataset.source: classification needs one label per image; a segmentation folder (images/ and masks/) holds masks" \
  "$work/classify.txt"
test ! -e "$work/classify.convstudio"

# With a segmentation template, `new --task segmentation` picks the format by itself.
if "$cli" templates 2>/dev/null | grep -q unet-small; then
  "$cli" new --template unet-small --task segmentation --dataset "$work/shapes" \
    --out "$work/segment.convstudio"
  grep -q '"source": "segmentation-folder"' "$work/segment.convstudio"
fi

# A missing mask: exit 2, naming the image that has none.
rm "$work/shapes/masks/00007.png"
status=0
"$cli" inspect-data "$work/shapes" 2> "$work/missing.txt" || status=$?
cat "$work/missing.txt"
test "$status" -eq 2
grep -q "^error: $work/shapes/images/00007.png: has no mask: expected $work/shapes/masks/00007.png$" \
  "$work/missing.txt"
echo "segmentation data OK"
