#!/usr/bin/env bash
# Full-epoch trainer benchmark (issue 13): `convstudio-cli train --epochs 1` as users run it
# (validation, run folder, metrics and checkpoints included) against a plain PyTorch-Python loop
# over the same data preloaded as tensors (pytorch_baseline.py --epoch), same LibTorch, same
# thread count, same recipe (batch 128, SGD lr 0.01 momentum 0.9). Both figures are training
# samples per second over the whole epoch, the first step included.
#
# Runs PAIRS back-to-back pairs per model, alternating which side goes first, and prints the
# median of the paired ratios with their spread (this machine's timings swing by +-30%).
# Usage: tests/bench/epoch_bench.sh [BUILD_DIR] [PAIRS] [MODELS] [AMP]
#   MODELS: space-separated templates (default "lenet5 resnet-small"); AMP: off (default) or bf16
set -euo pipefail
build=${1:-build}
pairs=${2:-5}
models=${3:-lenet5 resnet-small}
amp=${4:-off}
cli="$build/bin/convstudio-cli"
venv=${CONVSTUDIO_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/convstudio/venv}
python="$venv/bin/python"
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/convstudio-epoch-XXXXXX)
trap 'rm -rf "$work"' EXIT
threads=$("$python" -c 'import torch; print(torch.get_num_threads())')

ours() {  # project -> samples/s, validation accuracy
  "$cli" train "$1" --epochs 1 --batch-size 128 --optimizer sgd --lr 0.01 --device cpu \
    --amp "$amp" --out "$work/run-$RANDOM" 2>/dev/null | tail -n 1 |
    "$python" -c 'import json,sys; s=json.load(sys.stdin); print(s["samples_per_second"], s["val_accuracy"])'
}
theirs() {  # model -> samples/s, validation accuracy
  "$python" "$here/pytorch_baseline.py" --model "$1" --epoch --amp "$amp" --threads "$threads" |
    "$python" -c 'import json,sys; r=json.load(sys.stdin); print(r["epoch_samples_per_second"], r["val_accuracy"])'
}

echo "threads: $threads on both sides; LibTorch $("$python" -c 'import torch; print(torch.__version__)'); amp $amp; $pairs pairs"
for model in $models; do
  "$cli" new --template "$model" --out "$work/$model.convstudio" >/dev/null
  ratios=()
  for pair in $(seq 1 "$pairs"); do
    if ((pair % 2)); then
      read -r o oacc < <(ours "$work/$model.convstudio")
      read -r t tacc < <(theirs "$model")
    else
      read -r t tacc < <(theirs "$model")
      read -r o oacc < <(ours "$work/$model.convstudio")
    fi
    ratio=$("$python" -c "print(f'{$o/$t:.3f}')")
    ratios+=("$ratio")
    printf '%s pair %d: convstudio %.0f samples/s (val acc %.4f), pytorch %.0f (val acc %.4f), ratio %s\n' \
      "$model" "$pair" "$o" "$oacc" "$t" "$tacc" "$ratio"
  done
  printf '%s\n' "${ratios[@]}" | "$python" -c "
import statistics, sys
r = sorted(float(x) for x in sys.stdin)
print(f'$model full epoch, amp $amp: median ratio {statistics.median(r):.3f} (spread {r[0]:.3f}-{r[-1]:.3f}, {len(r)} pairs)')"
done
