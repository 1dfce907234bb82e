#!/usr/bin/env bash
# Issue 34's figure: on a 3-class Fashion-MNIST image folder made 50:1 imbalanced (training
# split; validation balanced, make_imbalanced_folder.py), `class_weights: balanced` and the
# class-balanced sampler against neither, the same template, seeds and epochs. Prints each
# run's validation accuracy, balanced accuracy and macro-F1, then per setting the mean balanced
# accuracy over the seeds and its gain over neither (the issue asks >= 10 points).
# Usage: tests/bench/class_weights_bench.sh [BUILD_DIR] [EPOCHS] [MAJORITY] [SEEDS]
#   SEEDS: a space-separated list ("1 2 3"); default 1.
set -euo pipefail
build=${1:-build}
epochs=${2:-3}
majority=${3:-2000}
seeds=${4:-1}
cli="$build/bin/convstudio-cli"
venv=${CONVSTUDIO_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/convstudio/venv}
python="$venv/bin/python"
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/convstudio-class-weights-XXXXXX)
trap 'rm -rf "$work"' EXIT

"$python" "$here/make_imbalanced_folder.py" "$work/data" "$majority" 300
"$cli" new --template lenet5 --dataset "$work/data" --input 1x28x28 \
  --out "$work/imbalanced.convstudio" >/dev/null
# Each setting: its name and its flags.
settings=("neither|--class-weights none"
          "class_weights=balanced|--class-weights balanced"
          "sampler=class-balanced|--sampler class-balanced")
declare -A total
for seed in $seeds; do
  for setting in "${settings[@]}"; do
    name=${setting%%|*}
    read -r -a flags <<<"${setting#*|}"
    out="$work/run-$seed-${name//[=]/-}"
    "$cli" train "$work/imbalanced.convstudio" "${flags[@]}" --epochs "$epochs" --seed "$seed" \
      --out "$out" >"$out.json" 2>"$out.log"
    read -r accuracy bal f1 < <(tail -n 1 "$out.json" | "$python" -c \
      "import json,sys; s=json.load(sys.stdin); print(s['val_accuracy'], s['val_balanced_accuracy'], s['val_macro_f1'])")
    total[$name]=$("$python" -c "print(${total[$name]:-0} + $bal)")
    printf 'seed %-3s %-24s val accuracy %.4f  balanced accuracy %.4f  macro-F1 %.4f\n' \
      "$seed" "$name" "$accuracy" "$bal" "$f1"
  done
done
count=$(echo $seeds | wc -w)
for setting in "${settings[@]}"; do
  name=${setting%%|*}
  "$python" -c "
mean = ${total[$name]} / $count
gain = 100 * (mean - ${total[neither]} / $count)
print(f'$name: mean balanced accuracy {mean:.4f} over $count seed(s), gain {gain:.1f} points' +
      ('' if '$name' == 'neither' else ' (issue 34 asks >= 10)'))"
done
