#!/usr/bin/env bash
# The include check must fail when a room includes above its floor: on a copy of the sources,
# each upward include below is planted alone and must be reported with its file and line.
# Usage: check_include_floors_catch_violations.sh SOURCE_ROOT
set -euo pipefail
source_root=$1
checker=$source_root/scripts/check-includes.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$source_root/engine" "$source_root/app" "$source_root/widgets" "$work/"

python3 "$checker" --root "$work" >/dev/null || {
  echo "the unchanged copy should pass" >&2
  exit 1
}

failures=0
# plant FILE LINE EXPECTED: appends LINE to FILE, expects EXPECTED in the report, restores FILE.
plant() {
  local file=$work/$1 line=$2 expected=$3 report
  mkdir -p "$(dirname "$file")"
  local saved=$work/saved
  if [ -e "$file" ]; then cp "$file" "$saved"; else rm -f "$saved"; fi
  printf '%s\n' "$line" >>"$file"
  if report=$(python3 "$checker" --root "$work" 2>&1); then
    echo "NOT CAUGHT: $1: $line" >&2
    failures=$((failures + 1))
  elif ! grep -qF -- "$expected" <<<"$report"; then
    echo "REPORTED WRONGLY: $1: $line; expected '$expected' in:" >&2
    echo "$report" >&2
    failures=$((failures + 1))
  else
    echo "caught: $(grep -F -- "$expected" <<<"$report" | head -1)"
  fi
  if [ -e "$saved" ]; then cp "$saved" "$file"; else rm -f "$file"; fi
}

n=$(wc -l <"$work/engine/src/blocks/relu/relu_torch.cpp")
plant engine/src/blocks/relu/relu_torch.cpp '#include "export/onnx_export.h"' \
  "engine/src/blocks/relu/relu_torch.cpp:$((n + 1)): engine/src/blocks may not include \"export/onnx_export.h\""
plant engine/src/export/onnx_export.cpp '#include "train/training_run.h"' \
  'engine/src/export may not include "train/training_run.h" (engine/src/train)'
plant engine/src/import/onnx_import.cpp '#include "train/evaluator.h"' \
  'engine/src/import may not include "train/evaluator.h" (engine/src/train)'
plant engine/src/distributed/data_parallel.h '#include "train/evaluator.h"' \
  'engine/src/distributed may not include "train/evaluator.h" (engine/src/train)'
plant engine/src/checkpoint/checkpoint_store.h '#include "train/loss_scaler.h"' \
  'engine/src/checkpoint may not include "train/loss_scaler.h" (engine/src/train)'
plant app/bridge/dataset_preview_loader.cpp '#include "training/misclassified_gallery.h"' \
  'app/bridge may not include "training/misclassified_gallery.h" (widgets)'
plant widgets/start_page.cpp '#include "training_controller.h"' \
  'widgets may not include "training_controller.h" (app/bridge)'
plant engine/src/model/graph.cpp '#include "nn/graph_module.h"' \
  'engine/src/model may not include "nn/graph_module.h" (engine/src/nn)'
plant engine/include/convstudio/model/graph.h '#include <torch/torch.h>' \
  'engine/include/convstudio may not include <torch/torch.h>'
plant widgets/start_page.cpp '#include <torch/torch.h>' 'widgets may not include <torch/torch.h>'
plant engine/src/runs/run_queue.cpp '#include <QString>' 'engine/src/runs may not include <QString>'
plant engine/src/blocks/relu/relu_model.cpp '#include <torch/torch.h>' \
  'engine/src/blocks may not include <torch/torch.h>'
plant engine/src/new_room/thing.cpp '// a folder the table does not know' \
  'engine/src/new_room/thing.cpp: its folder is in no room'

if [ "$failures" -gt 0 ]; then
  echo "$failures planted violation(s) not reported" >&2
  exit 1
fi
echo "every planted upward include was reported"
