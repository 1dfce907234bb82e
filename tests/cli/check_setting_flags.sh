#!/bin/sh
# Issue 30: a `train` flag is refused exactly as the project file refuses the same value (same
# place and message, exit 2), and the rules the studio checks before Start (check_settings) hold
# for the CLI too: an error refuses the run, a warning is printed and the run goes on.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$cli" new --template lenet5 --out "$work/p.convstudio" > /dev/null || exit 1

# with_value KEY JSON FILE: the project with training.KEY (or dataset.KEY) set to JSON.
with_value() {
  python3 - "$work/p.convstudio" "$1" "$2" "$3" <<'PY'
import json, sys
project = json.load(open(sys.argv[1]))
section, key = sys.argv[2].split(".")
project[section][key] = json.loads(sys.argv[3])
json.dump(project, open(sys.argv[4], "w"), indent=2)
PY
}

fails=0
# FLAG VALUE SETTING JSON: `train --FLAG VALUE` against the project file holding JSON.
while read -r flag value setting json; do
  with_value "$setting" "$json" "$work/bad.convstudio" || exit 1
  "$cli" train "$work/bad.convstudio" --device cpu > /dev/null 2> "$work/file.txt"
  file_rc=$?
  "$cli" train "$work/p.convstudio" --device cpu "$flag" "$value" > /dev/null 2> "$work/flag.txt"
  flag_rc=$?
  # The file's line names the file first: "error: FILE: training.lr: 200 is outside 0..100".
  file_line=$(grep "^error: " "$work/file.txt" | head -n 1 | sed "s|^error: $work/bad.convstudio: |error: |")
  flag_line=$(grep "^error: " "$work/flag.txt" | head -n 1)
  if [ "$file_rc" -ne 2 ] || [ "$flag_rc" -ne 2 ] || [ -z "$flag_line" ] ||
     [ "$file_line" != "$flag_line" ]; then
    echo "$flag $value: file exit $file_rc, flag exit $flag_rc"
    echo "  file: $file_line"; echo "  flag: $flag_line"
    fails=1
  fi
done <<'CASES'
--lr 200 training.lr 200
--batch-size 0 training.batch_size 0
--accumulate 100000 training.accumulate 100000
--epochs 0 training.epochs 0
--max-steps -1 training.max_steps -1
--seed -5 training.seed -5
--amp fp9 training.amp "fp9"
--memory-format nhwc training.memory_format "nhwc"
--optimizer lion training.optimizer "lion"
--pretrained-lr-multiplier 50 training.pretrained_lr_multiplier 50
--fit zoom dataset.fit "zoom"
--sampler balanced training.sampler "balanced"
--mixup-alpha 11 training.mixup_alpha 11
--cutmix-probability 2 training.cutmix_probability 2
CASES
test $fails -eq 0 || exit 1
"$cli" train "$work/p.convstudio" --lr 200 > /dev/null 2> "$work/lr.txt"
grep -q "^error: training.lr: 200 is outside 0..100$" "$work/lr.txt" || { cat "$work/lr.txt"; exit 1; }
"$cli" train "$work/p.convstudio" --device gpu > /dev/null 2> "$work/device.txt"
test $? -eq 2 || { echo "--device gpu was not refused"; exit 1; }
grep -q "^error: training.device: 'gpu' is not one of auto, cpu, cuda, cuda:K$" "$work/device.txt" ||
  { cat "$work/device.txt"; exit 1; }

# The memory format: Auto says what it chose (lenet5's convolutions, 6 and 16 channels, stay NCHW
# in fp32); --channels-last stands for --memory-format channels_last, which needs no explanation;
# the two spellings together are refused.
"$cli" train "$work/p.convstudio" --device cpu --amp off --max-steps 1 --batch-size 8 \
  --out "$work/auto" > /dev/null 2> "$work/auto.txt" || { cat "$work/auto.txt"; exit 1; }
grep -q "memory format (auto): NCHW, most of the model's convolution work has fewer than 16" \
  "$work/auto.txt" || { cat "$work/auto.txt"; exit 1; }
"$cli" train "$work/p.convstudio" --device cpu --amp off --max-steps 1 --batch-size 8 \
  --channels-last --out "$work/nhwc" > /dev/null 2> "$work/nhwc.txt" ||
  { cat "$work/nhwc.txt"; exit 1; }
if grep -q "memory format" "$work/nhwc.txt"; then cat "$work/nhwc.txt"; exit 1; fi
"$cli" train "$work/p.convstudio" --channels-last --memory-format nchw > /dev/null 2> "$work/both.txt"
test $? -eq 2 || { echo "--channels-last with --memory-format was not refused"; exit 1; }
grep -q "excludes" "$work/both.txt" || { cat "$work/both.txt"; exit 1; }

# A rule the studio checked alone before: a learning rate of 0 refuses the run, in the file too.
with_value training.lr 0 "$work/zero.convstudio" || exit 1
"$cli" train "$work/zero.convstudio" --device cpu > /dev/null 2> "$work/zero.txt"
test $? -eq 2 || { echo "a learning rate of 0 was not refused"; cat "$work/zero.txt"; exit 1; }
grep -q "^error: training.lr: The learning rate must be above 0.$" "$work/zero.txt" ||
  { cat "$work/zero.txt"; exit 1; }

# And a warning: lenet5's 200 warm-up steps in a run of 4 are shortened; the run goes on.
"$cli" train "$work/p.convstudio" --device cpu --max-steps 4 --batch-size 8 --out "$work/run" \
  > /dev/null 2> "$work/warm.txt" || { cat "$work/warm.txt"; exit 1; }
grep -q "^warning: training.warmup_steps: The warm-up (200 steps) is longer than half the run (4 steps); training shortens it to 2 steps.$" \
  "$work/warm.txt" || { cat "$work/warm.txt"; exit 1; }
test -f "$work/run/last.ckpt/model.safetensors" || { echo "the warned run did not train"; exit 1; }
