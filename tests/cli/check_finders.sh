#!/bin/sh
# The finders from the command line on a small image set: `find-lr` prints the curve and a
# suggestion in its JSON line and, with --apply, writes it into the project; `find-batch-size`
# stays within the memory budget it is given and --apply writes the batch; `train` reports
# achieved FLOP/s and utilisation in its summary; bad input exits 2 with the setting named.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work/img"
export XDG_CACHE_HOME="$work/cache"
python3 - "$work" <<'PY' || exit 1
import os, random, sys
work = sys.argv[1]
random.seed(5)
with open(os.path.join(work, "labels.csv"), "w") as labels:
    labels.write("path,label\n")
    for i in range(512):
        label = i % 2
        pixels = bytearray(random.getrandbits(6) for _ in range(784))
        for y in range(8, 20):  # the "bright" class has a bright square
            for x in range(8, 20):
                if label: pixels[y * 28 + x] = 250
        with open(os.path.join(work, "img", "%d.pgm" % i), "wb") as image:
            image.write(b"P5\n28 28\n255\n" + bytes(pixels))
        labels.write("img/%d.pgm,%s\n" % (i, "bright" if label else "dark"))
PY
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1

"$cli" find-lr "$work/p.convstudio" --steps 100 --apply > "$work/lr.txt" 2> "$work/lr.err" \
  || { cat "$work/lr.err"; exit 1; }
cat "$work/lr.err"
tail -n 1 "$work/lr.txt" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
assert r["suggested_lr"] is not None and r["suggested_lr"] > 0, r
assert 10 <= len(r["points"]) <= 100, len(r["points"])
lrs = [p["lr"] for p in r["points"]]
assert all(b > a for a, b in zip(lrs, lrs[1:])), "learning rates must grow"
assert r["device"] == "cpu" or r["device"].startswith("cuda"), r
# Issue 32, item 6: both of the fastai rules; --apply writes the steepest fall.
assert r["steepest_lr"] == r["suggested_lr"], r
assert r["valley_lr"] is None or r["valley_lr"] > 0, r
' || exit 1
grep -q "^steepest fall: .*--apply writes it" "$work/lr.err" || { cat "$work/lr.err"; exit 1; }
grep -q "^valley: " "$work/lr.err" || { cat "$work/lr.err"; exit 1; }
suggested=$(tail -n 1 "$work/lr.txt" | python3 -c 'import json,sys; print(json.load(sys.stdin)["suggested_lr"])')
python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
assert abs(p["training"]["lr"] - float(sys.argv[2])) <= 1e-12 * float(sys.argv[2]), p["training"]
' "$work/p.convstudio" "$suggested" || { echo "--apply did not write the learning rate"; exit 1; }

"$cli" find-batch-size "$work/p.convstudio" --device cpu --memory-budget 200M --max-batch 512 \
  --timed-steps 1 --apply largest > "$work/batch.txt" 2> "$work/batch.err" \
  || { cat "$work/batch.err"; exit 1; }
cat "$work/batch.err"
tail -n 1 "$work/batch.txt" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
assert r["capacity_bytes"] == 200 << 20, r
assert r["limit_bytes"] == int((200 << 20) * 0.9), r
assert r["largest_batch"] >= 8, r
for t in r["trials"]:
    if t["fits"]:
        assert t["peak_bytes"] <= r["limit_bytes"], t
        assert t["batch_size"] <= r["largest_batch"], t
' || exit 1
largest=$(tail -n 1 "$work/batch.txt" | python3 -c 'import json,sys; print(json.load(sys.stdin)["largest_batch"])')
python3 -c '
import json, sys
assert json.load(open(sys.argv[1]))["training"]["batch_size"] == int(sys.argv[2])
' "$work/p.convstudio" "$largest" || { echo "--apply did not write the batch size"; exit 1; }

# Issue 32, item 6: a search that reaches --max-batch says so instead of "largest that fits".
"$cli" find-batch-size "$work/p.convstudio" --device cpu --memory-budget 200M --max-batch 16 \
  --timed-steps 1 > "$work/capped.txt" 2> "$work/capped.err" || { cat "$work/capped.err"; exit 1; }
grep -q "16 fits (the finder's upper limit" "$work/capped.err" || { cat "$work/capped.err"; exit 1; }
grep -q "largest batch that fits" "$work/capped.err" && { cat "$work/capped.err"; exit 1; }
tail -n 1 "$work/capped.txt" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
assert r["largest_batch"] == 16 and r["reached_limit"] is True, r
' || exit 1

"$cli" train "$work/p.convstudio" --max-steps 20 --batch-size 32 --out "$work/run" \
  > "$work/train.txt" 2> "$work/train.err" || { cat "$work/train.err"; exit 1; }
tail -n 1 "$work/train.txt" | python3 -c '
import json, sys
s = json.loads(sys.stdin.read())
assert s["macs_per_sample"] > 0, s
# Every block of this network trains: 6 FLOPs per MAC less the input gradient of the first layer.
assert 4 * s["macs_per_sample"] < s["flops_per_sample"] < 6 * s["macs_per_sample"], s
assert abs(s["achieved_flops"] - s["flops_per_sample"] * s["samples_per_second"]) \
    <= 1e-9 * s["achieved_flops"], s
assert s["peak_flops"] > 0, s
# Never above the peak: absent when the rate exceeded even a peak measured again.
if s["utilisation"] is not None:
    assert s["utilisation"] <= 1 and abs(s["utilisation"] - s["achieved_flops"] / s["peak_flops"]) < 1e-12, s
print("achieved %.3g FLOP/s, peak %.3g, utilisation %s" % (s["achieved_flops"], s["peak_flops"], s["utilisation"]))
' || exit 1

"$cli" find-lr "$work/p.convstudio" --steps 5 > /dev/null 2> "$work/bad.err"
test $? -eq 2 || { echo "bad --steps must exit 2"; exit 1; }
grep -q "lr_finder.steps" "$work/bad.err" || { cat "$work/bad.err"; exit 1; }
"$cli" find-batch-size "$work/p.convstudio" --memory-budget lots > /dev/null 2> "$work/bad.err"
test $? -eq 2 || { echo "bad --memory-budget must exit 2"; exit 1; }
grep -q "memory-budget" "$work/bad.err" || { cat "$work/bad.err"; exit 1; }
echo ok
