#!/bin/sh
# Utilisation figures (issue 32 item 2), run by hand: sh tests/bench/utilisation_figures.sh [CLI] [WORK].
# One process, two processes, a run with frozen convolutions, and a run whose cached peak is far
# too low (it must probe again): prints each summary's FLOP figures. No share may exceed 1.
cli=${1:-build/bin/convstudio-cli}; work=${2:-/tmp/convstudio-utilisation}
rm -rf "$work"; mkdir -p "$work/img"
export XDG_CACHE_HOME="$work/cache"
python3 - "$work" <<'PY'
import os, random, sys
work = sys.argv[1]; random.seed(5)
with open(os.path.join(work, "labels.csv"), "w") as labels:
    labels.write("path,label\n")
    for i in range(512):
        label = i % 2
        pixels = bytearray(random.getrandbits(6) for _ in range(784))
        for y in range(8, 20):
            for x in range(8, 20):
                if label: pixels[y * 28 + x] = 250
        with open(os.path.join(work, "img", "%d.pgm" % i), "wb") as image:
            image.write(b"P5\n28 28\n255\n" + bytes(pixels))
        labels.write("img/%d.pgm,%s\n" % (i, "bright" if label else "dark"))
PY
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" > /dev/null || exit 1
show() { tail -n 1 "$1" | python3 -c '
import json,sys; s=json.loads(sys.stdin.read())
print("  world_size=%s flops/sample=%s (6xMACs=%s) achieved=%.3g peak=%.3g utilisation=%s" % (s["world_size"], s["flops_per_sample"], 6*s["macs_per_sample"], s["achieved_flops"] or 0, s["peak_flops"] or 0, s["utilisation"]))'; }
echo "== one process"
"$cli" train "$work/p.convstudio" --max-steps 60 --batch-size 32 --out "$work/run1" > "$work/t1.txt" 2> "$work/t1.err" || { cat "$work/t1.err"; exit 1; }
show "$work/t1.txt"; grep -i "peak" "$work/t1.err" | head -3
echo "== two processes"
"$cli" train "$work/p.convstudio" --nproc-per-node 2 --device cpu --max-steps 60 --batch-size 32 --out "$work/run2" > "$work/t2.txt" 2> "$work/t2.err" || { tail "$work/t2.err"; exit 1; }
show "$work/t2.txt"
echo "== frozen first two blocks with weights"
python3 - "$work/p.convstudio" "$work/f.convstudio" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); n = 0
for b in p["graph"]["blocks"]:
    if b["type"] in ("Conv2d",) and n < 2: b["trainable"] = False; n += 1
json.dump(p, open(sys.argv[2], "w"))
PY
"$cli" train "$work/f.convstudio" --max-steps 60 --batch-size 32 --out "$work/run3" > "$work/t3.txt" 2> "$work/t3.err" || { cat "$work/t3.err"; exit 1; }
show "$work/t3.txt"
echo "== a cached peak far too low (1 GFLOP/s, as if probed on a busy machine)"
python3 - "$XDG_CACHE_HOME/convstudio/peak_flops.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
for dev in c:
    c[dev] = {"fp32": 1e9}
json.dump(c, open(sys.argv[1], "w"))
PY
"$cli" train "$work/p.convstudio" --max-steps 60 --batch-size 32 --out "$work/run4" > "$work/t4.txt" 2> "$work/t4.err" || { cat "$work/t4.err"; exit 1; }
show "$work/t4.txt"; grep -i "peak" "$work/t4.err" | head -3
cat "$XDG_CACHE_HOME/convstudio/peak_flops.json"
