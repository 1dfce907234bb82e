#!/usr/bin/env bash
# Data-parallel scaling on this machine (issue 17): resnet-small on Fashion-MNIST, batch 64 per
# process, SGD, through `convstudio-cli train`. Each round runs back to back
#   1 process  x 1 LibTorch thread
#   2 processes x 1 thread each (Gloo over 127.0.0.1), gradients all-reduced during backward
#   2 processes x 1 thread each, all-reduced after backward (--no-overlap)
# for STEPS steps; samples/s count every process's samples. Reported: the median over ROUNDS of
# the efficiency (2-process samples/s / (2 x 1-process samples/s)), the share of training time
# the ranks waited for all-reduces backward did not hide (allreduce_wait_share, rank 0), both
# with and without overlap, and the overlap's effect: the paired ratio of 2-process samples/s
# with overlap to without it in the same round (above 1: the overlap helps). Then (EPOCHS > 0) lenet5, EPOCHS epochs, 1 process against
# --nproc-per-node 2 at the same global batch: validation accuracy of each (the issue's "same
# accuracy as one process").
# Usage: tests/bench/data_parallel_bench.sh [BUILD_DIR] [ROUNDS] [STEPS] [EPOCHS]
set -euo pipefail
build=${1:-build}
rounds=${2:-5}
steps=${3:-60}
epochs=${4:-2}
cli="$build/bin/convstudio-cli"
work=$(mktemp -d /tmp/convstudio-ddp-XXXXXX)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=1
"$cli" new --template resnet-small --out "$work/resnet.convstudio" >/dev/null
"$cli" new --template lenet5 --out "$work/lenet5.convstudio" >/dev/null

train() {  # project flags... -> samples/s, allreduce wait share, validation accuracy
  local project=$1; shift
  "$cli" train "$work/$project.convstudio" --optimizer sgd --lr 0.01 --device cpu --seed 42 \
    --out "$work/run-$RANDOM$RANDOM" "$@" 2>/dev/null | tail -n 1 |
    python3 -c '
import json, sys
s = json.load(sys.stdin)
assert s["state"] == "finished", s
print(s["samples_per_second"], s["allreduce_wait_share"] or 0, s["val_accuracy"])'
}
median() {
  python3 -c "
import statistics, sys
r = sorted(float(x) for x in sys.argv[1:])
print(f'median {statistics.median(r):.3f} (spread {r[0]:.3f}-{r[-1]:.3f}, {len(r)} rounds)')" "$@"
}

efficiency=(); efficiency_after=(); share=(); share_after=(); overlap_gain=()
for round in $(seq 1 "$rounds"); do
  read -r one _ _ < <(train resnet --batch-size 64 --max-steps "$steps")
  read -r two wait _ < <(train resnet --batch-size 64 --max-steps "$steps" --nproc-per-node 2)
  read -r after wait_after _ < <(train resnet --batch-size 64 --max-steps "$steps" \
    --nproc-per-node 2 --no-overlap)
  efficiency+=("$(python3 -c "print($two / (2 * $one))")")
  efficiency_after+=("$(python3 -c "print($after / (2 * $one))")")
  overlap_gain+=("$(python3 -c "print($two / $after)")")
  share+=("$wait"); share_after+=("$wait_after")
  printf 'round %d: 1 process %.0f samples/s; 2 processes %.0f (all-reduce wait %.1f%% of training time); without overlap %.0f (%.1f%%)\n' \
    "$round" "$one" "$two" "$(python3 -c "print(100 * $wait)")" "$after" \
    "$(python3 -c "print(100 * $wait_after)")"
done
echo "resnet-small, 2 processes x 1 thread vs 1 x 1, efficiency: $(median "${efficiency[@]}")"
echo "  all-reduce wait share of training time: $(median "${share[@]}")"
echo "  without overlap, efficiency: $(median "${efficiency_after[@]}")"
echo "  without overlap, all-reduce wait share: $(median "${share_after[@]}")"
echo "  overlap on / off, 2-process samples/s: $(median "${overlap_gain[@]}")"

[ "$epochs" -gt 0 ] || exit 0
read -r speed _ accuracy < <(train lenet5 --batch-size 128 --epochs "$epochs")
printf 'lenet5 %d epochs, 1 process, batch 128: val acc %.4f, %.0f samples/s\n' "$epochs" "$accuracy" "$speed"
read -r speed _ accuracy < <(train lenet5 --batch-size 64 --epochs "$epochs" --nproc-per-node 2)
printf 'lenet5 %d epochs, 2 processes, batch 64 each: val acc %.4f, %.0f samples/s\n' "$epochs" "$accuracy" "$speed"
