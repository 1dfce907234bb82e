#!/usr/bin/env bash
# Data benchmark (issue 14), on generated folders of mixed-size JPEGs under /tmp (made once by
# make_photo_folder.py, never committed):
#  1. index scan of 100,000 files, cold (no cached index) and warm;
#  2. `train` start to the first step with a warm index (goal <= 5 s);
#  3. peak resident memory training on 10,000 vs 100,000 images, streaming (goal <= 1.2x);
#  4. loader alone, decode + resize-crop + flip to 3x224x224, batch 64, against torchvision's
#     ImageFolder + transforms + DataLoader with the same workers: paired runs, back to back,
#     the median of the paired ratios and their spread (goal >= 1.0);
#  5. the decoded cache on a small set against main's in-memory loader shape: epochs 2+ read
#     memory (reported as images/s of epoch 1 and epoch 2);
#  6. loader stall share training resnet-small at 3x64x64 on the 100,000 folder (goal <= 5%).
# Usage: [SECTIONS="1 4"] [MAIN_CLI=main's convstudio-cli] tests/bench/data_bench.sh [BUILD_DIR]
# [PAIRS]; SECTIONS picks some of the above (default all; 5 needs MAIN_CLI).
set -euo pipefail
build=${1:-build}
pairs=${2:-5}
cli="$build/bin/convstudio-cli"
venv=${CONVSTUDIO_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/convstudio/venv}
python="$venv/bin/python"
here=$(cd "$(dirname "$0")" && pwd)
photos=${PHOTOS_100K:-/tmp/convstudio-photos-100k}
photos_10k=${PHOTOS_10K:-/tmp/convstudio-photos-10k}
large=${PHOTOS_224:-/tmp/convstudio-photos-224}
workers=${LOADER_WORKERS:-2}
work=$(mktemp -d /tmp/convstudio-data-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"  # the benchmark's own index cache: cold means cold

cmake --build "$build" --target convstudio-cli loader_bench index_bench >/dev/null
[ -d "$photos" ] || "$python" "$here/make_photo_folder.py" "$photos" 100000 32 160 10 1
[ -d "$large" ] || "$python" "$here/make_photo_folder.py" "$large" 4000 200 500 10 2
if [ ! -d "$photos_10k" ]; then  # the first 10,000 of the big folder, as hard links
  for d in "$photos"/class*; do
    mkdir -p "$photos_10k/$(basename "$d")"
    ls "$d" | sed -n 1,1000p | while read -r f; do ln "$d/$f" "$photos_10k/$(basename "$d")/$f"; done
  done
fi
want() { [ -z "${SECTIONS:-}" ] || [[ " $SECTIONS " == *" $1 "* ]]; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
json() { "$python" -c "import json,sys; print(json.loads(sys.stdin.read().strip().splitlines()[-1])$1)"; }

if want 1; then
echo "== 1. index scan, 100,000 files"
"$build/bin/index_bench" "$photos" 5
"$cli" new --template resnet-small --dataset "$photos" --input 3x64x64 \
  --out "$work/p100k.convstudio" >/dev/null 2>"$work/scan.log"  # warms the page cache
rm -rf "$XDG_CACHE_HOME"
for kind in cold warm; do
  start=$(date +%s.%N)
  "$cli" new --template resnet-small --dataset "$photos" --input 3x64x64 \
    --out "$work/p100k.convstudio" >/dev/null 2>>"$work/scan.log"
  end=$(date +%s.%N)
  echo "new --dataset (index $kind): $(echo "$end - $start" | bc) s"
done

fi
[ -f "$work/p100k.convstudio" ] || "$cli" new --template resnet-small --dataset "$photos" \
  --input 3x64x64 --out "$work/p100k.convstudio" >/dev/null 2>&1

if want 2; then
echo "== 2. train start to first step, warm index (goal <= 5 s)"
# Statistics of the sample are cached with the index by a first run.
"$cli" train "$work/p100k.convstudio" --max-steps 1 --batch-size 64 --device cpu \
  --out "$work/warmup" >/dev/null 2>&1
"$python" - "$cli" "$work/p100k.convstudio" "$work/first" "$pairs" <<'PY'
import statistics, subprocess, sys, time
cli, project, out, repeats = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
ready_times, first_times = [], []
for run in range(repeats):
    start = time.perf_counter()
    process = subprocess.Popen([cli, "train", project, "--max-steps", "1", "--batch-size", "64",
                                "--device", "cpu", "--out", f"{out}-{run}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    ready = None
    for line in process.stderr:
        if line.startswith("training on") and ready is None:
            ready = time.perf_counter() - start
        if line.startswith("step 1/"):
            first_times.append(time.perf_counter() - start)
            ready_times.append(ready)
    process.wait()
    print(f"run {run + 1}: data and model ready {ready:.2f} s, first step done "
          f"{first_times[-1]:.2f} s")
print(f"median of {repeats}: data and model ready {statistics.median(ready_times):.2f} s, "
      f"first step done {statistics.median(first_times):.2f} s")
PY

fi
if want 3; then
echo "== 3. peak resident memory, 10,000 vs 100,000 images, streaming (goal <= 1.2x)"
"$cli" new --template resnet-small --dataset "$photos_10k" --input 3x64x64 \
  --out "$work/p10k.convstudio" >/dev/null 2>&1
peak() {
  "$cli" train "$1" --max-steps 40 --batch-size 64 --device cpu --cache off \
    --out "$work/run-$RANDOM" 2>/dev/null | json '["peak_memory_bytes"]'
}
p10=$(peak "$work/p10k.convstudio"); p100=$(peak "$work/p100k.convstudio")
echo "peak RSS: 10k $((p10 >> 20)) MiB, 100k $((p100 >> 20)) MiB"
echo "ratio 100k / 10k (goal <= 1.2): $("$python" -c "print(f'{$p100/$p10:.3f}')")"

fi
if want 4; then
echo "== 4. loader alone vs torchvision, 3x224x224, batch 64, $workers workers, $pairs pairs"
ratios=()
for pair in $(seq "$pairs"); do
  ours=$("$build/bin/loader_bench" "$large" "$workers" 25 224 | json '["images_per_second"]')
  theirs=$("$python" "$here/torchvision_loader.py" "$large" "$workers" 25 224 |
           json '["images_per_second"]')
  ratio=$("$python" -c "print(f'{$ours/$theirs:.3f}')")
  ratios+=("$ratio")
  echo "pair $pair: convstudio $ours images/s, torchvision $theirs images/s, ratio $ratio"
done
printf '%s\n' "${ratios[@]}" | sort -g | tr '\n' ' ' | sed 's/^/paired ratios (sorted): /'; echo
echo "median paired ratio (goal >= 1.0): $(printf '%s\n' "${ratios[@]}" | median)"

fi
if [ -n "${MAIN_CLI:-}" ] && want 5; then
  echo "== 5. small sets against main's loader (MAIN_CLI=$MAIN_CLI), $pairs pairs"
  # Fashion-MNIST (IDX, in memory in both) and a 6,000-PNG folder of 32x32 images (main decodes
  # it whole before step 1; we stream epoch 1 into the decoded cache). Wall time of the whole
  # run, 3 epochs of lenet5 / 1 epoch of Fashion-MNIST capped at 300 steps.
  "$python" "$here/make_image_folder.py" "$work/small" 6000
  # Each side writes its own project (main does not read the new dataset keys).
  for side in this main; do
    c=$cli; [ "$side" = main ] && c=$MAIN_CLI
    "$c" new --template lenet5 --out "$work/fm-$side.convstudio" >/dev/null
    "$c" new --template lenet5 --dataset "$work/small" --out "$work/small-$side.convstudio" \
      >/dev/null 2>&1
  done
  run_wall() {  # cli project args... -> seconds
    local cli=$1; shift
    local start end
    start=$(date +%s.%N)
    "$cli" train "$@" --device cpu --out "$work/run-$RANDOM" >/dev/null 2>&1
    end=$(date +%s.%N)
    echo "$end - $start" | bc
  }
  for name in fm small; do
    ratios=()
    for pair in $(seq "$pairs"); do
      if [ "$name" = fm ]; then args=(--max-steps 300 --batch-size 128); else args=(--epochs 3 --batch-size 128); fi
      m=$(run_wall "$MAIN_CLI" "$work/$name-main.convstudio" "${args[@]}")
      o=$(run_wall "$cli" "$work/$name-this.convstudio" "${args[@]}")
      ratios+=("$("$python" -c "print(f'{$m/$o:.3f}')")")
      echo "$name pair $pair: main $m s, this $o s"
    done
    echo "$name: median speed ratio this/main (goal >= 1.0): $(printf '%s\n' "${ratios[@]}" | median) (sorted: $(printf '%s\n' "${ratios[@]}" | sort -g | tr '\n' ' '))"
  done
fi

if want 6; then
echo "== 6. loader stall share, resnet-small 3x64x64 on 100,000 images (goal <= 0.05)"
"$cli" train "$work/p100k.convstudio" --max-steps 30 --batch-size 64 --device cpu \
  --out "$work/stall" 2>/dev/null |
  json '["loader_stall_share"]' | sed 's/^/loader stall share: /'
fi
