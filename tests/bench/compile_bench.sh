#!/usr/bin/env bash
# ConvStudio's trainer against torch.compile (issue 33): the same model — its own generated
# PyTorch code (`convstudio-cli export --format python`) — trained with the same recipe (SGD
# lr 0.05 momentum 0.9, no Nesterov, no weight decay, constant lr, no augmentation, batch 128)
# by `convstudio-cli train --max-steps STEPS`, by PyTorch eager and by torch.compile
# (compiled_peer.py; its compilation happens in warm-up steps and is not timed). Same LibTorch,
# same thread count. PAIRS back-to-back rounds, alternating which side goes first; prints each
# round and the median of the paired ratios with their spread (timings here swing by ±30%).
# Usage: tests/bench/compile_bench.sh [BUILD_DIR] [PAIRS] [MODELS] [PRECISIONS] [STEPS]
#   MODELS: templates (default "resnet-small wide-resnet"); PRECISIONS: "fp32 bf16" (bf16 runs
#   channels-last on every side, fp32 asks every side for NCHW), or fp32-cl: fp32 channels-last
#   on every side (what the recipes ask for, and what ConvStudio's default memory format, auto,
#   picks on the CPU). Asked for NCHW, inductor still runs the convolutions channels-last on a
#   CPU with oneDNN (`decide_layout_opt` in torch/_inductor/graph.py), while ConvStudio and eager
#   keep NCHW: compare fp32-cl for layouts chosen alike. fp32-default: each side as it is when
#   nobody chooses (ConvStudio's memory format auto, the peer's model as generated).
set -euo pipefail
build=${1:-build}
pairs=${2:-5}
models=${3:-resnet-small wide-resnet}
precisions=${4:-fp32 bf16}
steps=${5:-200}
cli="$(cd "$build" && pwd)/bin/convstudio-cli"
venv=${CONVSTUDIO_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/convstudio/venv}
python="$venv/bin/python"
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/convstudio-compile-XXXXXX)
trap 'rm -rf "$work"' EXIT
threads=$("$python" -c 'import torch; print(torch.get_num_threads())')

# The template with the bench's recipe; its weights after one step exported as PyTorch code.
prepare() {  # model
  "$cli" new --template "$1" --out "$work/$1.convstudio" >/dev/null
  "$python" - "$work/$1.convstudio" <<'PY'
import json, sys
path = sys.argv[1]
project = json.load(open(path))
t = project["training"]
t.update(lr=0.05, momentum=0.9, nesterov=False, weight_decay=0.0, schedule="constant",
         warmup_steps=0, batch_size=128, accumulate=1, device="cpu")
a = project["dataset"]["augmentation"]
a.update(random_crop_padding=0, horizontal_flip=False, rotation_degrees=0.0, brightness=0.0,
         contrast=0.0, random_resized_crop=False)
json.dump(project, open(path, "w"), indent=1)
PY
  "$cli" train "$work/$1.convstudio" --max-steps 1 --amp off --out "$work/$1-seed" >/dev/null 2>&1
  "$cli" export "$work/$1-seed/last.ckpt" --format python --out "$work/$1.py" --quiet >/dev/null
}

ours() {  # model precision -> samples/s
  local amp=off layout=--memory-format=nchw
  [ "$2" = bf16 ] && amp=bf16 layout=--memory-format=channels_last
  [ "$2" = fp32-cl ] && layout=--memory-format=channels_last
  [ "$2" = fp32-default ] && layout=--memory-format=auto
  "$cli" train "$work/$1.convstudio" --max-steps "$steps" --amp "$amp" "$layout" \
    --out "$work/run-$RANDOM$RANDOM" 2>/dev/null | tail -n 1 |
    "$python" -c 'import json,sys; print(json.load(sys.stdin)["samples_per_second"])'
}
peer() {  # model precision mode -> samples/s
  local amp=off layout=
  [ "$2" = bf16 ] && amp=bf16 layout=--channels-last
  [ "$2" = fp32-cl ] && layout=--channels-last
  "$python" "$here/compiled_peer.py" --code "$work/$1.py" --mode "$3" --steps "$steps" \
    --amp "$amp" $layout --threads "$threads" 2>/dev/null |
    "$python" -c 'import json,sys; print(json.load(sys.stdin)["samples_per_second"])'
}
summary() {  # label, then ratios on stdin
  "$python" -c "
import statistics, sys
r = sorted(float(x) for x in sys.stdin.read().split())
print(f'$1: median {statistics.median(r):.3f} (spread {r[0]:.3f}-{r[-1]:.3f}, {len(r)} pairs)')"
}

echo "threads: $threads on every side; LibTorch $("$python" -c 'import torch; print(torch.__version__)'); $steps steps of batch 128; $pairs pairs"
for model in $models; do
  prepare "$model"
  for precision in $precisions; do
    vs_compile=() vs_eager=()
    for pair in $(seq 1 "$pairs"); do
      if ((pair % 2)); then
        o=$(ours "$model" "$precision"); c=$(peer "$model" "$precision" compile)
        e=$(peer "$model" "$precision" eager)
      else
        e=$(peer "$model" "$precision" eager); c=$(peer "$model" "$precision" compile)
        o=$(ours "$model" "$precision")
      fi
      vs_compile+=("$("$python" -c "print(f'{$o/$c:.3f}')")")
      vs_eager+=("$("$python" -c "print(f'{$o/$e:.3f}')")")
      printf '%s %s pair %d: convstudio %.0f samples/s, eager %.0f, torch.compile %.0f\n' \
        "$model" "$precision" "$pair" "$o" "$e" "$c"
    done
    printf '%s\n' "${vs_compile[@]}" | summary "$model $precision convstudio / torch.compile"
    printf '%s\n' "${vs_eager[@]}" | summary "$model $precision convstudio / PyTorch eager"
  done
done
