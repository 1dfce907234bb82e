#!/bin/bash
# The seeds that need a real run: a small network (max-pool, flatten, linear, output) trained for
# a few steps on Fashion-MNIST, its checkpoint's state.json, and its ONNX export (a few KB, under
# the harness's 64 KiB input limit). Usage: make_trained_seeds.sh CLI
set -eu
cli=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" new --template lenet5 --out "$work/small.convstudio" >/dev/null
python3 - "$work/small.convstudio" <<'PY'
import json, sys
path = sys.argv[1]
project = json.load(open(path))
blocks = {b["id"]: b for b in project["graph"]["blocks"]}
keep = ["input", "pool1", "flatten", "fc1", "output"]
blocks["pool1"]["params"] = {"kernel": 4}
blocks["fc1"]["params"] = {"out_features": 16}
project["graph"]["blocks"] = [blocks[k] for k in keep]
project["graph"]["connections"] = [
    {"from": a, "to": b, "port": 0} for a, b in zip(keep, keep[1:])]
json.dump(project, open(path, "w"), indent=2)
PY
"$cli" train "$work/small.convstudio" --max-steps 5 --out "$work/run" >/dev/null
cp "$work/run/last.ckpt/state.json" "$here/corpus/fuzz_checkpoint_state/state.json"
"$cli" export "$work/run/last.ckpt" --format onnx --out "$work/small.onnx" >/dev/null
cp "$work/small.onnx" "$here/corpus/fuzz_onnx_contract/small.onnx"
cp "$work/small.convstudio" "$here/corpus/fuzz_project_file/small.convstudio"
ls -l "$here/corpus/fuzz_checkpoint_state" "$here/corpus/fuzz_onnx_contract"
