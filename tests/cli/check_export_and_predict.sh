#!/bin/sh
# new -> train (a few steps) -> export to every format -> predict from the checkpoint and the
# native, TorchScript and ONNX exports: one JSON object per image, top-k probabilities summing to at
# most 1, the same answer from every form of the model, and temperature changing probabilities.
set -e
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work/images"
"$cli" new --template lenet5 --out "$work/lenet.convstudio"
"$cli" train "$work/lenet.convstudio" --max-steps 5 --out "$work/run" > /dev/null
ckpt="$work/run/last.ckpt"
for format in torchscript onnx safetensors python; do
  case $format in torchscript) ext=pt;; onnx) ext=onnx;; safetensors) ext=safetensors;; python) ext=py;; esac
  "$cli" export "$ckpt" --format $format --out "$work/model.$ext" > "$work/export-$format.txt"
  grep -q "^conv1 (Conv2d) -> " "$work/export-$format.txt"
  grep -q "^wrote $work/model.$ext" "$work/export-$format.txt"
done
test -s "$work/model.json"
# --device is pt2-aoti's alone (other files run wherever they are loaded): refused by name.
if "$cli" export "$ckpt" --format onnx --device cuda --out "$work/x.onnx" 2> "$work/device.txt"; then
  echo "export --format onnx --device cuda was accepted"; exit 1
fi
grep -q "only pt2-aoti is compiled for a device" "$work/device.txt"
test ! -e "$work/x.onnx"
# Two images OpenCV reads: a grey PGM of another size and a colour PPM (converted to grey).
{ printf 'P5\n40 30\n255\n'; head -c 1200 /dev/urandom; } > "$work/images/a.pgm"
{ printf 'P6\n28 28\n255\n'; head -c 2352 /dev/urandom; } > "$work/images/b.ppm"
for model in "$ckpt" "$work/model.safetensors" "$work/model.pt" "$work/model.onnx"; do
  "$cli" predict "$model" "$work/images/a.pgm" "$work/images/b.ppm" --topk 3 > "$work/p-$(basename "$model").jsonl"
done
"$cli" predict "$ckpt" "$work/images/a.pgm" --topk 10 --temperature 0.5 > "$work/cold.jsonl"
"$cli" predict "$ckpt" "$work/images/a.pgm" --topk 10 --temperature 2 > "$work/warm.jsonl"
python3 - "$work" <<'PY'
import json, sys, glob
work = sys.argv[1]
runs = [[json.loads(line) for line in open(f)] for f in sorted(glob.glob(work + "/p-*.jsonl"))]
assert len(runs) == 4
for run in runs:
    assert len(run) == 2, run
    for obj in run:
        assert "error" not in obj, obj
        assert len(obj["top"]) == 3
        assert sum(t["probability"] for t in obj["top"]) <= 1 + 1e-9
        assert all(isinstance(t["class"], str) and t["class"] for t in obj["top"])
for run in runs[1:]:
    for a, b in zip(run, runs[0]):
        assert [t["index"] for t in a["top"]] == [t["index"] for t in b["top"]], (a, b)
        for x, y in zip(a["top"], b["top"]):
            assert abs(x["probability"] - y["probability"]) < 1e-5, (x, y)
cold = json.loads(open(work + "/cold.jsonl").read())["top"]
warm = json.loads(open(work + "/warm.jsonl").read())["top"]
assert abs(sum(t["probability"] for t in cold) - 1) < 1e-9
assert cold[0]["index"] == warm[0]["index"]
assert cold[0]["probability"] > warm[0]["probability"], (cold[0], warm[0])
PY
# A missing image is reported in its JSON object and the exit code.
if "$cli" predict "$ckpt" "$work/images/none.png" > "$work/missing.jsonl"; then exit 1; fi
grep -q '"error"' "$work/missing.jsonl"
# Folder to CSV.
"$cli" predict "$work/model.safetensors" --folder "$work/images" --csv "$work/p.csv" --topk 2
test "$(wc -l < "$work/p.csv")" -eq 3
head -n 1 "$work/p.csv" | grep -q '^file,class_1,probability_1,class_2,probability_2,error$'
echo "predict and export OK"
