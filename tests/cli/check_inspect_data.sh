#!/bin/sh
# Issue 34, item 1: `inspect-data DATASET` counts each class in the training and validation
# splits as the folder holds them, reports the image sizes and the grey share, warns when the
# largest class outnumbers the smallest more than 10:1 (not at 10:1), and says the same in
# --json. Also checks that a run's run.json says where the run came from (item 4).
set -e
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"  # the file index goes here, not into the user's cache
image() {  # a grey image of noise, WIDTH×HEIGHT
  mkdir -p "$(dirname "$1")"
  { printf 'P5\n%s %s\n255\n' "$2" "$3"; head -c $(($2 * $3)) /dev/urandom; } > "$1"
}
images() {  # FOLDER COUNT WIDTH HEIGHT
  i=0; while [ $i -lt "$2" ]; do image "$1/$i.pgm" "$3" "$4"; i=$((i + 1)); done
}
images "$work/rare/train/good" 44 28 28
images "$work/rare/train/defect" 4 40 30
images "$work/rare/val/good" 3 28 28
images "$work/rare/val/defect" 3 28 28
images "$work/even/train/good" 40 28 28
images "$work/even/train/defect" 4 28 28
images "$work/even/val/good" 1 28 28
images "$work/even/val/defect" 1 28 28

"$cli" inspect-data "$work/rare" > "$work/rare.txt"
cat "$work/rare.txt"
grep -qx "validation: the images in $work/rare/val" "$work/rare.txt"
grep -Eq '^defect +4 +3$' "$work/rare.txt"
grep -Eq '^good +44 +3$' "$work/rare.txt"
grep -Eq '^total +48 +6$' "$work/rare.txt"
grep -q '^sizes: smallest 28×28, median 28×28, largest 40×30$' "$work/rare.txt"
grep -q '^grey: 54, colour: 0$' "$work/rare.txt"
grep -q '^warning: the classes are imbalanced: "good" has 44 training images, 11.0 times the 4 of "defect"' \
  "$work/rare.txt"
grep -q 'class_weights: balanced) or draw them equally with the balanced sampler' "$work/rare.txt"

"$cli" inspect-data "$work/rare" --json > "$work/rare.json"
python3 - "$work/rare.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert [(c["name"], c["train"], c["validation"]) for c in d["classes"]] == \
    [("defect", 4, 3), ("good", 44, 3)], d["classes"]
assert d["imbalance"]["largest"] == "good" and d["imbalance"]["ratio"] == 11.0, d["imbalance"]
assert d["sizes"]["grey"] == 54 and d["sizes"]["most_common"][0] == \
    {"width": 28, "height": 28, "images": 50}, d["sizes"]
PY

# A share held out with the seed instead of val/: every image is on one side or the other.
"$cli" inspect-data "$work/rare" --validation-fraction 0.25 --seed 7 > "$work/share.txt"
grep -q '^validation: 25% of the training images, held out at random with seed 7$' \
  "$work/share.txt"
grep -Eq '^total +36 +12$' "$work/share.txt"

"$cli" inspect-data "$work/even" > "$work/even.txt"
cat "$work/even.txt"
grep -Eq '^good +40 +1$' "$work/even.txt"
if grep -q warning "$work/even.txt"; then echo "10:1 must not be warned about"; exit 1; fi

# A missing folder is bad input: exit 2 with the place.
set +e
"$cli" inspect-data "$work/missing" > /dev/null 2> "$work/missing.txt"
status=$?
set -e
test $status -eq 2
grep -q "missing" "$work/missing.txt"

# Item 4: run.json says where the run came from.
"$cli" new --template lenet5 --dataset "$work/even" --out "$work/even.convstudio" > /dev/null
"$cli" train "$work/even.convstudio" --max-steps 1 --batch-size 4 --device cpu --out "$work/run" > /dev/null 2>&1
python3 - "$work/run/run.json" <<'PY'
import json, sys
origin = json.load(open(sys.argv[1]))["origin"]
for key in ("convstudio_version", "commit", "libtorch_version", "host", "cpu_model"):
    assert origin[key], key
assert origin["device"] == "cpu" and origin["cuda_version"] == "none", origin
assert len(origin["data_fingerprint"]) == 16, origin
PY
echo ok
