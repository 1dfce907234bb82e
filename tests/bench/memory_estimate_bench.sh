#!/usr/bin/env bash
# The builder's training-memory estimate against the measured peak (issue 33, item 2): every
# template on Fashion-MNIST at batch 64 and 256, fp32 and bf16, on the CPU. The measured peak is
# `convstudio-cli profile`'s `peak_bytes`: the model's weights and buffers plus the most tensor
# memory LibTorch's CPU allocator had handed out at once during the unprofiled steps, counted from
# the allocator's own reports (c10's memory-reporting hook, the one PyTorch's profile_memory
# uses; not the process's resident memory, which also holds the data set, libraries and the
# heap's free space). Also the per-block column: the sum over blocks of the memory each keeps for
# backward, measured (the profiler's "kept") against the builder's per-block rule.
# Usage: tests/bench/memory_estimate_bench.sh [BUILD_DIR] [TEMPLATES] [BATCHES] [PRECISIONS]
set -euo pipefail
build=${1:-build}
templates=${2:-lenet5 mobilenet-small resnet-small vgg-small wide-resnet}
batches=${3:-64 256}
precisions=${4:-off bf16}
cli="$build/bin/convstudio-cli"
work=$(mktemp -d /tmp/convstudio-memory-XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "| template | batch | precision | estimate MiB | measured peak MiB | estimate ÷ measured | kept for backward, measured MiB | kept, estimated MiB |"
echo "|---|---|---|---|---|---|---|---|"
for template in $templates; do
  "$cli" new --template "$template" --dataset fashion-mnist --out "$work/$template.convstudio" \
    > /dev/null
  for batch in $batches; do
    for amp in $precisions; do
      "$cli" profile "$work/$template.convstudio" --steps 1 --warmup 1 --device cpu \
        --batch-size "$batch" --amp "$amp" --json 2> "$work/err" | tail -n 1 |
        python3 -c '
import json, sys
r = json.load(sys.stdin)
mib = lambda b: b / 1048576
kept = sum(b["kept_bytes"] for b in r["blocks"])
estimated_kept = sum(b["estimated_kept_bytes"] for b in r["blocks"])
print("| %s | %d | %s | %.1f | %.1f | %.2f | %.1f | %.1f |" % (
    sys.argv[1], r["batch_size"], r["precision"], mib(r["estimated_bytes"]),
    mib(r["peak_bytes"]), r["estimated_bytes"] / r["peak_bytes"], mib(kept),
    mib(estimated_kept)))
' "$template" || { cat "$work/err"; exit 1; }
    done
  done
done
