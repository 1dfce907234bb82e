#!/usr/bin/env bash
# `make bench`: every benchmark, each printing its ratios against its named baseline.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
echo "== trainer (issue 4)"
"$here/trainer_bench.sh" "$build"
echo "== studio bridge and UI latency (issue 6)"
"$here/gui_bench.sh" "$build"
echo "== data pipeline: index, first step, memory, loader vs torchvision, stall (issue 14)"
"$here/data_bench.sh" "$build"
echo "== full-epoch trainer against PyTorch, CPU mixed precision, start-up (issue 13)"
"$here/epoch_bench.sh" "$build" 5
"$here/amp_bench.sh" "$build" 5 469 3
"$here/startup_bench.sh" "$build" 10
echo "== int8 QDQ ONNX against fp32 in onnxruntime: size, accuracy, agreement, latency (issue 37)"
"$here/int8_bench.sh" "$build"
echo "== cold build of a fresh clone of HEAD, ccache off (issue 13; 6-20 min)"
"$here/build_bench.sh" HEAD
