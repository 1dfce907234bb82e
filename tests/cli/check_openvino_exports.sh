#!/bin/sh
# Issue 37: the fp32 and int8 ONNX exports of a briefly trained lenet5 run in OpenVINO's CPU
# runtime with the answers onnxruntime gives (tests/interop/check_openvino.py says the
# tolerances). Skipped (exit 77) only when the openvino package is absent.
set -e
cli=$1; python=$2; check=$3; work=$4
if ! "$python" -c "import openvino" 2>/dev/null; then
  echo "SKIP: $python has no openvino package (scripts/setup.sh installs it)"
  exit 77
fi
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --out "$work/lenet.convstudio" > /dev/null
"$cli" train "$work/lenet.convstudio" --max-steps 150 --batch-size 64 --optimizer adam --lr 0.002 \
  --out "$work/run" > /dev/null
"$cli" export "$work/run/last.ckpt" --format onnx --out "$work/fp32.onnx" --quiet > /dev/null
"$cli" export "$work/run/last.ckpt" --format onnx-int8 --calibration 256 --no-measure --quiet \
  --out "$work/int8.onnx" > /dev/null
"$python" "$check" "$work/fp32.onnx" "$work/int8.onnx"
