#!/bin/sh
# export --format onnx-int8 on a trained lenet5: the int8 QDQ file passes onnx.checker, runs in
# onnxruntime with int8 kernels (QLinearConv, QGemm), keeps the fp32 export's inputs, outputs and
# metadata, agrees with fp32 on >= 98% of the validation images and is <= 30% of its size; every
# calibration method writes a file; a block with no int8 form is named as staying float; bad
# --calibration values and a missing Python are reported clearly.
set -e
cli=$1; python=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --out "$work/lenet.convstudio" > /dev/null
"$cli" train "$work/lenet.convstudio" --max-steps 400 --batch-size 64 --optimizer adam --lr 0.002 \
  --out "$work/run" > /dev/null
ckpt="$work/run/last.ckpt"
"$cli" export "$ckpt" --format onnx --out "$work/fp32.onnx" --quiet > /dev/null
"$cli" export "$ckpt" --format onnx-int8 --calibration 256 --python "$python" \
  --validation-limit 2000 --out "$work/int8.onnx" > "$work/int8.txt"
cat "$work/int8.txt"
tail -n 1 "$work/int8.txt" > "$work/int8.json"
for method in percentile entropy; do
  "$cli" export "$ckpt" --format onnx-int8 --calibration 128 --calibration-method $method \
    --no-measure --quiet --out "$work/int8-$method.onnx" > "$work/int8-$method.json"
done
"$cli" export "$ckpt" --format onnx-int8 --calibration 128 --per-tensor --no-measure --quiet \
  --out "$work/int8-per-tensor.onnx" > "$work/int8-per-tensor.json"

"$python" - "$work" <<'PY'
import json, sys
import numpy as np
import onnx
import onnxruntime as ort
work = sys.argv[1]
report = json.load(open(work + "/int8.json"))
assert report["format"] == "onnx-int8" and report["measured_with"] == "onnxruntime", report
assert report["calibration_images"] == 256 and report["validation_samples"] == 2000, report
assert report["top1_agreement"] >= 0.98, report
assert report["size_ratio"] <= 0.30, report
assert report["quantized_blocks"] == ["conv1", "conv2", "fc1", "fc2", "output"], report
assert report["float_blocks"] == [] and report["per_channel"] is True, report
assert report["latency_ratio"] > 0 and report["latency_runs"] >= 5, report
fp32 = onnx.load(work + "/fp32.onnx")
for name in ["int8", "int8-percentile", "int8-entropy", "int8-per-tensor"]:
    model = onnx.load(f"{work}/{name}.onnx")
    onnx.checker.check_model(model, full_check=True)
    # The preprocessing contract: same graph inputs, outputs and metadata as the fp32 export.
    assert model.graph.input == fp32.graph.input and model.graph.output == fp32.graph.output
    assert model.metadata_props == fp32.metadata_props
    types = {t.data_type for t in model.graph.initializer}
    assert onnx.TensorProto.INT8 in types and onnx.TensorProto.INT32 in types, types
    assert not any(n.op_type == "BatchNormalization" for n in model.graph.node)
    options = ort.SessionOptions()
    options.optimized_model_filepath = f"{work}/{name}.optimized.onnx"
    session = ort.InferenceSession(f"{work}/{name}.onnx", options, providers=["CPUExecutionProvider"])
    x = np.random.default_rng(0).standard_normal((3, 1, 28, 28)).astype(np.float32)
    assert session.run(None, {"input": x})[0].shape == (3, 10)
    kernels = {n.op_type for n in onnx.load(options.optimized_model_filepath).graph.node}
    assert "QLinearConv" in kernels and "QGemm" in kernels, (name, kernels)
per_tensor = onnx.load(work + "/int8-per-tensor.onnx")
scales = [t for t in per_tensor.graph.initializer if t.name == "conv1.weight/scale"]
assert len(scales) == 1 and list(scales[0].dims) == [], scales
print("int8 files OK")
PY

# A block with no int8 form (GELU: Div, Erf, Mul) stays float and the report names it.
"$python" - "$work/lenet.convstudio" "$work/gelu.convstudio" <<'PY'
import json, sys
project = json.load(open(sys.argv[1]))
for block in project["graph"]["blocks"]:
    if block["id"] == "relu3":
        block["type"] = "GELU"
json.dump(project, open(sys.argv[2], "w"))
PY
"$cli" train "$work/gelu.convstudio" --max-steps 2 --out "$work/gelu-run" > /dev/null
"$cli" export "$work/gelu-run/last.ckpt" --format onnx-int8 --calibration 64 --no-measure \
  --out "$work/gelu-int8.onnx" > "$work/gelu.txt"
grep -q '^stays float: relu3 (ONNX Div, Erf, Mul have no int8 kernel in onnxruntime: runs in float)$' \
  "$work/gelu.txt"
tail -n 1 "$work/gelu.txt" | grep -q '"float_blocks":\[{"block":"relu3",'

# Hostile or bad values: a clear error and exit code 2, nothing written.
for bad in 0 -5 abc 99999999999999999999 2000000; do
  if "$cli" export "$ckpt" --format onnx-int8 --calibration "$bad" --out "$work/bad.onnx" \
       > "$work/bad.txt" 2>&1; then exit 1; else test $? -eq 2; fi
  grep -q -- "--calibration" "$work/bad.txt"
  test ! -e "$work/bad.onnx"
done
if "$cli" export "$ckpt" --format onnx-int8 --calibration-method kl --out "$work/bad.onnx" \
     > "$work/bad.txt" 2>&1; then exit 1; else test $? -eq 2; fi
grep -q -- "--calibration-method" "$work/bad.txt"
if "$cli" export "$work/lenet.convstudio" --format onnx-int8 --out "$work/bad.onnx" \
     > "$work/bad.txt" 2>&1; then exit 1; else test $? -eq 2; fi
grep -q "calibrates on the training data of a checkpoint" "$work/bad.txt"
# No Python to measure with: the file is written and the JSON line says why there are no figures.
"$cli" export "$ckpt" --format onnx-int8 --calibration 64 --python "$work/no-such-python" \
  --out "$work/unmeasured.onnx" --quiet > "$work/unmeasured.json"
grep -q '"measured_with":null' "$work/unmeasured.json"
grep -q '"not_measured":"cannot start' "$work/unmeasured.json"
echo "int8 export OK"
