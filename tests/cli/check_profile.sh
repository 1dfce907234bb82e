#!/bin/sh
# `profile` from the command line on a small image set: the table lists every block and the
# step's other parts, --json's rows sum to within 10% of the step, --trace writes a Chrome trace
# that the format check accepts (tests/interop/check_chrome_trace.py), bad input exits 2 with the
# setting named.
cli=$1; python=$2; checker=$3; work=$4
rm -rf "$work"; mkdir -p "$work/img"
export XDG_CACHE_HOME="$work/cache"
python3 - "$work" <<'PY' || exit 1
import os, random, sys
work = sys.argv[1]
random.seed(5)
with open(os.path.join(work, "labels.csv"), "w") as labels:
    labels.write("path,label\n")
    for i in range(64):
        label = i % 2
        pixels = bytearray(random.getrandbits(6) for _ in range(784))
        with open(os.path.join(work, "img", "%d.pgm" % i), "wb") as image:
            image.write(b"P5\n28 28\n255\n" + bytes(pixels))
        labels.write("img/%d.pgm,%s\n" % (i, "bright" if label else "dark"))
PY
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1

"$cli" profile "$work/p.convstudio" --steps 3 --warmup 1 --device cpu --batch-size 16 \
  > "$work/table.txt" 2> "$work/table.err" || { cat "$work/table.err"; exit 1; }
cat "$work/table.txt"
for row in "block  " "conv1" "(data loading)" "(loss)" "(optimizer step)" "(bookkeeping)" "step "; do
  grep -qF "$row" "$work/table.txt" || { echo "no row '$row' in the table"; exit 1; }
done

"$cli" profile "$work/p.convstudio" --steps 3 --warmup 1 --device cpu --batch-size 16 --json \
  --trace "$work/trace.json" > "$work/profile.json" 2> "$work/json.err" \
  || { cat "$work/json.err"; exit 1; }
python3 - "$work/profile.json" "$work/p.convstudio" <<'PY' || exit 1
import json, sys
r = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
project = json.load(open(sys.argv[2]))
assert r["device"] == "cpu" and r["precision"] == "fp32" and r["batch_size"] == 16, r
assert r["steps"] == 3, r
ids = {b["id"] for b in project["graph"]["blocks"]}
assert {b["block"] for b in r["blocks"]} == ids, (r["blocks"], ids)
assert abs(r["rows_ms"] - r["step_ms"]) <= 0.1 * r["step_ms"], r
assert [s["stage"] for s in r["stages"]] == ["data loading", "loss", "optimizer step",
                                             "bookkeeping"], r["stages"]
conv = [b for b in r["blocks"] if b["type"] == "Conv2d"]
assert conv and all(b["forward_ms"] > 0 and b["backward_ms"] > 0 for b in conv), conv
assert all(b["flops_per_second"] > 0 for b in conv), conv
# lenet5's ReLUs keep their outputs for backward (the convolutions' outputs are not kept).
relu = [b for b in r["blocks"] if b["type"] == "ReLU"]
assert all(b["kept_bytes"] > 0 for b in relu), relu
assert r["hottest"] in ids, r
assert r["peak_bytes"] > 0 and r["estimated_bytes"] > 0, r
PY
"$python" "$checker" "$work/trace.json" conv1 || exit 1

"$cli" profile "$work/p.convstudio" --steps 0 > /dev/null 2> "$work/bad.err"
code=$?
[ "$code" -eq 2 ] || { echo "--steps 0 exited $code, expected 2"; cat "$work/bad.err"; exit 1; }
grep -q "profile.steps" "$work/bad.err" || { cat "$work/bad.err"; exit 1; }
echo "profile ok"
