#!/bin/sh
# Issue 19: `sweep P --set lr=… --set batch_size=…` queues the 2×2 grid in the project's queue,
# trains its 4 runs one after another, each in its own folder with its own settings and its
# sweep in run.json, prints one JSON line per run and writes the comparison as CSV. A setting
# that cannot be swept is refused by name.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$(dirname "$0")/write_noise_csv_dataset.py" "$work" 200 1 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
"$cli" sweep "$work/p.convstudio" --set learning_rate=0.1 > /dev/null 2> "$work/bad.txt"
test $? -eq 2 || { echo "an unknown setting was not refused"; exit 1; }
grep -q "learning_rate: cannot be swept" "$work/bad.txt" || { cat "$work/bad.txt"; exit 1; }
"$cli" sweep "$work/p.convstudio" --set lr=0.01,0.003 --set batch_size=8,16 --max-steps 3 \
  --device cpu --csv "$work/comparison.csv" > "$work/out.txt" 2> "$work/err.txt" \
  || { cat "$work/err.txt"; exit 1; }
cat "$work/err.txt"
python3 - "$work" <<'PY'
import csv, json, os, sys
work = sys.argv[1]
lines = [json.loads(l) for l in open(os.path.join(work, "out.txt")) if l.startswith("{")]
assert len(lines) == 4, lines
expected = {"lr=0.01, batch_size=8": (0.01, 8), "lr=0.01, batch_size=16": (0.01, 16),
            "lr=0.003, batch_size=8": (0.003, 8), "lr=0.003, batch_size=16": (0.003, 16)}
assert sorted(l["label"] for l in lines) == sorted(expected), lines
assert all(l["state"] == "finished" and l["steps"] == 3 for l in lines), lines
assert len({l["sweep"] for l in lines}) == 1 and lines[0]["sweep"], lines
assert len({l["run_folder"] for l in lines}) == 4, lines
for l in lines:
    run = json.load(open(os.path.join(l["run_folder"], "run.json")))
    lr, batch = expected[l["label"]]
    assert run["project"]["training"]["lr"] == lr, run["project"]["training"]
    assert run["project"]["training"]["batch_size"] == batch, run["project"]["training"]
    assert run["queue"]["sweep"] == l["sweep"] and run["queue"]["label"] == l["label"], run
    assert run["state"] == "finished" and run["graph_version"], run
queue = json.load(open(os.path.join(work, "p.convstudio.runs", "queue.json")))
assert [r["state"] for r in queue["runs"]] == ["finished"] * 4, queue
rows = list(csv.DictReader(open(os.path.join(work, "comparison.csv"), newline="")))
assert len(rows) == 4, rows
assert {"lr", "batch_size"} <= set(rows[0]) and "epochs" not in rows[0], rows[0].keys()
assert sorted((float(r["lr"]), int(r["batch_size"])) for r in rows) == sorted(expected.values())
PY
