#!/usr/bin/env bash
# Proves a change to the builder or the exporters left their output alone: for every built-in
# template, trains a checkpoint for two steps with a fixed seed, then exports it to every format
# with two builds of the command-line tool and compares the files byte for byte. Each CLI also
# trains its own checkpoint from the same seed, and those weights are compared too (the LibTorch
# module's initialisation and training step).
#
# Usage: scripts/check-export-identity.sh BASELINE_CLI CANDIDATE_CLI [WORK_DIR]
# Prints one line per file (same / DIFFERENT) and exits 1 when any file differs.
set -euo pipefail
base=$1
cand=$2
work=${3:-$(mktemp -d)}
mkdir -p "$work"
status=0

compare() {  # label file_a file_b
  if cmp -s "$2" "$3"; then
    echo "same       $1 ($(stat -c %s "$2") bytes)"
  else
    echo "DIFFERENT  $1"
    status=1
  fi
}

for template in $("$base" templates | awk '{print $1}'); do
  project="$work/$template.convstudio"
  "$base" new --template "$template" --out "$project" > /dev/null
  for side in base cand; do
    cli=$base
    [ "$side" = cand ] && cli=$cand
    rm -rf "$work/$template-run-$side"
    "$cli" train "$project" --max-steps 2 --batch-size 8 --seed 7 --device cpu \
      --out "$work/$template-run-$side" > "$work/$template-train-$side.log" 2>&1
  done
  compare "$template trained weights (each CLI trains)" \
    "$work/$template-run-base/last.ckpt/model.safetensors" \
    "$work/$template-run-cand/last.ckpt/model.safetensors"
  checkpoint="$work/$template-run-base/last.ckpt"
  for format in torchscript onnx safetensors python; do
    case $format in
      torchscript) ext=pt ;;
      onnx) ext=onnx ;;
      safetensors) ext=safetensors ;;
      python) ext=py ;;  # its weights go beside it: $template-code.safetensors
    esac
    for side in base cand; do
      cli=$base
      [ "$side" = cand ] && cli=$cand
      mkdir -p "$work/$side"
      out="$work/$side/$template.$ext"
      [ "$format" = python ] && out="$work/$side/$template-code.py"
      # The block mapping the CLI prints, without the "wrote <path>" lines (paths differ).
      "$cli" export "$checkpoint" --format "$format" --out "$out" | grep -v '^wrote ' \
        > "$work/$side/$template-$format.txt"
    done
    if [ "$format" = python ]; then
      compare "$template .py" "$work/base/$template-code.py" "$work/cand/$template-code.py"
      compare "$template .py weights" "$work/base/$template-code.safetensors" \
        "$work/cand/$template-code.safetensors"
    else
      compare "$template .$ext" "$work/base/$template.$ext" "$work/cand/$template.$ext"
    fi
    compare "$template $format block mapping" "$work/base/$template-$format.txt" \
      "$work/cand/$template-$format.txt"
    if [ "$format" = safetensors ]; then
      compare "$template .json" "$work/base/$template.json" "$work/cand/$template.json"
    fi
  done
done
exit $status
