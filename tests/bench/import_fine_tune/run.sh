#!/bin/sh
# Fine-tuning benchmark (not in the suite): a CNN pretrained in PyTorch on 5 Fashion-MNIST
# classes is imported, its head swapped for 10 classes, its backbone frozen, and one epoch is
# trained on all 10 classes; the same with a random backbone shows what the imported weights
# bring. usage: run.sh CLI WORK
set -e
cli=$1; work=$2; here=$(dirname "$0")
python=${CONVSTUDIO_PYTHON:-$HOME/.cache/convstudio/venv/bin/python}
rm -rf "$work"; mkdir -p "$work"
"$python" "$here/pretrain_five_classes.py" "$work/pretrained.onnx" 1 2>/dev/null
"$cli" import "$work/pretrained.onnx" --out "$work/fine.convstudio"
# Output: 10 classes; every block before it frozen; one epoch with Adam.
"$python" - "$work/fine.convstudio" <<'PY'
import json, sys
path = sys.argv[1]
p = json.load(open(path))
for b in p["graph"]["blocks"]:
    if b["type"] == "Output":
        b["params"]["classes"] = 10
    elif b["type"] != "Input":
        b["trainable"] = False
p["training"].update({"epochs": 1, "optimizer": "adam", "lr": 0.003, "batch_size": 64})
json.dump(p, open(path, "w"), indent=2)
PY
"$cli" train "$work/fine.convstudio" --out "$work/fine-run" | tail -n 1 > "$work/fine.json"
# The same project without the imported weights: a frozen random backbone.
"$python" - "$work/fine.convstudio" "$work/scratch.convstudio" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p.pop("weights")
p["version"] = 1
json.dump(p, open(sys.argv[2], "w"), indent=2)
PY
"$cli" train "$work/scratch.convstudio" --out "$work/scratch-run" | tail -n 1 > "$work/scratch.json"
# Everything trainable, the pretrained blocks at a tenth of the learning rate (the new head at
# the full rate).
"$python" - "$work/fine.convstudio" "$work/tenth.convstudio" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for b in p["graph"]["blocks"]:
    b.pop("trainable", None)
json.dump(p, open(sys.argv[2], "w"), indent=2)
PY
cp "$work/fine.weights.safetensors" "$work/tenth.weights.safetensors"
sed -i 's/"fine.weights.safetensors"/"tenth.weights.safetensors"/' "$work/tenth.convstudio"
"$cli" train "$work/tenth.convstudio" --pretrained-lr-multiplier 0.1 --out "$work/tenth-run" |
  tail -n 1 > "$work/tenth.json"
# And out again: the fine-tuned model exported to ONNX.
"$cli" export "$work/fine-run/last.ckpt" --format onnx --out "$work/fine-tuned.onnx"
"$python" - "$work" <<'PY'
import json, sys
w = sys.argv[1]
fine = json.load(open(f"{w}/fine.json"))
scratch = json.load(open(f"{w}/scratch.json"))
tenth = json.load(open(f"{w}/tenth.json"))
print(f"imported + frozen backbone, new 10-class head, 1 epoch: val accuracy {fine['val_accuracy']:.4f}")
print(f"random frozen backbone, same head and epoch:          val accuracy {scratch['val_accuracy']:.4f}")
print(f"imported, all trainable, pretrained blocks at 0.1 lr: val accuracy {tenth['val_accuracy']:.4f}")
PY
