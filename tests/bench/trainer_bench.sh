#!/usr/bin/env bash
# Trainer benchmark (issue 4): ConvStudio's trainer against PyTorch in Python with the same
# LibTorch version and thread count, the ImageFolder loader's stall share, and peak memory with
# gradient accumulation. Each throughput is the best of 3 runs, taken in turns. Prints ratios.
# Usage: tests/bench/trainer_bench.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
cli="$build/bin/convstudio-cli"
venv=${CONVSTUDIO_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/convstudio/venv}
python="$venv/bin/python"
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/convstudio-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
threads=$("$python" -c 'import torch; print(torch.get_num_threads())')

ours() {  # project steps batch [accumulate] -> samples/s, stall share, peak bytes
  local project=$1 steps=$2 batch=$3 accumulate=${4:-1}
  "$cli" train "$project" --max-steps "$steps" --batch-size "$batch" --accumulate "$accumulate" \
    --optimizer sgd --lr 0.01 --device cpu --out "$work/run-$RANDOM" 2>/dev/null | tail -n 1 |
    "$python" -c 'import json,sys; s=json.load(sys.stdin); print(s["samples_per_second"], s["loader_stall_share"], s["peak_memory_bytes"])'
}
best() { sort -g | tail -n 1; }

"$cli" new --template lenet5 --out "$work/lenet5.convstudio" >/dev/null
"$cli" new --template resnet-small --out "$work/resnet.convstudio" >/dev/null

echo "threads: $threads (ConvStudio and PyTorch alike); LibTorch $("$python" -c 'import torch; print(torch.__version__)')"
lenet_ours=(); lenet_article=(); lenet_preloaded=(); resnet_ours=(); resnet_preloaded=()
for round in 1 2 3; do
  lenet_ours+=("$(ours "$work/lenet5.convstudio" 200 128 | cut -d' ' -f1)")
  read -r a p < <("$python" "$here/pytorch_baseline.py" --model lenet5 --steps 200 --threads "$threads" |
                  "$python" -c 'import json,sys; r=json.load(sys.stdin); print(r["article_samples_per_second"], r["preloaded_samples_per_second"])')
  lenet_article+=("$a"); lenet_preloaded+=("$p")
  resnet_ours+=("$(ours "$work/resnet.convstudio" 40 128 | cut -d' ' -f1)")
  resnet_preloaded+=("$("$python" "$here/pytorch_baseline.py" --model resnet-small --steps 40 --threads "$threads" --skip-article |
                        "$python" -c 'import json,sys; print(json.load(sys.stdin)["preloaded_samples_per_second"])')")
done
lo=$(printf '%s\n' "${lenet_ours[@]}" | best); la=$(printf '%s\n' "${lenet_article[@]}" | best)
lp=$(printf '%s\n' "${lenet_preloaded[@]}" | best)
ro=$(printf '%s\n' "${resnet_ours[@]}" | best); rp=$(printf '%s\n' "${resnet_preloaded[@]}" | best)
ratio() { "$python" -c "print(f'{$1/$2:.2f}')"; }
printf 'lenet5 batch 128 fp32 cpu: convstudio %.0f samples/s, pytorch article-style %.0f, pytorch preloaded %.0f\n' "$lo" "$la" "$lp"
echo "ratio lenet5 vs article-style (goal >= 1.5): $(ratio "$lo" "$la")"
echo "ratio lenet5 vs preloaded loop (goal >= 1.1): $(ratio "$lo" "$lp")"
printf 'resnet-small batch 128 fp32 cpu: convstudio %.0f samples/s, pytorch preloaded %.0f\n' "$ro" "$rp"
echo "ratio resnet-small vs preloaded loop (goal >= 1.0): $(ratio "$ro" "$rp")"

# Loader stall share: an ImageFolder of PNGs decoded by OpenCV, with augmentation on.
"$python" "$here/make_image_folder.py" "$work/images" 6000
"$python" - "$work/lenet5.convstudio" "$work/images" "$work/folder.convstudio" <<'PY'
import json, sys
project = json.load(open(sys.argv[1]))
project["dataset"] = {"source": "imagefolder", "path": sys.argv[2], "validation": "fraction",
                      "validation_fraction": 0.1,
                      "augmentation": {"random_crop_padding": 2, "horizontal_flip": True,
                                       "rotation_degrees": 10, "brightness": 0.2, "contrast": 0.2}}
json.dump(project, open(sys.argv[3], "w"), indent=2)
PY
read -r _ stall _ < <(ours "$work/folder.convstudio" 40 128)
echo "loader stall share, ImageFolder + crop/flip/rotation/brightness/contrast (goal <= 0.05): $(printf '%.4f' "$stall")"

# Peak memory at the same micro-batch with accumulation 4 vs 1 (CPU: peak resident memory).
read -r _ _ peak1 < <(ours "$work/resnet.convstudio" 24 64 1)
read -r _ _ peak4 < <(ours "$work/resnet.convstudio" 24 64 4)
echo "peak memory, micro-batch 64: accumulate 1 $peak1 B, accumulate 4 $peak4 B"
echo "ratio peak memory accumulate 4 vs 1 (goal <= 1.1): $(ratio "$peak4" "$peak1")"
