#!/usr/bin/env bash
# The CUDA add-on as the programs see it, without building packages: the CLI copied into a
# folder of its own runs as the base package does (no lib/convstudio/libconvstudio_cuda.so beside
# it: "not installed", and it still trains on the CPU), then with a plugin file that is not a
# library there ("installed but cannot be loaded", with the loader's reason, and still the CPU).
# The build tree's own CLI, with the plugin built beside it, says "compiled in"
# (cli_version_reports_every_library).
#
# usage: check_cuda_addon_states.sh CLI
set -euo pipefail
cli=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/lib/convstudio"
cp "$cli" "$work/bin/convstudio-cli"
cp "$(dirname "$cli")/convstudio-cli-engine" "$work/bin/"
run() { "$work/bin/convstudio-cli" "$@"; }

echo "== no plugin: the base package alone"
run --version | tee "$work/version.txt"
grep -qx 'CUDA support: not installed (install convstudio-cuda)' "$work/version.txt"
grep -qx 'LibTorch .* (CPU-only)' "$work/version.txt"
run devices --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["cuda_support"] == "not installed (install convstudio-cuda)", d
assert not d["cuda_compiled"] and not d["cuda_available"], d'
run new --template lenet5 --out "$work/lenet.convstudio"
run train "$work/lenet.convstudio" --max-steps 2 --batch-size 16 --device auto \
  --out "$work/run" | tail -n 1 | python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
assert s["steps"] == 2 and s["device"] == "cpu" and s["state"] == "finished", s'

echo "== a plugin that does not load"
echo "not a library" > "$work/lib/convstudio/libconvstudio_cuda.so"
run devices | tee "$work/devices.txt"
grep -qx 'CUDA support: installed but cannot be loaded' "$work/devices.txt"
grep -q "^CUDA is not available: CUDA support is installed but cannot be loaded: .*libconvstudio_cuda.so" \
  "$work/devices.txt"
run train "$work/lenet.convstudio" --max-steps 1 --batch-size 16 --out "$work/run2" |
  tail -n 1 | grep -q '"device":"cpu"'
echo "add-on states OK"
