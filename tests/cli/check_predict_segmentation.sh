#!/bin/sh
# Issue 38: `predict` on a segmentation model (unet-small, a trained-looking checkpoint written
# without training) writes NAME_mask.png (class indices) and NAME_colour.png (class colours) per
# image into --out and prints one JSON line per image with its pixels per class; the ONNX and
# TorchScript exports give the same masks; explain and the int8 export refuse it in a sentence.
set -e
cli=$1; write_checkpoint=$2; python=$3; work=$4
rm -rf "$work"; mkdir -p "$work/images/sub"
"$write_checkpoint" unet-small 3x32x32 3 "$work/unet.ckpt" > /dev/null
# Images OpenCV reads: a colour PPM of another size and a grey PGM (made RGB), one in a subfolder.
{ printf 'P6\n40 30\n255\n'; head -c 3600 /dev/urandom; } > "$work/images/a.ppm"
{ printf 'P5\n32 32\n255\n'; head -c 1024 /dev/urandom; } > "$work/images/sub/b.pgm"

"$cli" predict "$work/unet.ckpt" "$work/images/a.ppm" "$work/images/sub/b.pgm" \
  --out "$work/masks" > "$work/ckpt.jsonl"
for format in onnx torchscript; do
  case $format in onnx) ext=onnx;; torchscript) ext=pt;; esac
  "$cli" export "$work/unet.ckpt" --format $format --out "$work/unet.$ext" > /dev/null
  "$cli" predict "$work/unet.$ext" --folder "$work/images" --out "$work/masks-$format" \
    > "$work/$format.jsonl"
done
"$python" - "$work" <<'PY'
import json, sys
import numpy as np
from PIL import Image
work = sys.argv[1]
lines = [json.loads(l) for l in open(work + "/ckpt.jsonl")]
assert len(lines) == 2, lines
voc = [(0, 0, 0), (128, 0, 0), (0, 128, 0)]  # the Pascal VOC colours of classes 0, 1, 2
for line in lines:
    assert "error" not in line, line
    assert (line["height"], line["width"]) == (32, 32)
    assert [c["index"] for c in line["classes"]] == [0, 1, 2]
    assert sum(c["pixels"] for c in line["classes"]) == 32 * 32
    mask = np.array(Image.open(line["mask"]))
    colour = np.array(Image.open(line["colour"]).convert("RGB"))
    assert mask.dtype == np.uint8 and mask.shape == (32, 32), (mask.dtype, mask.shape)
    assert [int((mask == c["index"]).sum()) for c in line["classes"]] == \
        [c["pixels"] for c in line["classes"]]
    for index, rgb in enumerate(voc):
        assert (colour[mask == index] == rgb).all(), index
assert lines[0]["mask"] == work + "/masks/a_mask.png", lines[0]["mask"]
assert lines[1]["colour"] == work + "/masks/b_colour.png", lines[1]["colour"]
ckpt = {l["image"].split("/")[-1]: np.array(Image.open(l["mask"])) for l in lines}
for fmt in ("onnx", "torchscript"):
    got = [json.loads(l) for l in open(f"{work}/{fmt}.jsonl")]
    assert len(got) == 2, got
    # --folder keeps the subfolder: masks-FORMAT/sub/b_mask.png
    assert got[1]["mask"] == f"{work}/masks-{fmt}/sub/b_mask.png", got[1]["mask"]
    for line in got:
        mask = np.array(Image.open(line["mask"]))
        agree = (mask == ckpt[line["image"].split("/")[-1]]).mean()
        assert agree >= 0.999, (fmt, line["image"], agree)
print("masks agree")
PY

# Without --out there is nowhere for the masks: a usage error naming the flag.
status=0
"$cli" predict "$work/unet.ckpt" "$work/images/a.ppm" 2> "$work/no-out.txt" || status=$?
test "$status" -eq 2
grep -q "a segmentation model writes mask PNGs: name the folder with --out" "$work/no-out.txt"

# Explain and int8 refuse the model in a sentence, without a crash.
status=0
"$cli" explain "$work/unet.ckpt" "$work/images/a.ppm" --out "$work/explain" \
  2> "$work/explain.txt" || status=$?
cat "$work/explain.txt"
test "$status" -eq 2
grep -q "this is a segmentation model (N×3×32×32 logits, a class per pixel)" "$work/explain.txt"
status=0
"$cli" export "$work/unet.ckpt" --format onnx-int8 --out "$work/unet-int8.onnx" \
  2> "$work/int8.txt" || status=$?
cat "$work/int8.txt"
test "$status" -eq 2
grep -q "int8 export is for classifiers" "$work/int8.txt"
test ! -e "$work/unet-int8.onnx"
echo "predict segmentation OK"
