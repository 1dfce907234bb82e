#!/bin/sh
# Fully-convolutional classifiers (issue 38, item 0): torchvision's SqueezeNet 1.0 (convolution ->
# ReLU -> global average pooling -> flatten, no dense layer) and an all-convolutional net (a 1×1
# convolution to the classes, then the spatial mean) are imported by `convstudio-cli import`
# with a pass-through Output; the imported project, exported back to ONNX, answers as the
# original does in onnxruntime (within 1e-4); SqueezeNet fine-tunes for a few steps from its
# imported weights.
set -e
cli=$1; python=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
"$python" - "$work" <<'PY'
import sys, torch, torch.nn as nn, torchvision
out = sys.argv[1]
torch.manual_seed(3)
# Ten classes: the project fine-tunes on Fashion-MNIST, its default data set.
squeezenet = torchvision.models.squeezenet1_0(weights=None, num_classes=10).eval()
allconv = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                        nn.Conv2d(8, 10, 1), nn.AdaptiveAvgPool2d(1), nn.Flatten()).eval()
for name, model in (("squeezenet", squeezenet), ("allconv", allconv)):
    torch.onnx.export(model, (torch.randn(2, 3, 64, 64),), f"{out}/{name}.onnx", dynamo=False,
                      input_names=["input"], output_names=["scores"],
                      dynamic_axes={"input": {0: "batch"}, "scores": {0: "batch"}})
PY
for name in squeezenet allconv; do
  "$cli" import "$work/$name.onnx" --out "$work/$name.convstudio" > "$work/$name-import.txt"
  cat "$work/$name-import.txt"
  grep -q '"mode": "pass-through"' "$work/$name.convstudio"
  "$cli" export "$work/$name.convstudio" --format onnx --out "$work/$name-again.onnx" \
    > "$work/$name-export.txt"
done
"$python" - "$work" <<'PY'
import sys, numpy as np, onnxruntime as ort
out = sys.argv[1]
x = np.random.default_rng(5).standard_normal((4, 3, 64, 64)).astype(np.float32)
for name in ("squeezenet", "allconv"):
    answers = []
    for file in (f"{out}/{name}.onnx", f"{out}/{name}-again.onnx"):
        session = ort.InferenceSession(file, providers=["CPUExecutionProvider"])
        answers.append(session.run(None, {session.get_inputs()[0].name: x})[0])
    difference = float(np.abs(answers[0] - answers[1]).max())
    print(f"{name}: output {answers[1].shape}, max |imported - original| = {difference:.3g}")
    assert answers[0].shape == answers[1].shape == (4, 10), answers[1].shape
    assert difference <= 1e-4, difference
PY
"$cli" train "$work/squeezenet.convstudio" --max-steps 4 --batch-size 8 --out "$work/run" \
  > "$work/train.txt" 2> "$work/train-log.txt"
grep -q "starting from the weights in .*squeezenet.weights.safetensors" "$work/train-log.txt" \
  "$work/train.txt"
test -f "$work/run/last.ckpt/model.safetensors"
echo "fully-convolutional import, export and fine-tune OK"
