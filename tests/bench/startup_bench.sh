#!/usr/bin/env bash
# Start-up (issue 13): wall time of `convstudio-cli --version`, `templates` and `inspect` (goal
# <= 0.3 s: they load no LibTorch), of a command that does (`devices`), and of the studio's first
# painted window (offscreen --screenshot with no delay, then exit; goal <= 1 s), warm disk cache.
# Median and range of RUNS runs each. Usage: tests/bench/startup_bench.sh [BUILD_DIR] [RUNS]
set -euo pipefail
export QT_QPA_PLATFORM=offscreen
build=${1:-build}
runs=${2:-10}
work=$(mktemp -d /tmp/convstudio-startup-XXXXXX)
trap 'rm -rf "$work"' EXIT
"$build/bin/convstudio-cli" new --template resnet-small --out "$work/r.convstudio" >/dev/null
time_it() {  # label command... -> median (range) of the wall times
  local label=$1; shift
  "$@" >/dev/null 2>&1 || true  # warm the disk cache
  python3 - "$runs" "$label" "$@" <<'PY'
import os, statistics, subprocess, sys, time
runs, label, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    times.append(time.perf_counter() - start)
print(f"{label:<34} median {statistics.median(times):.3f} s (range {min(times):.3f}-{max(times):.3f}, {runs} runs)")
PY
}
time_it "convstudio-cli --version" "$build/bin/convstudio-cli" --version
time_it "convstudio-cli templates" "$build/bin/convstudio-cli" templates
time_it "convstudio-cli inspect" "$build/bin/convstudio-cli" inspect "$work/r.convstudio"
time_it "convstudio-cli devices (LibTorch)" "$build/bin/convstudio-cli" devices
time_it "studio first window" "$build/bin/convstudio" --screenshot "$work/s.png" --screenshot-delay 0
time_it "studio first window, --example" "$build/bin/convstudio" --example --screenshot "$work/s.png" --screenshot-delay 0
