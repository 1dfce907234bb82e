#!/bin/sh
# Builds and runs the GUI benchmark: training throughput through the GUI bridge against the CLI,
# and UI event-loop latency during training with a million plotted points. Extra arguments go
# to gui_bench (--device cuda, --model NAME|mlp, --steps N, --repeats N, --points N).
#   tests/bench/gui_bench.sh [BUILD_DIR] [ARGS...]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-"$root/build"}
[ $# -gt 0 ] && shift
cmake --build "$build" --target gui_bench convstudio-cli >/dev/null
QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} "$build/bin/gui_bench" --cli "$build/bin/convstudio-cli" "$@"
