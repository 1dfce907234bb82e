#!/usr/bin/env bash
# The builder's training-memory estimate against the measured peak (issue 33, item 2): every
# template on Fashion-MNIST at batch 64 and 256, fp32 and bf16, on the CPU, and resnet-small with
# recompute groups (one per residual stage; groups ending at each ReLU). The measured peak is
# `convstudio-cli profile`'s `peak_bytes`: the model's weights and buffers plus the most tensor
# memory LibTorch's CPU allocator had handed out at once during the unprofiled steps, counted
# from the allocator's own reports (c10's memory-reporting hook, the one PyTorch's profile_memory
# uses; not the process's resident memory, which also holds the data set, libraries and the
# heap's free space), and the same peak in the forward pass, backward and the optimizer step.
# The estimate says where it puts the peak. With recompute groups the profiler also measures the
# same steps recomputing nothing, so the saving is measured beside the estimated one.
# Usage: tests/bench/memory_estimate_bench.sh [BUILD_DIR] [TEMPLATES] [BATCHES] [PRECISIONS]
set -euo pipefail
build=${1:-build}
templates=${2:-lenet5 mobilenet-small resnet-small vgg-small wide-resnet}
batches=${3:-64 256}
precisions=${4:-off bf16}
cli="$build/bin/convstudio-cli"
work=$(mktemp -d /tmp/convstudio-memory-XXXXXX)
trap 'rm -rf "$work"' EXIT

# resnet-small with recompute groups: "stages", its residual stages (s1_*, s2_*, s3_*), the stem
# and head not recomputed; "relus", every block after the Input in groups that end at each ReLU
# (conv, BatchNorm, ReLU; the Add with its ReLU; the head last). The project lists its blocks in
# dependency order, so runs of it are closed regions, as a group must be.
group_blocks() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
project = json.load(open(sys.argv[1]))
number = 1
for block in project["graph"]["blocks"]:
    if block["type"] == "Input":
        continue
    if sys.argv[3] == "stages":
        group = block["id"].split("_")[0]
        if group not in ("s1", "s2", "s3"):
            continue
    else:
        group = "segment%d" % number
        if block["type"] == "ReLU":
            number += 1
    block["recompute"] = True
    block["recompute_group"] = group
json.dump(project, open(sys.argv[2], "w"), indent=2)
PY
}

row() {  # template, recompute label, project, batch, precision
  "$cli" profile "$3" --steps 1 --warmup 1 --device cpu --batch-size "$4" --amp "$5" --json \
    2> "$work/err" | tail -n 1 |
    python3 -c '
import json, sys
r = json.load(sys.stdin)
mib = lambda b: b / 1048576
line = "| %s | %d | %s | %s | %.1f | %.1f | %.2f | %s | %.1f / %.1f / %.1f |" % (
    sys.argv[1], r["batch_size"], r["precision"], sys.argv[2], mib(r["estimated_bytes"]),
    mib(r["peak_bytes"]), r["estimated_bytes"] / r["peak_bytes"], r["estimated_peak_at"],
    mib(r["forward_peak_bytes"]), mib(r["backward_peak_bytes"]), mib(r["optimizer_peak_bytes"]))
if r["peak_bytes_without_recompute"] > 0:
    line += " %.1f measured (%.1f without), %.1f estimated (%.1f without) |" % (
        mib(r["peak_bytes_without_recompute"] - r["peak_bytes"]), mib(r["peak_bytes_without_recompute"]),
        mib(r["estimated_bytes_without_recompute"] - r["estimated_bytes"]),
        mib(r["estimated_bytes_without_recompute"]))
else:
    line += " |"
print(line)
' "$1" "$2" || { cat "$work/err"; exit 1; }
}

echo "| template | batch | precision | recompute | estimate MiB | measured peak MiB | estimate ÷ measured | estimated peak at | measured forward / backward / optimizer MiB | recomputing saves MiB |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for template in $templates; do
  "$cli" new --template "$template" --dataset fashion-mnist --out "$work/$template.convstudio" \
    > /dev/null
  for batch in $batches; do
    for amp in $precisions; do
      row "$template" none "$work/$template.convstudio" "$batch" "$amp"
    done
  done
  if [ "$template" = resnet-small ]; then
    for grouping in stages relus; do
      group_blocks "$work/$template.convstudio" "$work/$template-$grouping.convstudio" "$grouping"
      label=$([ "$grouping" = stages ] && echo "a group per stage" || echo "groups ending at each ReLU")
      for batch in $batches; do
        for amp in $precisions; do
          row "$template" "$label" "$work/$template-$grouping.convstudio" "$batch" "$amp"
        done
      done
    done
  fi
done
