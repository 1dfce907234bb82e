#!/usr/bin/env bash
# CPU mixed precision (issue 13): resnet-small on Fashion-MNIST, batch 128, SGD, through
# `convstudio-cli train`. Speed: PAIRS back-to-back paired runs of STEPS steps (469: one epoch),
# fp32 against bf16 (which runs channels-last on the CPU), median of the paired ratios (and
# spread). Accuracy: one EPOCHS-epoch run of fp32, bf16 and auto (seed 42; 0 skips them),
# validation accuracy and samples/s.
# Usage: tests/bench/amp_bench.sh [BUILD_DIR] [PAIRS] [STEPS] [EPOCHS]
set -euo pipefail
build=${1:-build}
pairs=${2:-5}
steps=${3:-469}
epochs=${4:-3}
cli="$build/bin/convstudio-cli"
work=$(mktemp -d /tmp/convstudio-amp-XXXXXX)
trap 'rm -rf "$work"' EXIT
"$cli" new --template resnet-small --out "$work/resnet.convstudio" >/dev/null

train() {  # flags... -> samples/s and validation accuracy of the run
  "$cli" train "$work/resnet.convstudio" --batch-size 128 --optimizer sgd --lr 0.01 --device cpu \
    --out "$work/run-$RANDOM" "$@" 2>/dev/null | tail -n 1 |
    python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["samples_per_second"], s["val_accuracy"], s["amp"])'
}
median() {
  python3 -c "
import statistics, sys
r = sorted(float(x) for x in sys.argv[1:])
print(f'median {statistics.median(r):.3f} (spread {r[0]:.3f}-{r[-1]:.3f}, {len(r)} pairs)')" "$@"
}

bf16=()
for pair in $(seq 1 "$pairs"); do
  if ((pair % 2)); then  # alternate which side goes first
    read -r f _ _ < <(train --max-steps "$steps")
    read -r b _ _ < <(train --max-steps "$steps" --amp bf16)
  else
    read -r b _ _ < <(train --max-steps "$steps" --amp bf16)
    read -r f _ _ < <(train --max-steps "$steps")
  fi
  bf16+=("$(python3 -c "print($b/$f)")")
  printf 'pair %d: fp32 %.0f, bf16 %.0f samples/s\n' "$pair" "$f" "$b"
done
echo "resnet-small $steps steps, bf16 (channels-last, as on every CPU) vs fp32: $(median "${bf16[@]}")"

[ "$epochs" -gt 0 ] || exit 0  # EPOCHS 0: speed only
for variant in "" "--amp bf16" "--amp auto"; do
  # shellcheck disable=SC2086
  read -r speed accuracy amp < <(train --epochs "$epochs" $variant)
  printf 'resnet-small %d epochs %-28s amp %-4s val acc %.4f, %.0f samples/s\n' "$epochs" \
    "${variant:-(fp32)}" "$amp" "$accuracy" "$speed"
done
