#!/bin/sh
# Issue 30: `train --optimizer` takes the name of every registered optimizer
# (engine/src/optimizers/optimizers.def) and refuses another, listing them; each listed one
# trains a short run and its checkpoint holds that optimizer's state.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 48 5 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1

"$cli" train "$work/p.convstudio" --device cpu --optimizer lion > /dev/null 2> "$work/lion.txt"
test $? -eq 2 || { echo "--optimizer lion was not refused"; cat "$work/lion.txt"; exit 1; }
line=$(grep "^error: training.optimizer: 'lion' is not one of " "$work/lion.txt") ||
  { cat "$work/lion.txt"; exit 1; }
names=$(echo "$line" | sed "s/^.*is not one of //" | tr -d ',')
for name in sgd adam adamw rmsprop; do
  case " $names " in *" $name "*) ;; *) echo "$name is missing from: $line"; exit 1 ;; esac
done

for name in $names; do
  "$cli" train "$work/p.convstudio" --device cpu --optimizer "$name" --max-steps 2 \
    --batch-size 8 --out "$work/$name" > "$work/$name.txt" 2>&1 || { cat "$work/$name.txt"; exit 1; }
  python3 - "$work/$name/last.ckpt/optimizer.safetensors" "$name" <<'PY' || exit 1
import json, struct, sys
data = open(sys.argv[1], "rb").read()
size = struct.unpack("<Q", data[:8])[0]
meta = json.loads(json.loads(data[8:8 + size])["__metadata__"]["convstudio.optimizer"])
assert meta["kind"] == sys.argv[2], (sys.argv[2], meta["kind"])
PY
done
